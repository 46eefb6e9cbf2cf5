// `/ops watch` (the form, or the rule typed as text), `watch list`, `watch remove`, the form's
// Edit button and submission, and the alert's buttons: ack, read the payload, ask the service, show
// the answer. A failure (the store not answering, a watch removed meanwhile) is thrown to the
// guard, which tells the person in one sentence where they are looking.
import type { BlockAction, ButtonAction } from '@slack/bolt';
import type { FeatureContext } from '../../feature-context.ts';
import { userTimeZone } from '../../slack/user-time-zone.ts';
import type { IndexNamesPort } from '../index-names/index.ts';
import type { VectorStatsPort } from '../vector-stats/index.ts';
import { WATCH_ACTION, WATCH_BLOCK, WATCH_CALLBACK } from './ids.ts';
import { parseWatchArgs, readSpec, type WatchSpec } from './input.ts';
import { readMetadata, watchModal } from './modal-view.ts';
import { splitOwners } from './owners.ts';
import { confirmation, openWatchForm, readOwners } from './owners-listen.ts';
import type { Control, WatchesService } from './service.ts';
import { listMessage, ruleText } from './views.ts';

/** The form field each of the spec's fields is typed in, for an error shown under it. */
const FIELD_BLOCK: Record<keyof WatchSpec, string> = {
  indexId: WATCH_BLOCK.index,
  metric: WATCH_BLOCK.metric,
  direction: WATCH_BLOCK.direction,
  threshold: WATCH_BLOCK.threshold,
  forChecks: WATCH_BLOCK.forChecks,
};

export function registerWatchListeners(
  context: FeatureContext,
  service: WatchesService,
  indexes: IndexNamesPort,
): void {
  const { app } = context;
  // The form's index field is a type-ahead over the indexes opsbot knows.
  indexes.offerIn({ blockId: WATCH_BLOCK.index, actionId: WATCH_BLOCK.index });
  const intervalMinutes = Math.round(context.config.watches.intervalMs / 60_000) || 1;

  context.router.register({
    words: ['watch'],
    usage: '[<index> <metric> >|< <threshold> [for N] [notify @people @group] [remind 20m|2h|never]]',
    example: 'watch catalog monthly_cost > $50',
    description:
      'tell this channel when an index crosses a line, and when it is back (no arguments: a form); also `watch idx-1 p99-query-latency > 250 for 3 notify @search-oncall remind 20m`, `watch idx-1 pending_index_count > 10000`. The alert calls whoever `notify` names (pick them with @), has *Acknowledge*, and is re-posted in its thread every `remind` interval (30m unless set) until someone acknowledges it',
    async handle({ ack, args, command, client }) {
      if (args.length === 0) {
        await ack();
        await openWatchForm(client, command.trigger_id, watchModal(command.channel_id), command.command);
        return;
      }
      const owners = splitOwners(args, command.command);
      if (!owners.ok) {
        await ack({ response_type: 'ephemeral', text: `:warning: ${owners.problem}` });
        return;
      }
      const parsed = parseWatchArgs(owners.rule, command.command);
      if (!parsed.ok) {
        await ack({ response_type: 'ephemeral', text: `:warning: ${parsed.problem}` });
        return;
      }
      // A name (or an id) to the id; an unknown name is refused with the known ones, by the guard.
      const spec = { ...parsed.spec, indexId: await indexes.resolve(parsed.spec.indexId) };
      // One row written well inside Slack's 3 s, so the answer is the acknowledgement itself and
      // the watch exists by the time anyone sees it.
      const watch = await service.create(spec, command.channel_id, command.user_id, null, owners);
      await ack({
        response_type: 'ephemeral',
        text: `:eyes: Watch #${watch.id} set: ${ruleText(watch)}. Checked every ${intervalMinutes} min; alerts go to this channel${confirmation(watch)}.`,
      });
    },
  });

  context.router.register({
    words: ['watch', 'list'],
    example: 'watch list',
    description: 'this channel’s watches and how each stands (ok, firing, snoozed, no data)',
    async handle({ ack, command, client }) {
      await ack();
      const { watches, timeZone, lastIncidents } = await service.list(command.channel_id);
      const message = listMessage(
        command.command,
        command.channel_id,
        watches,
        context.clock(),
        timeZone,
        lastIncidents,
      );
      await client.chat.postEphemeral({ channel: command.channel_id, user: command.user_id, ...message });
    },
  });

  context.router.register({
    words: ['watch', 'remove'],
    usage: '<n>',
    example: 'watch remove 3',
    description: 'stop a watch (its number is in `watch list`)',
    async handle({ ack, args, command }) {
      const removed = await service.remove(args, command.channel_id, command.user_id);
      await ack({
        response_type: 'ephemeral',
        text: `:wastebasket: Watch #${removed.id} removed (${ruleText(removed)}).`,
      });
    },
  });

  app.action<BlockAction<ButtonAction>>(WATCH_ACTION.edit, async ({ ack, body, action, client }) => {
    await ack();
    const watch = await service.forEdit(Number(action.value));
    await openWatchForm(
      client,
      body.trigger_id,
      watchModal(watch.channelId, watch, await indexes.optionOf(watch.indexId)),
      context.commandName(),
      watch,
    );
  });

  app.view(WATCH_CALLBACK, async ({ ack, body, view }) => {
    const v = view.state.values;
    const read = readSpec({
      indexId: v[WATCH_BLOCK.index]?.[WATCH_BLOCK.index]?.selected_option?.value,
      metric: v[WATCH_BLOCK.metric]?.[WATCH_BLOCK.metric]?.selected_option?.value,
      direction: v[WATCH_BLOCK.direction]?.[WATCH_BLOCK.direction]?.selected_option?.value,
      threshold: v[WATCH_BLOCK.threshold]?.[WATCH_BLOCK.threshold]?.value ?? undefined,
      forChecks: v[WATCH_BLOCK.forChecks]?.[WATCH_BLOCK.forChecks]?.value ?? undefined,
    });
    if (!read.ok) {
      await ack({
        response_action: 'errors',
        errors: { [FIELD_BLOCK[read.field]]: read.problem.replaceAll('`', '') },
      });
      return;
    }
    const metadata = readMetadata(view.private_metadata);
    const channelId =
      v[WATCH_BLOCK.channel]?.[WATCH_BLOCK.channel]?.selected_conversation ?? metadata?.channelId;
    if (channelId === undefined || channelId === '') {
      await ack({
        response_action: 'errors',
        errors: { [WATCH_BLOCK.channel]: 'Pick the channel for the alerts.' },
      });
      return;
    }
    const owners = await readOwners(v, async () =>
      // A watch removed meanwhile is answered by the edit itself, with how to set it up again.
      metadata?.watchId === undefined
        ? []
        : ((await service.forEdit(metadata.watchId).catch(() => undefined))?.notify.groups ?? []),
    );
    if (!owners.ok) {
      await ack({ response_action: 'errors', errors: { [WATCH_BLOCK.remind]: owners.problem } });
      return;
    }
    const note = v[WATCH_BLOCK.note]?.[WATCH_BLOCK.note]?.value?.trim() || null;
    const watch =
      metadata?.watchId === undefined
        ? await service.create(read.spec, channelId, body.user.id, note, owners.owners)
        : await service.edit(metadata.watchId, read.spec, channelId, body.user.id, note, owners.owners);
    await ack();
    await app.client.chat.postEphemeral({
      channel: channelId,
      user: body.user.id,
      text: `:eyes: Watch #${watch.id} set: ${ruleText(watch)}. Alerts go to this channel${confirmation(watch)}.`,
    });
  });
}

const CONTROLS: ReadonlyArray<[actionId: string, control: Control]> = [
  [WATCH_ACTION.snoozeHour, 'snooze_hour'],
  [WATCH_ACTION.snoozeMorning, 'snooze_morning'],
  [WATCH_ACTION.mute, 'mute'],
  [WATCH_ACTION.unmute, 'unmute'],
];

/** The alert's buttons: Snooze 1 h, Snooze until tomorrow 09:00, Mute / Unmute, Open stats. */
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

  app.action<BlockAction<ButtonAction>>(WATCH_ACTION.acknowledge, async ({ ack, body, action }) => {
    await ack();
    // The alert redrawn in place ("Acknowledged by …") is the answer; a second person is told who has it.
    const clicked =
      body.channel?.id !== undefined && body.message?.ts !== undefined
        ? { channel: body.channel.id, ts: body.message.ts }
        : undefined;
    const name = body.user.username ?? body.user.name ?? body.user.id;
    await service.acknowledge(Number(action.value), body.user.id, name, clicked);
  });

  app.action<BlockAction<ButtonAction>>(WATCH_ACTION.openStats, async ({ ack, body, action }) => {
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
