// Steering a watch end to end: set the metric the simulated API reports, run one check as the
// app's job would, and read what the channel shows. Shared by the watch e2e suites.
import { INITIAL_STATE, NO_CONTROLS } from '../../src/features/watches/evaluate.ts';
import { DEFAULT_VECTOR_INDEXES } from '../../src/sim/mgmt/stats.ts';
import type { SimulatedWorkspace } from '../../src/sim/workspace.ts';
import type { NewWatch } from '../../src/store/index.ts';

/** The watch form filled in for `idx-2 monthly_cost > $50`, alerts to `channel` (submitView's values). */
export function watchFormValues(channel: string): Record<string, Record<string, unknown>> {
  return {
    watch_index: { watch_index: 'idx-2' },
    watch_metric: { watch_metric: 'monthly_cost' },
    watch_threshold: { watch_threshold: '$50' },
    watch_channel: { watch_channel: channel },
  };
}

/** A watch as the store takes it, set up directly by a test: idx-1's cost above $100, not due soon. */
export function storedWatch(channelId: string, createdBy: string, now: number): NewWatch {
  return {
    channelId,
    indexId: 'idx-1',
    metric: 'monthly_cost',
    direction: 'above',
    threshold: 100,
    forChecks: 1,
    note: null,
    createdBy,
    createdAt: now,
    state: INITIAL_STATE,
    controls: NO_CONTROLS,
    nextCheckAt: now + 86_400_000,
  };
}

export function watchSteering(options: {
  ws: () => SimulatedWorkspace;
  channel: string;
  /** Moves the test's clock on by one check interval. */
  advance: () => void;
}) {
  const { ws, channel } = options;
  return {
    /** idx-2's monthly cost, as the API will report it from now on. */
    setCost(monthlyCost: number): void {
      ws().mgmt.indexes['idx-2'] = {
        ...DEFAULT_VECTOR_INDEXES['idx-2'],
        pinned: { monthly_cost: monthlyCost },
      };
    },
    /** One check of every due watch; then the clock moves on an interval. */
    async check() {
      const report = await ws().opsbot.features.watches.runOnce();
      if (report === undefined) throw new Error('the watch tick failed; see the log');
      options.advance();
      return report;
    },
    /** The channel's messages outside threads (the alerts), oldest first. */
    topLevel: () =>
      ws()
        .slack.messagesIn(channel)
        .filter((m) => m.thread_ts === undefined),
    /** The replies in the thread of message `ts`. */
    inThread: (ts: string) =>
      ws()
        .slack.messagesIn(channel)
        .filter((m) => m.thread_ts === ts),
  };
}
