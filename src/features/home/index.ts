// The Home tab as the app sees it: register(), built on the ports of the features it shows.
import type { TrackedClient } from '../../api/health.ts';
import type { FeatureContext } from '../../feature-context.ts';
import type { SearchIndexPort } from '../search-index/index.ts';
import type { VectorStatsPort } from '../vector-stats/index.ts';
import type { WatchesPort } from '../watches/index.ts';
import { registerHome } from './listeners.ts';

export type HomeUses = {
  searchIndex: SearchIndexPort;
  vectorStats: VectorStatsPort;
  watches: WatchesPort;
  apiHealth: TrackedClient['snapshot'];
  version: string;
};

export type HomePort = Record<string, never>;

export function register(context: FeatureContext<HomeUses>): HomePort {
  const { uses } = context;
  registerHome(context, {
    searchIndex: uses.searchIndex,
    postStats: uses.vectorStats.postStats,
    apiHealth: uses.apiHealth,
    version: uses.version,
    firingWatches: () => uses.watches.firing(),
  });
  return {};
}
