// How many watches are in each state, counted by the store when Prometheus scrapes: the store is
// the truth shared by every replica, and a count kept in memory would miss what other replicas
// changed. The store counts them itself (countWatchStates), so a scrape reads a row per state.
import type { Clock } from '../clock.ts';
import type { Store } from '../store/index.ts';
import type { Metrics } from './registry.ts';

const WATCH_STATES = ['ok', 'firing', 'snoozed', 'muted', 'no_data'] as const;

export function collectWatchStates(
  store: Pick<Store, 'countWatchStates'>,
  clock: Clock,
  metrics: Metrics,
): void {
  const gauge = metrics.watches;
  (gauge as unknown as { collect: () => Promise<void> }).collect = async () => {
    let counts: Map<string, number>;
    try {
      counts = await store.countWatchStates(clock());
    } catch {
      // The store is down: opsbot_store_failures_total says so; the gauge is left out of this scrape.
      gauge.reset();
      return;
    }
    for (const state of WATCH_STATES) gauge.set({ state }, counts.get(state) ?? 0);
  };
}
