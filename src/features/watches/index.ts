// The watches feature as the app sees it: register() and the port the Home tab, the demo and the
// tests use. The check loop is a shared job: one tick at a time, inside the WorkTracker.
import { randomUUID } from 'node:crypto';
import type { FeatureContext } from '../../feature-context.ts';
import { createJob } from '../../jobs.ts';
import type { Watch } from '../../store/index.ts';
import type { IndexNamesPort } from '../index-names/index.ts';
import type { VectorStatsPort } from '../vector-stats/index.ts';
import { createWatchChecker, type TickReport } from './checker.ts';
import { reminderText } from './incident-views.ts';
import { registerAlertActions, registerWatchListeners } from './listeners.ts';
import { createWatchesService, type FiringWatch } from './service.ts';
import { namingIndexes, watchSlack } from './slack.ts';
import { recoveredNote, type ShownWatch, worseNote } from './views.ts';

export type { TickReport } from './checker.ts';
export type { FiringWatch } from './service.ts';

export type WatchesPort = {
  /** Checks the due watches now (after a tick in flight); undefined when the tick failed (logged). */
  runOnce(): Promise<TickReport | undefined>;
  /** Firing watches (snoozed and muted ones included), for the Home tab. */
  firing(): Promise<FiringWatch[]>;
};

/** The loop looks at least this often, so no watch waits much past its interval. */
const TICK_MAX_MS = 30_000;

export function register(
  context: FeatureContext<{ vectorStats: VectorStatsPort; indexNames: IndexNamesPort }>,
): WatchesPort {
  const { store, clock } = context;
  const logger = context.logger.child({ feature: 'watches' });
  const intervalMs = context.config.watches.intervalMs;
  const shown = async (watch: Watch): Promise<ShownWatch> => ({
    ...watch,
    indexName: await context.uses.indexNames.nameOf(watch.indexId).catch(() => undefined),
  });
  const slack = namingIndexes(watchSlack(context.app.client, store, clock, logger, context.pacer), shown);
  const service = createWatchesService({
    store,
    clock,
    logger,
    slack,
    commandName: () => context.commandName(),
    shown,
  });
  const checker = createWatchChecker({
    store,
    stats: context.scheduledStats,
    clock,
    logger,
    slack,
    intervalMs,
    owner: `opsbot-${randomUUID()}`,
    notes: { recovered: recoveredNote, worse: worseNote, reminder: reminderText },
  });
  registerWatchListeners(context, service, context.uses.indexNames);
  registerAlertActions(context, service, context.uses.vectorStats.postStats);

  const checks = createJob({
    name: 'watch_checks',
    intervalMs: Math.min(intervalMs, TICK_MAX_MS),
    run: (signal) => checker.runOnce(signal),
    logger,
    work: context.work,
  });
  context.lifecycle.onStart(() => checks.start());
  context.lifecycle.onStop(() => checks.stop());
  return { runOnce: () => checks.runOnce(), firing: () => service.firing() };
}
