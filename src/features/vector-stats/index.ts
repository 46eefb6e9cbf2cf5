// The vector-stats feature as the app sees it: register() wires the service, the outbound posts and
// the listeners, and returns the service other features build on.
import type { FeatureContext } from '../../feature-context.ts';
import type { IndexNamesService } from '../index-names/index.ts';
import { ACTION } from './ids.ts';
import { registerStatsListeners } from './listeners.ts';
import { createVectorStatsOutbound } from './outbound.ts';
import { createVectorStatsService, type VectorStatsService } from './service.ts';

export type { StatsRead, VectorStatsService } from './service.ts';

export function register(context: FeatureContext<{ indexNames: IndexNamesService }>): VectorStatsService {
  const stats = 'stats' as const;
  context.policy.protect({
    actions: { [ACTION.period]: stats, [ACTION.refresh]: stats, [ACTION.details]: stats },
  });
  const logger = context.logger.child({ feature: 'vector-stats' });
  const indexNames = context.uses.indexNames;
  const outbound = createVectorStatsOutbound({ ...context, client: context.app.client }, logger);
  const service = createVectorStatsService({
    ...context,
    mgmt: context.scheduledStats,
    admission: context.statsWork,
    logger,
    indexes: indexNames,
    show: outbound.show,
  });
  registerStatsListeners({ ...context, logger, indexNames }, service, outbound);
  return service;
}
