// The only watches code that touches Bolt: `/ops watch` (modal or text), `watch list|remove`, the
// alert's buttons, and the check loop's timer.
import { randomUUID } from 'node:crypto';
import type { App, BlockAction, ButtonAction } from '@slack/bolt';
import type { FeatureContext } from '../../feature-context.ts';
import type { Watch, WatchDefinition } from '../../store/index.ts';
import type { FiringWatch } from '../home/types.ts';
import type { StatsPoster } from '../vector-stats/listeners.ts';
import { registerAlertActions } from './alert-actions.ts';
import { createWatchChecker, type TickReport } from './checker.ts';
import { INITIAL_STATE, NO_CONTROLS } from './evaluate.ts';
import { parseWatchArgs, readSpec, type WatchSpec } from './input.ts';
import { metricByKey } from './metrics.ts';
import { WATCH_BLOCK, WATCH_CALLBACK, watchModal } from './modal-view.ts';
import { channelTimeZone, watchSlack } from './slack.ts';
import {
  changedMessage,
  listMessage,
  recoveredNote,
  removedMessage,
  ruleText,
  WATCH_ACTION,
  worseNote,
} from './views.ts';

export type WatchesRuntime = {
  runOnce(): Promise<TickReport>;
  /** Firing watches (snoozed and muted ones included), for the Home tab. */
  firing(): Promise<FiringWatch[]>;
};

const runtimes = new WeakMap<App, WatchesRuntime>();
export const watchesRuntimeOf = (app: App): WatchesRuntime | undefined => runtimes.get(app);

const NOT_SAVED =
  ':warning: opsbot couldn’t save the watch just now — its database isn’t answering. Try again in a minute.';

export function registerWatches(context: FeatureContext, deps: { postStats: StatsPoster }): WatchesRuntime {
  const { app, store, clock, config } = context;
  const logger = context.logger.child({ feature: 'watches' });
  const intervalMs = config.watches.intervalMs;
  const pacer = context.pacer;
  const slack = watchSlack(app.client, store, clock, logger, pacer);
  const checker = createWatchChecker({
    store,
    mgmt: context.scheduledStats,
    clock,
    logger,
    slack,
    intervalMs,
    owner: `opsbot-${randomUUID()}`,
    notes: { recovered: recoveredNote, worse: worseNote },
  });

  async function create(
    spec: WatchSpec,
    channelId: string,
    userId: string,
    note: string | null,
  ): Promise<Watch> {
    const now = clock();
    const watch = await store.createWatch({
      ...definitionOf(spec, channelId, note),
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
    return watch;
  }

  /** The form saved over an existing watch: a new rule starts a new state; an open alert says so. */
  async function edit(
    id: number,
    spec: WatchSpec,
    channelId: string,
    userId: string,
    note: string | null,
  ): Promise<Watch | undefined> {
    const before = await store.getWatch(id);
    const watch = await store.updateWatch(id, definitionOf(spec, channelId, note), INITIAL_STATE, clock());
    if (watch === undefined) return undefined;
    if (before?.state.status === 'firing' && before.state.alert !== null)
      await app.client.chat.update({ ...before.state.alert, ...changedMessage(watch, userId) });
    logger.info({ event: 'watch_edited', watchId: id, user: userId, metric: watch.metric }, 'watch edited');
    return watch;
  }

  app.action<BlockAction<ButtonAction>>(WATCH_ACTION.edit, async ({ ack, body, action, client }) => {
    await ack();
    const watch = await store.getWatch(Number(action.value));
    if (watch === undefined) return;
    await client.views.open({ trigger_id: body.trigger_id, view: watchModal(watch.channelId, watch) });
  });

  context.router.register({
    words: ['watch'],
    usage: '[<index-id> <metric> >|< <threshold> [for N]]',
    example: 'watch idx-1 monthly_cost > $50',
    description:
      'tell this channel when an index crosses a line, and when it is back (no arguments: a form); also `watch idx-1 p99-query-latency > 250 for 3`, `watch idx-1 pending_index_count > 10000`',
    async handle({ ack, args, command, client }) {
      if (args.length === 0) {
        await ack();
        await client.views.open({ trigger_id: command.trigger_id, view: watchModal(command.channel_id) });
        return;
      }
      const parsed = parseWatchArgs(args);
      if (!parsed.ok) {
        await ack({ response_type: 'ephemeral', text: `:warning: ${parsed.problem}` });
        return;
      }
      // One row written well inside Slack's 3 s, so the answer is the acknowledgement itself and
      // the watch exists by the time anyone sees it.
      let watch: Watch;
      try {
        watch = await create(parsed.spec, command.channel_id, command.user_id, null);
      } catch (error) {
        logger.error(
          { event: 'watch_not_saved', err: error instanceof Error ? error.name : 'unknown' },
          'watch not saved',
        );
        await ack({ response_type: 'ephemeral', text: NOT_SAVED });
        return;
      }
      await ack({
        response_type: 'ephemeral',
        text: `:eyes: Watch #${watch.id} set: ${ruleText(watch)}. Checked every ${Math.round(intervalMs / 60_000) || 1} min; alerts go to this channel.`,
      });
    },
  });

  context.router.register({
    words: ['watch', 'list'],
    example: 'watch list',
    description: 'this channel’s watches and how each stands (ok, firing, snoozed, no data)',
    async handle({ ack, command, client }) {
      await ack();
      const watches = await store.listWatches(command.channel_id);
      const zone = await channelTimeZone(store, command.channel_id);
      const message = listMessage(command.channel_id, watches, clock(), zone);
      await client.chat.postEphemeral({ channel: command.channel_id, user: command.user_id, ...message });
    },
  });

  context.router.register({
    words: ['watch', 'remove'],
    usage: '<n>',
    example: 'watch remove 3',
    description: 'stop a watch (its number is in `watch list`)',
    async handle({ ack, args, command, client }) {
      const id = Number(args[0]);
      const watch = Number.isInteger(id) && args.length === 1 ? await store.getWatch(id) : undefined;
      if (watch === undefined || watch.channelId !== command.channel_id) {
        await ack({
          response_type: 'ephemeral',
          text: `:warning: There is no watch ${args.join(' ') || '(no number given)'} in this channel. \`/ops watch list\` shows their numbers.`,
        });
        return;
      }
      await ack();
      const removed = await store.deleteWatch(id);
      if (removed?.state.alert != null && removed.state.status === 'firing')
        await client.chat.update({ ...removed.state.alert, ...removedMessage(removed, command.user_id) });
      logger.info({ event: 'watch_removed', watchId: id, user: command.user_id }, 'watch removed');
      await client.chat.postEphemeral({
        channel: command.channel_id,
        user: command.user_id,
        text: `:wastebasket: Watch #${id} removed (${ruleText(watch)}).`,
      });
    },
  });

  app.view(WATCH_CALLBACK, async ({ ack, body, view }) => {
    const v = view.state.values;
    const read = readSpec({
      indexId: v[WATCH_BLOCK.index]?.[WATCH_BLOCK.index]?.value ?? undefined,
      metric: v[WATCH_BLOCK.metric]?.[WATCH_BLOCK.metric]?.selected_option?.value,
      direction: v[WATCH_BLOCK.direction]?.[WATCH_BLOCK.direction]?.selected_option?.value,
      threshold: v[WATCH_BLOCK.threshold]?.[WATCH_BLOCK.threshold]?.value ?? undefined,
      forChecks: v[WATCH_BLOCK.forChecks]?.[WATCH_BLOCK.forChecks]?.value ?? undefined,
    });
    if (!read.ok) {
      const block = {
        indexId: WATCH_BLOCK.index,
        metric: WATCH_BLOCK.metric,
        direction: WATCH_BLOCK.direction,
        threshold: WATCH_BLOCK.threshold,
        forChecks: WATCH_BLOCK.forChecks,
      }[read.field];
      await ack({ response_action: 'errors', errors: { [block]: read.problem.replaceAll('`', '') } });
      return;
    }
    const channel = v[WATCH_BLOCK.channel]?.[WATCH_BLOCK.channel]?.selected_conversation ?? undefined;
    const metadata = (() => {
      try {
        return JSON.parse(view.private_metadata) as { channelId?: string; watchId?: number };
      } catch {
        return {};
      }
    })();
    const channelId = channel ?? metadata.channelId;
    if (channelId === undefined || channelId === '') {
      await ack({
        response_action: 'errors',
        errors: { [WATCH_BLOCK.channel]: 'Pick the channel for the alerts.' },
      });
      return;
    }
    const note = v[WATCH_BLOCK.note]?.[WATCH_BLOCK.note]?.value?.trim() || null;
    let watch: Watch | undefined;
    try {
      watch =
        typeof metadata.watchId === 'number'
          ? await edit(metadata.watchId, read.spec, channelId, body.user.id, note)
          : await create(read.spec, channelId, body.user.id, note);
    } catch (error) {
      logger.error(
        { event: 'watch_not_saved', err: error instanceof Error ? error.name : 'unknown' },
        'watch not saved',
      );
      await ack({
        response_action: 'errors',
        errors: { [WATCH_BLOCK.index]: NOT_SAVED.replace(':warning: ', '') },
      });
      return;
    }
    if (watch === undefined) {
      await ack({
        response_action: 'errors',
        errors: { [WATCH_BLOCK.index]: 'This watch was removed meanwhile; close the form and add it again.' },
      });
      return;
    }
    await ack();
    await app.client.chat.postEphemeral({
      channel: channelId,
      user: body.user.id,
      text: `:eyes: Watch #${watch.id} set: ${ruleText(watch)}. Alerts go to this channel.`,
    });
  });

  registerAlertActions(context, { slack, postStats: deps.postStats, logger });

  const runtime: WatchesRuntime = {
    runOnce: () => checker.runOnce(),
    async firing() {
      const all = await store.listWatches();
      return all
        .filter((w) => w.state.status === 'firing')
        .map((w) => ({
          watchId: w.id,
          indexId: w.indexId,
          metric: metricByKey(w.metric)?.label ?? w.metric,
          channelId: w.channelId,
          createdBy: w.createdBy,
          since: w.state.incidentSince ?? w.state.lastCheckedAt ?? w.createdAt,
          alert: w.state.alert ?? undefined,
          snoozedUntil: w.controls.snoozedUntil ?? undefined,
          muted: w.controls.mutedBy !== null,
        }));
    },
  };
  runtimes.set(app, runtime);

  // Each watch is due every interval; the loop looks often enough that none waits much longer.
  const tickMs = Math.min(intervalMs, 30_000);
  context.lifecycle.onStart(() => {
    let running: Promise<unknown> = Promise.resolve();
    const timer = setInterval(() => {
      running = context.work
        .run(() => checker.runOnce())
        .catch((error: unknown) =>
          logger.error(
            { event: 'watch_tick_error', err: error instanceof Error ? error.name : 'unknown' },
            'watch tick failed',
          ),
        );
    }, tickMs);
    timer.unref();
    context.lifecycle.onStop(async () => {
      clearInterval(timer);
      await running;
    });
  });
  return runtime;
}

/** What the form (or the text form) sets of a watch. */
function definitionOf(spec: WatchSpec, channelId: string, note: string | null): WatchDefinition {
  return {
    channelId,
    indexId: spec.indexId,
    metric: spec.metric.key,
    direction: spec.direction,
    threshold: spec.threshold,
    forChecks: spec.forChecks,
    note,
  };
}
