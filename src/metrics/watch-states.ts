// How many watches are in each state, read from the store when Prometheus scrapes: the store is the
// truth shared by every replica, and a count kept in memory would miss what other replicas changed.
import type { Clock } from '../clock.ts';
import type { Store } from '../store/index.ts';
import { isMuted, type Watch } from '../store/types.ts';
import type { Metrics } from './registry.ts';

export const WATCH_STATES = ['ok', 'firing', 'snoozed', 'muted', 'no_data'] as const;

export function collectWatchStates(store: Pick<Store, 'listWatches'>, clock: Clock, metrics: Metrics): void {
  const gauge = metrics.watches;
  (gauge as unknown as { collect: () => Promise<void> }).collect = async () => {
    const counts = new Map<string, number>();
    try {
      for (const watch of await store.listWatches()) {
        const state = stateOf(watch, clock());
        counts.set(state, (counts.get(state) ?? 0) + 1);
      }
    } catch {
      // The store is down: opsbot_store_failures_total says so; the gauge is left out of this scrape.
      gauge.reset();
      return;
    }
    for (const state of WATCH_STATES) gauge.set({ state }, counts.get(state) ?? 0);
  };
}

/** Muted and snoozed first: they are what people chose, whatever the last check found. */
export function stateOf(watch: Watch, now: number): (typeof WATCH_STATES)[number] {
  if (isMuted(watch.controls, now)) return 'muted';
  if (watch.controls.snoozedUntil !== null && watch.controls.snoozedUntil > now) return 'snoozed';
  return watch.state.status;
}
