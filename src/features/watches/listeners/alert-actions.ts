// The alert's buttons: Snooze 1 h, Snooze until tomorrow 09:00, Mute for… / Unmute, Acknowledge and
// Open stats. The alert redrawn by the service is the answer the channel sees; a click on a removed
// watch is thrown to the guard.
import type { App, BlockAction, ButtonAction, StaticSelectAction } from '@slack/bolt';
import type { UserTimeZone } from '../../../slack/user-time-zone.ts';
import type { VectorStatsService } from '../../vector-stats/index.ts';
import type { Control } from '../alert-clicks.ts';
import { ACTION } from '../ids.ts';
import type { WatchesService } from '../service.ts';

const CONTROLS: ReadonlyArray<[actionId: string, control: Control]> = [
  [ACTION.snoozeHour, 'snooze_hour'],
  [ACTION.snoozeMorning, 'snooze_morning'],
  [ACTION.unmute, 'unmute'],
];

export function registerAlertActions(
  { app, userTimeZone }: { app: App; userTimeZone: UserTimeZone },
  service: WatchesService,
  postStats: VectorStatsService['postStats'],
): void {
  for (const [actionId, control] of CONTROLS)
    app.action<BlockAction<ButtonAction>>(actionId, async ({ ack, body, action, client }) => {
      await ack();
      // The alert redrawn by the service ("snoozed by …") is the answer the channel sees.
      await service.control(Number(action.value), control, body.user.id, () =>
        userTimeZone(client, body.user.id, 1_500),
      );
    });

  // Mute is a menu of durations (`<watch>:<ms>`); alerts posted before it was one have a button whose
  // value is the watch alone, which mutes for the longest the policy allows.
  app.action<BlockAction<ButtonAction | StaticSelectAction>>(
    ACTION.mute,
    async ({ ack, body, action, client }) => {
      await ack();
      const value = (action.type === 'static_select' ? action.selected_option.value : action.value) ?? '';
      const [watchId = '', forMs] = value.split(':');
      await service.control(
        Number(watchId),
        'mute',
        body.user.id,
        () => userTimeZone(client, body.user.id, 1_500),
        forMs === undefined ? undefined : Number(forMs) || undefined,
      );
    },
  );

  app.action<BlockAction<ButtonAction>>(ACTION.acknowledge, async ({ ack, body, action }) => {
    await ack();
    // The alert redrawn in place ("Acknowledged by …") is the answer; a second person is told who has it.
    const clicked =
      body.channel?.id !== undefined && body.message?.ts !== undefined
        ? { channel: body.channel.id, ts: body.message.ts }
        : undefined;
    const name = body.user.username ?? body.user.name ?? body.user.id;
    await service.acknowledge(Number(action.value), body.user.id, name, clicked);
  });

  app.action<BlockAction<ButtonAction>>(ACTION.openStats, async ({ ack, body, action }) => {
    await ack();
    const watch = await service.forStats(Number(action.value));
    // In the alert's thread; the clicked message is the alert when the watch's own record has none.
    const channel = watch.state.alert?.channel ?? body.channel?.id ?? watch.channelId;
    const threadTs = watch.state.alert?.ts ?? body.message?.ts;
    await postStats(
      { indexId: watch.indexId, period: '1h' },
      { userId: body.user.id, channel, ...(threadTs === undefined ? {} : { threadTs }) },
    );
  });
}
