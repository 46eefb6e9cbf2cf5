// The vector-stats feature as the app sees it: register() and the port other features build on.
import type { FeatureContext } from '../../feature-context.ts';
import { registerVectorStats, type StatsPoster } from './listeners.ts';

export type VectorStatsPort = {
  /** Posts an index's stats and card where a person asked for them (Home, a watch's alert). */
  postStats: StatsPoster;
};

export function register(context: FeatureContext): VectorStatsPort {
  return { postStats: registerVectorStats(context) };
}
