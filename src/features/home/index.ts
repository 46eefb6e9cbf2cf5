// The Home tab as the app sees it: register(), built on the ports of the features it shows (see
// ports.ts for what Home needs of each).
import type { TrackedClient } from '../../api/health.ts';
import type { FeatureContext } from '../../feature-context.ts';
import type { IndexesPort } from '../indexes/index.ts';
import type { SearchIndexPort } from '../search-index/index.ts';
import type { VectorStatsPort } from '../vector-stats/index.ts';
import { registerHome } from './listeners.ts';
import type { HomeRequests, HomeWatches } from './ports.ts';
import { homeRequestsOf } from './search-index-bridge.ts';

export type { HomeRequests, HomeWatches } from './ports.ts';

export type HomeUses = {
  searchIndex: HomeRequests;
  vectorStats: Pick<VectorStatsPort, 'read' | 'post'>;
  watches: HomeWatches;
  /** The *Stats for…* form's index field offers the known indexes as you type. */
  indexes: Pick<IndexesPort, 'offerIn'>;
  apiHealth: TrackedClient['snapshot'];
  version: string;
};

export type HomePort = Record<string, never>;

// Until SearchIndexPort satisfies HomeRequests: then `searchIndex` is a HomeRequests, passed as is.
type GivenUses = Omit<HomeUses, 'searchIndex'> & { searchIndex: SearchIndexPort };

export function register(context: FeatureContext<GivenUses>): HomePort {
  const searchIndex = homeRequestsOf(context.uses.searchIndex, context);
  registerHome({ ...context, uses: { ...context.uses, searchIndex } });
  return {};
}
