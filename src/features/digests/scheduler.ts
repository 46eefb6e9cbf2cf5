// The loop: every tick, find the subscriptions whose next run has come and run them, a few channels
// at a time, sharing one set of memoised parts (one API call per (index, period) per tick). Ticks
// never overlap in a process — a tick still running when the timer fires is left to finish — and
// across processes the run claims in the store keep every digest to one post.
import type { Clock } from '../../clock.ts';
import { forEachBounded } from '../../limiter.ts';
import type { Logger } from '../../log.ts';
import type { Store } from '../../store/index.ts';
import type { DigestParts } from './compose.ts';
import { type RunnerDeps, type RunOutcome, runDueSubscription } from './runner.ts';

export type SchedulerOptions = {
  tickMs: number;
  /** Due subscriptions read per tick; the rest wait for the next tick (most overdue first). */
  batchSize: number;
  /** Channels worked on at once (their posts still queue in the pacer). */
  channelConcurrency: number;
};

export const DEFAULT_SCHEDULER_OPTIONS: SchedulerOptions = {
  tickMs: 30_000,
  batchSize: 500,
  channelConcurrency: 8,
};

export type SchedulerDeps = {
  store: Store;
  clock: Clock;
  logger: Logger;
  runner: Omit<RunnerDeps, 'store' | 'clock' | 'logger'>;
  /** Fresh, memoised parts for one tick. */
  partsForTick(): DigestParts;
};

export type TickReport = { due: number; outcomes: Partial<Record<RunOutcome, number>>; elapsedMs: number };

export class DigestScheduler {
  readonly #deps: SchedulerDeps;
  readonly #options: SchedulerOptions;
  #timer: NodeJS.Timeout | undefined;
  #current: Promise<TickReport> | undefined;
  #stopping = new AbortController();

  constructor(deps: SchedulerDeps, options: Partial<SchedulerOptions> = {}) {
    this.#deps = deps;
    this.#options = { ...DEFAULT_SCHEDULER_OPTIONS, ...options };
  }

  get tickMs(): number {
    return this.#options.tickMs;
  }

  start(): void {
    if (this.#timer !== undefined || this.#stopping.signal.aborted) return;
    const fire = () => {
      if (this.#stopping.signal.aborted) return;
      if (this.#current !== undefined) {
        this.#deps.logger.debug({ event: 'digest_tick_overlap' }, 'previous digest tick still running');
        return;
      }
      void this.#tick().catch(() => {});
    };
    this.#timer = setInterval(fire, this.#options.tickMs);
    // A pending tick must never keep the process (or a test run) alive.
    this.#timer.unref();
    // Right after a start, digests missed while opsbot was down are caught up without waiting a tick.
    setTimeout(fire, 0).unref();
  }

  /**
   * Stops the timer, interrupts waiting posts, and waits (bounded) for the tick in flight to wind
   * down. A run still working when the wait ends keeps its claim until the lease expires and is
   * then retried elsewhere; only a post Slack accepted in the instant before the process died can
   * be repeated that way, since nothing can record it atomically with Slack.
   */
  async stop(waitMs = 5_000): Promise<void> {
    if (this.#timer !== undefined) clearInterval(this.#timer);
    this.#timer = undefined;
    this.#stopping.abort(new Error('scheduler stopping'));
    const current = this.#current;
    if (current === undefined) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      current.catch(() => {}),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, waitMs);
        timer.unref();
      }),
    ]);
    clearTimeout(timer);
  }

  /** Waits for a tick in flight, then runs one more: for tests and for an operator's nudge. */
  async runOnce(): Promise<TickReport> {
    await this.#current?.catch(() => {});
    return this.#tick();
  }

  #tick(): Promise<TickReport> {
    const run = this.#runTick().finally(() => {
      if (this.#current === run) this.#current = undefined;
    });
    this.#current = run;
    return run;
  }

  async #runTick(): Promise<TickReport> {
    const { store, clock, logger } = this.#deps;
    const started = Date.now();
    const signal = this.#stopping.signal;
    const outcomes: Partial<Record<RunOutcome, number>> = {};
    let due: Awaited<ReturnType<Store['listDueSubscriptions']>> = [];
    try {
      due = await store.listDueSubscriptions(clock(), this.#options.batchSize);
      if (due.length === 0) return { due: 0, outcomes, elapsedMs: Date.now() - started };
      const parts = this.#deps.partsForTick();
      const runner: RunnerDeps = { ...this.#deps.runner, store, clock, logger };
      await forEachBounded(due, this.#options.channelConcurrency, async (sub) => {
        if (signal.aborted) return;
        let outcome: RunOutcome;
        try {
          outcome = await runDueSubscription(runner, sub, parts, signal);
        } catch (err) {
          // A store error for one channel must not stop the others; the run stays claimed until its
          // lease expires, then the next tick retries it.
          logger.error(
            {
              event: 'digest_run_error',
              channel: sub.channelId,
              err: { name: errName(err), message: errMessage(err) },
            },
            'digest run failed unexpectedly',
          );
          outcome = 'retry';
        }
        outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
      });
    } catch (err) {
      logger.error(
        { event: 'digest_tick_error', err: { name: errName(err), message: errMessage(err) } },
        'tick failed',
      );
    }
    const report = { due: due.length, outcomes, elapsedMs: Date.now() - started };
    if (due.length > 0) logger.info({ event: 'digest_tick', ...report }, 'digest tick');
    return report;
  }
}

function errName(err: unknown): string {
  return err instanceof Error ? err.name : 'unknown';
}

function errMessage(err: unknown): string {
  return err instanceof Error ? err.message.slice(0, 200) : '';
}
