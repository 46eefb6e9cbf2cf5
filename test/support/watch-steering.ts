// Steering a watch end to end: set the metric the simulated API reports, run one check as the
// app's job would, and read what the channel shows. Shared by the watch e2e suites.
import { DEFAULT_VECTOR_INDEXES } from '../../src/sim/mgmt/stats.ts';
import type { SimulatedWorkspace } from '../../src/sim/workspace.ts';

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
