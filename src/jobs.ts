// The one way opsbot runs background work (the request expiry sweep, the digest scheduler, the watch
// checker): a run every interval, never two at once in a process, each inside the WorkTracker so a
// shutdown waits for it, a stop that waits a bounded time, and one log line shape for a failed run.
// Across processes, the store's leases and claims decide who does what; a job only paces one process.
import { AsyncLocalStorage } from 'node:async_hooks';
import { errField } from './errors.ts';
import { within } from './limiter.ts';
import type { Logger } from './log.ts';
import type { WorkTracker } from './work-tracker.ts';

export type JobTimers = {
  setInterval(run: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
  setTimeout(run: () => void, ms: number): unknown;
};

const realTimers: JobTimers = {
  // Unref'd: a pending run must never keep the process (or a test run) alive.
  setInterval: (run, ms) => setInterval(run, ms).unref(),
  clearInterval: (handle) => clearInterval(handle as NodeJS.Timeout),
  setTimeout: (run, ms) => setTimeout(run, ms).unref(),
};

/** The interval of the jobs that sweep and poll once a minute. */
export const EVERY_MINUTE = 60_000;

type JobOptions<T = unknown> = {
  /** Names the job in the log: `{ event: 'job_failed', job: name }`. */
  name: string;
  intervalMs: number;
  /** One run. The signal is aborted when the job stops: long runs should give up at their next step. */
  run(signal: AbortSignal): Promise<T>;
  logger: Logger;
  work: WorkTracker;
  /** Run once right after start, without waiting an interval (to catch up on what was missed). */
  runAtStart?: boolean;
  /** How long stop() waits for a run in flight. Default 5 s. */
  stopWaitMs?: number;
  timers?: JobTimers;
};

type Job<T = unknown> = {
  start(): void;
  /** Stops the timer, aborts the run in flight and waits for it (bounded). */
  stop(): Promise<void>;
  /**
   * Waits for a run in flight, then runs once more; for tests, the demo and an operator's nudge.
   * Resolves with the run's result, or undefined when it failed (and was logged).
   */
  runOnce(): Promise<T | undefined>;
};

const runningJobs = new AsyncLocalStorage<string>();

/**
 * The job whose run this code is part of, or undefined for work a person is waiting on (a
 * listener's). Slack's budget keeps part of each method for people (slack/budget.ts).
 */
export const runningJob = (): string | undefined => runningJobs.getStore();

export function createJob<T>(options: JobOptions<T>): Job<T> {
  const timers = options.timers ?? realTimers;
  const stopping = new AbortController();
  let handle: unknown;
  let current: Promise<T | undefined> | undefined;

  const runGuarded = (): Promise<T | undefined> => {
    const run: Promise<T | undefined> = options.work
      .run(() => runningJobs.run(options.name, () => options.run(stopping.signal)))
      .catch((error: unknown) => {
        options.logger.error(
          { event: 'job_failed', job: options.name, err: errField(error) },
          `${options.name} failed; it runs again at the next interval`,
        );
        return undefined;
      })
      .finally(() => {
        if (current === run) current = undefined;
      });
    current = run;
    return run;
  };

  const fire = () => {
    // A slow run (many channels, many cards) is left to finish; the next interval catches up.
    if (stopping.signal.aborted || current !== undefined) return;
    void runGuarded();
  };

  return {
    start() {
      if (handle !== undefined || stopping.signal.aborted) return;
      handle = timers.setInterval(fire, options.intervalMs);
      if (options.runAtStart) timers.setTimeout(fire, 0);
    },
    async stop() {
      if (handle !== undefined) timers.clearInterval(handle);
      handle = undefined;
      stopping.abort(new Error(`${options.name} stopping`));
      const inFlight = current;
      if (inFlight === undefined) return;
      await within(inFlight, options.stopWaitMs ?? 5_000, undefined);
    },
    async runOnce() {
      await current;
      return runGuarded();
    },
  };
}
