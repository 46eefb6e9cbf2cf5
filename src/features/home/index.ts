// The Home tab as the app sees it: register(), built on the ports of the features it shows (see
// ports.ts for what Home needs of each).
import type { TrackedClient } from '../../api/health.ts';
import type { FeatureContext } from '../../feature-context.ts';
import type { IndexNamesPort } from '../index-names/index.ts';
import type { VectorStatsPort } from '../vector-stats/index.ts';
import { HOME_ACTION, STATS_BLOCK, STATS_CALLBACK } from './ids.ts';
import { registerHome } from './listeners.ts';
import type { HomeRequests, HomeWatches } from './ports.ts';

export type { HomeRequests, HomeWatches } from './ports.ts';

export type HomeUses = {
  searchRequests: HomeRequests;
  vectorStats: Pick<VectorStatsPort, 'read' | 'post'>;
  watches: HomeWatches;
  /** The *Stats for…* form's index field offers the known indexes as you type. */
  indexNames: Pick<IndexNamesPort, 'offerIn'>;
  apiHealth: TrackedClient['snapshot'];
  version: string;
};

export type HomePort = Record<string, never>;

export function register(context: FeatureContext<HomeUses>): HomePort {
  context.policy.protect({
    actions: { [HOME_ACTION.requestIndex]: 'search.request', [HOME_ACTION.statsFor]: 'stats' },
    views: { [STATS_CALLBACK]: { capability: 'stats', postsToField: STATS_BLOCK.channel } },
    options: { [STATS_BLOCK.index]: 'stats' },
  });
  registerHome(context);
  return {};
}
