// One scheduler tick: find the subscriptions whose next run has come and run them, a few channels
// at a time, sharing one set of parts (one API call per (index, period), one card upload per
// (index, period), one accounts read). The job (jobs.ts) keeps ticks from overlapping in a process;
// across processes the run claims in the store keep every digest to one post.
import type { Clock } from '../../clock.ts';
import { errField } from '../../errors.ts';
import { forEachBounded } from '../../limiter.ts';
import type { Logger } from '../../log.ts';
import type { Store } from '../../store/index.ts';
import type { DigestParts } from './compose.ts';
import { type RunnerDeps, type RunOutcome, runDueSubscription } from './runner.ts';

type TickDeps = {
  store: Store;
  clock: Clock;
  logger: Logger;
  runner: Omit<RunnerDeps, 'store' | 'clock' | 'logger'>;
  /** Fresh parts for one tick. */
  partsForTick(): DigestParts;
  /** Due subscriptions read per tick; the rest wait for the next tick (most overdue first). */
  batchSize: number;
  /** Channels worked on at once (their posts still queue in the pacer). */
  channelConcurrency: number;
};

type TickReport = { due: number; outcomes: Partial<Record<RunOutcome, number>>; elapsedMs: number };

export async function runDigestTick(deps: TickDeps, signal: AbortSignal): Promise<TickReport> {
  const { store, clock, logger } = deps;
  const started = Date.now();
  const outcomes: Partial<Record<RunOutcome, number>> = {};
  const due = await store.listDueSubscriptions(clock(), deps.batchSize);
  if (due.length === 0) return { due: 0, outcomes, elapsedMs: Date.now() - started };
  const parts = deps.partsForTick();
  const runner: RunnerDeps = { ...deps.runner, store, clock, logger };
  await forEachBounded(due, deps.channelConcurrency, async (sub) => {
    if (signal.aborted) return;
    let outcome: RunOutcome;
    try {
      outcome = await runDueSubscription(runner, sub, parts, signal);
    } catch (err) {
      // A store error for one channel must not stop the others; the run stays claimed until its
      // lease expires, then a later tick retries it.
      logger.error(
        { event: 'digest_run_error', channel: sub.channelId, err: errField(err) },
        'digest run failed unexpectedly',
      );
      outcome = 'retry';
    }
    outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
  });
  const report = { due: due.length, outcomes, elapsedMs: Date.now() - started };
  logger.info({ event: 'digest_tick', ...report }, 'digest tick');
  return report;
}
