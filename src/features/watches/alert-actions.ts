// The alert's buttons: Snooze 1 h, Snooze until tomorrow 09:00, Mute / Unmute, Open stats. Clicks
// write the watch's controls (never its state), are logged with who and until when, and redraw the
// alert so the channel sees who silenced it.
import type { BlockAction, ButtonAction } from '@slack/bolt';
import type { FeatureContext } from '../../feature-context.ts';
import type { Logger } from '../../log.ts';
import { userTimeZone } from '../../slack/user-time-zone.ts';
import type { Watch, WatchControlEntry, WatchControls } from '../../store/index.ts';
import { instantOfLocal, localDateOf } from '../../time/zones.ts';
import type { StatsPoster } from '../vector-stats/listeners.ts';
import type { WatchSlack } from './checker.ts';
import { WATCH_ACTION } from './views.ts';

const HOUR = 3_600_000;

export function registerAlertActions(
  context: FeatureContext,
  deps: { slack: WatchSlack; postStats: StatsPoster; logger: Logger },
): void {
  const { app, store, clock } = context;
  const { slack, logger } = deps;

  const control =
    (
      change: (watch: Watch, userId: string, now: number) => Promise<Omit<WatchControls, 'history'>>,
      event: 'watch_snoozed' | 'watch_muted' | 'watch_unmuted',
    ) =>
    async ({ ack, body, action }: { ack: () => Promise<void>; body: BlockAction; action: ButtonAction }) => {
      await ack();
      const watch = await store.getWatch(Number(action.value));
      if (watch === undefined) return;
      const now = clock();
      const changed = await change(watch, body.user.id, now);
      const kind = event === 'watch_snoozed' ? 'snooze' : event === 'watch_muted' ? 'mute' : 'unmute';
      const entry: WatchControlEntry = {
        action: kind,
        by: body.user.id,
        at: now,
        until: kind === 'snooze' ? changed.snoozedUntil : null,
      };
      // The audit of who silenced the watch travels with its controls: the last 50 clicks.
      const controls: WatchControls = {
        ...changed,
        history: [...(watch.controls.history ?? []), entry].slice(-50),
      };
      if (!(await store.setWatchControls(watch.id, controls))) return;
      logger.info(
        { event, watchId: watch.id, user: body.user.id, until: controls.snoozedUntil },
        event.replace('_', ' '),
      );
      const updated = { ...watch, controls };
      if (updated.state.alert !== null && updated.state.status === 'firing')
        await slack.showAlert(updated, updated.state.alert);
    };

  app.action<BlockAction<ButtonAction>>(
    WATCH_ACTION.snoozeHour,
    control(
      async (w, user, now) => ({ ...w.controls, snoozedUntil: now + HOUR, snoozedBy: user }),
      'watch_snoozed',
    ),
  );
  app.action<BlockAction<ButtonAction>>(
    WATCH_ACTION.snoozeMorning,
    control(async (w, user, now) => {
      // Tomorrow 09:00 on the channel's clock (its digest's zone), else the clicking person's.
      const subscription = await store.getSubscription(w.channelId).catch(() => undefined);
      const zone = subscription?.timeZone ?? (await userTimeZone(app.client, user, 1_500)) ?? 'UTC';
      const [y, m, d] = localDateOf(now + 24 * HOUR, zone)
        .split('-')
        .map(Number) as [number, number, number];
      return {
        ...w.controls,
        snoozedUntil: instantOfLocal({ year: y, month: m, day: d }, 9, 0, zone),
        snoozedBy: user,
      };
    }, 'watch_snoozed'),
  );
  app.action<BlockAction<ButtonAction>>(
    WATCH_ACTION.mute,
    control(async (w, user, now) => ({ ...w.controls, mutedBy: user, mutedAt: now }), 'watch_muted'),
  );
  app.action<BlockAction<ButtonAction>>(
    WATCH_ACTION.unmute,
    control(async (w) => ({ ...w.controls, mutedBy: null, mutedAt: null }), 'watch_unmuted'),
  );
  app.action<BlockAction<ButtonAction>>(WATCH_ACTION.openStats, async ({ ack, body, action, client }) => {
    await ack();
    const watch = await store.getWatch(Number(action.value));
    if (watch?.state.alert == null) return;
    await deps.postStats(
      { indexId: watch.indexId, period: '1h' },
      {
        client,
        userId: body.user.id,
        channel: watch.state.alert.channel,
        threadTs: watch.state.alert.ts,
        reply: (message) =>
          client.chat.postEphemeral({ channel: watch.channelId, user: body.user.id, ...message }),
      },
    );
  });
}
