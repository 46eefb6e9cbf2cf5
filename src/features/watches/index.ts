// The watches feature as the app sees it: register() and the service the Home tab, the demo and the
// tests use. Wiring only: the outgoing Slack adapter, the service, the checker (a shared job: one
// tick at a time, inside the WorkTracker) and the listeners.
import { randomUUID } from 'node:crypto';
import type { FeatureContext } from '../../feature-context.ts';
import { createJob } from '../../jobs.ts';
import type { Watch } from '../../store/index.ts';
import type { IndexNamesService } from '../index-names/index.ts';
import type { VectorStatsService } from '../vector-stats/index.ts';
import { createWatchChecker } from './checker.ts';
import { ACTION, BLOCK, VIEW } from './ids.ts';
import { registerAlertActions } from './listeners/alert-actions.ts';
import { registerWatchCommands } from './listeners/commands.ts';
import { registerWatchForm } from './listeners/form.ts';
import { createWatchesOutbound } from './outbound.ts';
import { createWatchesService } from './service.ts';
import { watchFormChannel } from './views/modal-view.ts';
import type { ShownWatch } from './views/watch-words.ts';

export type { FiringWatch } from './firing.ts';
export type { WatchesService } from './service.ts';

/** The loop looks at least this often, so no watch waits much past its interval. */
const TICK_MAX_MS = 30_000;

export function register(
  context: FeatureContext<{ vectorStats: VectorStatsService; indexNames: IndexNamesService }>,
) {
  const { store, clock } = context;
  const logger = context.logger.child({ feature: 'watches' });
  const intervalMs = context.config.watches.intervalMs;
  const shown = async (watch: Watch): Promise<ShownWatch> => ({
    ...watch,
    indexName: await context.uses.indexNames.nameOf(watch.indexId).catch(() => undefined),
    muteAtMostMs: context.policy.current().limits.muteAtMostMs,
  });
  const slack = createWatchesOutbound({ ...context, client: context.app.client }, logger, shown);
  const commandName = () => context.commandName();
  const policy = () => context.policy.current();
  const service = createWatchesService({ store, clock, logger, slack, commandName, shown, policy });
  const checker = createWatchChecker({
    store,
    stats: context.scheduledStats,
    clock,
    logger,
    slack,
    commandName,
    shown,
    intervalMs,
    owner: `opsbot-${randomUUID()}`,
  });
  const respond = 'watch.respond' as const;
  context.policy.protect({
    actions: {
      [ACTION.edit]: 'watch.manage',
      ...{ [ACTION.acknowledge]: respond, [ACTION.snoozeHour]: respond },
      ...{
        [ACTION.snoozeMorning]: respond,
        [ACTION.mute]: respond,
        [ACTION.unmute]: respond,
      },
      [ACTION.openStats]: 'stats',
    },
    views: {
      [VIEW.watch]: {
        capability: 'watch.manage',
        postsTo: { field: BLOCK.channel, channel: watchFormChannel },
      },
    },
    options: { [BLOCK.index]: 'watch.manage' },
  });
  const doors = { ...context, intervalMs, commandName, policy };
  registerWatchCommands(doors, service, context.uses.indexNames);
  registerWatchForm(doors, service, context.uses.indexNames);
  registerAlertActions(context, service, context.uses.vectorStats.postStats);

  const checks = createJob({
    name: 'watch_checks',
    intervalMs: Math.min(intervalMs, TICK_MAX_MS),
    run: async (signal) => {
      // A mute that ended is over for the channel too before anyone is told anything.
      await service.endMutes();
      return checker.runOnce(signal);
    },
    logger,
    work: context.work,
  });
  context.lifecycle.onStart(() => checks.start());
  context.lifecycle.onStop(() => checks.stop());
  // The service, and its checks run now (after a tick in flight; undefined when the tick failed, logged).
  return { ...service, runOnce: () => checks.runOnce() };
}
