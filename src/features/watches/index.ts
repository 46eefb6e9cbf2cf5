// The watches feature as the app sees it: register() and the port other features build on.
import type { FeatureContext } from '../../feature-context.ts';
import type { VectorStatsPort } from '../vector-stats/index.ts';
import { registerWatches, type WatchesRuntime } from './listeners.ts';

export type WatchesPort = WatchesRuntime;

export function register(context: FeatureContext<{ vectorStats: VectorStatsPort }>): WatchesPort {
  return registerWatches(context, { postStats: context.uses.vectorStats.postStats });
}
