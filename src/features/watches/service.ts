// What the watches feature does, Slack-free: set up, change, silence and remove watches, and say
// which are firing. A click or a submission on a watch that no longer exists ends in TargetGone,
// with the sentence the person sees; the alert in the channel is reached through the WatchSlack port.
import type { Clock } from '../../clock.ts';
import { errField, TargetGone, UserFacingError } from '../../errors.ts';
import type { Logger } from '../../log.ts';
import type {
  Store,
  Watch,
  WatchControlEntry,
  WatchControls,
  WatchDefinition,
  WatchIncident,
  WatchNotify,
} from '../../store/index.ts';
import { instantOfLocal, localDateOf } from '../../time/zones.ts';
import { acknowledger } from './acknowledge.ts';
import type { WatchSlack } from './checker.ts';
import { INITIAL_STATE, NO_CONTROLS } from './evaluate.ts';
import type { WatchSpec } from './input.ts';
import { channelTimeZone } from './slack.ts';
import type { ShownWatch } from './views.ts';
import { metricByKey } from './watchable.ts';

/** A watch that needs attention, as the Home tab lists it. */
export type FiringWatch = {
  watchId: number;
  indexId: string;
  /** The metric's label, e.g. "p99 query latency". */
  metric: string;
  channelId: string;
  /** Who set the watch up. */
  createdBy: string;
  /** When the incident started. */
  since: number;
  /** The alert message, for a link to it. */
  alert: { channel: string; ts: string } | undefined;
  snoozedUntil: number | undefined;
  muted: boolean;
  /** Who acknowledged the open incident (a user id), if anyone has. */
  acknowledgedBy?: string | undefined;
};

/** Who a watch calls and how often it reminds; what is omitted stays as it is (or the default). */
export type Owners = { notify?: WatchNotify; remindEveryMs?: number | null };

/** What the alert's buttons do to a watch's controls. */
export type Control = 'snooze_hour' | 'snooze_morning' | 'mute' | 'unmute';

const VERB: Record<Control, WatchControlEntry['action']> = {
  snooze_hour: 'snooze',
  snooze_morning: 'snooze',
  mute: 'mute',
  unmute: 'unmute',
};

const HOUR = 3_600_000;
/** The audit of who silenced a watch travels with its controls: the last clicks, this many. */
const HISTORY_KEPT = 50;

export type WatchesServiceDeps = {
  store: Store;
  clock: Clock;
  logger: Logger;
  slack: WatchSlack;
  /** The slash command as the workspace names it, for the hints in sentences. */
  commandName(): string;
  /** The watch with its index's name, for the messages that show it. */
  shown(watch: Watch): Promise<ShownWatch>;
};

export type WatchesService = ReturnType<typeof createWatchesService>;

export function createWatchesService(deps: WatchesServiceDeps) {
  const { store, clock, logger, slack } = deps;

  /** The watch `id`, or TargetGone with `gone`, the sentence the person who clicked sees. */
  async function existing(id: number, gone: string): Promise<Watch> {
    const watch = Number.isInteger(id) ? await store.getWatch(id) : undefined;
    if (watch === undefined) throw new TargetGone(gone);
    return watch;
  }
  const nothingTo = (verb: string) => `That watch was removed, so there is nothing to ${verb}.`;

  /** An open alert's message is told of a change; the change itself is saved already, so a failure is only logged. */
  async function tellAlert(watch: Watch, show: (ref: NonNullable<Watch['state']['alert']>) => Promise<void>) {
    const alert = watch.state.status === 'firing' ? watch.state.alert : null;
    if (alert === null) return;
    await show(alert).catch((error: unknown) =>
      logger.warn(
        { event: 'watch_alert_not_updated', watchId: watch.id, err: errField(error) },
        'the open alert was not updated',
      ),
    );
  }

  return {
    async create(
      spec: WatchSpec,
      channelId: string,
      userId: string,
      note: string | null,
      owners: Owners = {},
    ): Promise<Watch> {
      const now = clock();
      const watch = await store.createWatch({
        ...definitionOf(spec, channelId, note, owners),
        createdBy: userId,
        createdAt: now,
        state: INITIAL_STATE,
        controls: NO_CONTROLS,
        nextCheckAt: now,
      });
      logger.info(
        { event: 'watch_created', watchId: watch.id, channel: channelId, user: userId, metric: watch.metric },
        'watch created',
      );
      return deps.shown(watch);
    },

    /** The form saved over an existing watch: a new rule starts a new state; an open alert says so. */
    async edit(
      id: number,
      spec: WatchSpec,
      channelId: string,
      userId: string,
      note: string | null,
      owners: Owners = {},
    ): Promise<Watch> {
      const before = await store.getWatch(id);
      const watch =
        before === undefined
          ? undefined
          : await store.updateWatch(id, definitionOf(spec, channelId, note, owners), INITIAL_STATE, clock());
      if (before === undefined || watch === undefined)
        throw new TargetGone(
          // Plain text: the sentence shows in the form, where Slack doesn't render mrkdwn.
          `That watch was removed meanwhile, so there is nothing to save. Close the form and set it up again with ${deps.commandName()} watch.`,
        );
      // The open incident ends with the rule it belonged to.
      if (before.state.status === 'firing' && before.state.incidentId != null)
        await store.resolveIncident(before.state.incidentId, clock());
      await tellAlert(before, (ref) => slack.showChanged(watch, ref, userId));
      logger.info({ event: 'watch_edited', watchId: id, user: userId, metric: watch.metric }, 'watch edited');
      return deps.shown(watch);
    },

    /** The watch the Edit button fills the form with. */
    forEdit: (id: number) => existing(id, nothingTo('edit')),

    /** The watch whose alert's Open stats was clicked. */
    forStats: (id: number) =>
      existing(id, 'That watch was removed, so its alert has no stats to open any more.'),

    async list(channelId: string): Promise<{
      watches: ShownWatch[];
      timeZone: string;
      lastIncidents: Map<number, WatchIncident>;
    }> {
      const watches = await store.listWatches(channelId);
      const incidents = await store.lastIncidents(channelId);
      return {
        watches: await Promise.all(watches.map(deps.shown)),
        timeZone: await channelTimeZone(store, channelId),
        lastIncidents: new Map(incidents.map((i) => [i.watchId, i])),
      };
    },

    acknowledge: acknowledger(deps),

    /** `watch remove <n>`: only a watch of the channel it is typed in. */
    async remove(args: readonly string[], channelId: string, userId: string): Promise<Watch> {
      const id = Number(args[0]);
      const watch = Number.isInteger(id) && args.length === 1 ? await store.getWatch(id) : undefined;
      if (watch === undefined || watch.channelId !== channelId)
        throw new UserFacingError(
          `There is no watch ${args.join(' ') || '(no number given)'} in this channel. \`${deps.commandName()} watch list\` shows their numbers.`,
        );
      const removed = await store.deleteWatch(id);
      if (removed === undefined)
        throw new TargetGone(`Watch #${id} was removed meanwhile, so there is nothing left to remove.`);
      await tellAlert(removed, (ref) => slack.showRemoved(removed, ref, userId));
      logger.info({ event: 'watch_removed', watchId: id, user: userId }, 'watch removed');
      return deps.shown(removed);
    },

    /**
     * A click on the alert's Snooze, Mute or Unmute: writes the watch's controls (never its state),
     * logs who and until when, and redraws the alert so the channel sees who silenced it.
     * `userZone`: the clicking person's time zone, for "tomorrow 09:00" in a channel without one.
     */
    async control(
      id: number,
      control: Control,
      userId: string,
      userZone: () => Promise<string | undefined>,
    ): Promise<Watch> {
      const watch = await existing(id, nothingTo(VERB[control]));
      const now = clock();
      const changed = await controlsAfter(watch, control, userId, now, userZone);
      const entry: WatchControlEntry = {
        action: VERB[control],
        by: userId,
        at: now,
        until: VERB[control] === 'snooze' ? changed.snoozedUntil : null,
      };
      const controls: WatchControls = {
        ...changed,
        history: [...(watch.controls.history ?? []), entry].slice(-HISTORY_KEPT),
      };
      if (!(await store.setWatchControls(watch.id, controls))) throw new TargetGone(nothingTo(VERB[control]));
      logger.info(
        { event: `watch_${VERB[control]}d`, watchId: watch.id, user: userId, until: controls.snoozedUntil },
        `watch ${VERB[control]}d`,
      );
      const updated = { ...watch, controls };
      if (updated.state.alert !== null && updated.state.status === 'firing')
        await slack.showAlert(updated, updated.state.alert, await openIncident(updated));
      return updated;
    },

    /** Firing watches (snoozed and muted ones included), for the Home tab. */
    async firing(): Promise<FiringWatch[]> {
      const all = await store.listWatches();
      const firing = all.filter((w) => w.state.status === 'firing');
      const incidents =
        firing.length === 0 ? new Map() : new Map((await store.lastIncidents()).map((i) => [i.id, i]));
      return firing.map((w) => ({
        watchId: w.id,
        indexId: w.indexId,
        metric: metricByKey(w.metric)?.label ?? w.metric,
        channelId: w.channelId,
        createdBy: w.createdBy,
        since: w.state.incidentSince ?? w.state.lastCheckedAt ?? w.createdAt,
        alert: w.state.alert ?? undefined,
        snoozedUntil: w.controls.snoozedUntil ?? undefined,
        muted: w.controls.mutedBy !== null,
        acknowledgedBy:
          w.state.incidentId == null
            ? undefined
            : (incidents.get(w.state.incidentId)?.acknowledgedBy ?? undefined),
      }));
    },
  };

  async function openIncident(watch: Watch): Promise<WatchIncident | undefined> {
    const id = watch.state.incidentId;
    return id == null ? undefined : store.getIncident(id);
  }

  async function controlsAfter(
    watch: Watch,
    control: Control,
    userId: string,
    now: number,
    userZone: () => Promise<string | undefined>,
  ): Promise<Omit<WatchControls, 'history'>> {
    switch (control) {
      case 'snooze_hour':
        return { ...watch.controls, snoozedUntil: now + HOUR, snoozedBy: userId };
      case 'snooze_morning': {
        // Tomorrow 09:00 on the channel's clock (its digest's zone), else the clicking person's.
        const subscription = await store.getSubscription(watch.channelId).catch(() => undefined);
        const zone = subscription?.timeZone ?? (await userZone()) ?? 'UTC';
        const [y, m, d] = localDateOf(now + 24 * HOUR, zone)
          .split('-')
          .map(Number) as [number, number, number];
        const until = instantOfLocal({ year: y, month: m, day: d }, 9, 0, zone);
        return { ...watch.controls, snoozedUntil: until, snoozedBy: userId };
      }
      case 'mute':
        return { ...watch.controls, mutedBy: userId, mutedAt: now };
      case 'unmute':
        return { ...watch.controls, mutedBy: null, mutedAt: null };
    }
  }
}

/** What the form (or the text form) sets of a watch. */
function definitionOf(
  spec: WatchSpec,
  channelId: string,
  note: string | null,
  owners: Owners,
): WatchDefinition {
  return {
    ...owners,
    channelId,
    indexId: spec.indexId,
    metric: spec.metric.key,
    direction: spec.direction,
    threshold: spec.threshold,
    forChecks: spec.forChecks,
    note,
  };
}
