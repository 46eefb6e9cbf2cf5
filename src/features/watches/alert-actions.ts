// The alert's buttons: Snooze 1 h, Snooze until tomorrow 09:00, Mute / Unmute, Open stats. Each
// acks, asks the service, and lets a failure reach the guard, which answers the person who clicked.
import type { BlockAction, ButtonAction } from '@slack/bolt';
import type { FeatureContext } from '../../feature-context.ts';
import { userTimeZone } from '../../slack/user-time-zone.ts';
import type { VectorStatsPort } from '../vector-stats/index.ts';
import { WATCH_ACTION } from './ids.ts';
import type { Control, WatchesService } from './service.ts';

const CONTROLS: ReadonlyArray<[actionId: string, control: Control]> = [
  [WATCH_ACTION.snoozeHour, 'snooze_hour'],
  [WATCH_ACTION.snoozeMorning, 'snooze_morning'],
  [WATCH_ACTION.mute, 'mute'],
  [WATCH_ACTION.unmute, 'unmute'],
];

export function registerAlertActions(
  context: FeatureContext,
  service: WatchesService,
  postStats: VectorStatsPort['postStats'],
): void {
  const { app } = context;
  for (const [actionId, control] of CONTROLS)
    app.action<BlockAction<ButtonAction>>(actionId, async ({ ack, body, action, client }) => {
      await ack();
      // The alert redrawn by the service ("snoozed by …") is the answer the channel sees.
      await service.control(Number(action.value), control, body.user.id, () =>
        userTimeZone(client, body.user.id, 1_500),
      );
    });

  app.action<BlockAction<ButtonAction>>(WATCH_ACTION.openStats, async ({ ack, body, action, client }) => {
    await ack();
    const watch = await service.forStats(Number(action.value));
    // In the alert's thread; the clicked message is the alert when the watch's own record has none.
    const channel = watch.state.alert?.channel ?? body.channel?.id ?? watch.channelId;
    const threadTs = watch.state.alert?.ts ?? body.message?.ts;
    await postStats(
      { indexId: watch.indexId, period: '1h' },
      {
        client,
        userId: body.user.id,
        channel,
        ...(threadTs === undefined ? {} : { threadTs }),
        reply: (message) => client.chat.postEphemeral({ channel, user: body.user.id, ...message }),
      },
    );
  });
}
