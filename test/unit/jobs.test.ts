// The one primitive of background work: a run every interval, never two at once, a bounded stop that
// aborts the run in flight, and one `job_failed` line when a run throws. Timers are injected, so
// "an interval passes" is a call, not a wait.
import { describe, expect, it } from 'vitest';
import { createJob, type JobTimers } from '../../src/jobs.ts';
import { WorkTracker } from '../../src/work-tracker.ts';
import { capturingLogger } from '../support/logs.ts';

/** Timers that fire only when the test says an interval passed. */
function manualTimers() {
  let interval: { run: () => void; ms: number } | undefined;
  const soon: Array<() => void> = [];
  const timers: JobTimers = {
    setInterval: (run, ms) => {
      interval = { run, ms };
      return interval;
    },
    clearInterval: (handle) => {
      if (handle === interval) interval = undefined;
    },
    setTimeout: (run) => soon.push(run),
  };
  return {
    timers,
    intervalMs: () => interval?.ms,
    tick: () => interval?.run(),
    fireSoon: () => {
      for (const run of soon.splice(0)) run();
    },
  };
}

/** A run the test finishes by hand; records the signal each run was given. */
function heldRuns() {
  const runs: Array<{ signal: AbortSignal; finish: (value: string) => void; fail: (e: Error) => void }> = [];
  const run = (signal: AbortSignal) =>
    new Promise<string>((finish, fail) => runs.push({ signal, finish, fail }));
  return { runs, run };
}

function jobWith(
  run: (signal: AbortSignal) => Promise<string>,
  extra: { runAtStart?: boolean; stopWaitMs?: number } = {},
) {
  const clock = manualTimers();
  const log = capturingLogger();
  const work = new WorkTracker();
  const job = createJob({
    name: 'test_job',
    intervalMs: 60_000,
    run,
    logger: log.logger,
    work,
    timers: clock.timers,
    ...extra,
  });
  return { job, clock, log, work };
}

const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('createJob', () => {
  it('runs once per interval, and only after start', async () => {
    const { runs, run } = heldRuns();
    const { job, clock } = jobWith(run);
    clock.tick();
    expect(runs).toHaveLength(0);
    job.start();
    expect(clock.intervalMs()).toBe(60_000);
    clock.tick();
    expect(runs).toHaveLength(1);
    runs[0]?.finish('done');
    await settle();
    clock.tick();
    expect(runs).toHaveLength(2);
  });

  it('never starts a second run while one is in flight', async () => {
    const { runs, run } = heldRuns();
    const { job, clock, work } = jobWith(run);
    job.start();
    clock.tick();
    clock.tick();
    clock.tick();
    expect(runs).toHaveLength(1);
    expect(work.size).toBe(1);
    runs[0]?.finish('done');
    await settle();
    expect(work.size).toBe(0);
  });

  it('with runAtStart, runs right after start without waiting an interval', () => {
    const { runs, run } = heldRuns();
    const { job, clock } = jobWith(run, { runAtStart: true });
    job.start();
    clock.fireSoon();
    expect(runs).toHaveLength(1);
  });

  it('a failed run is one job_failed line at error, and the next interval runs again', async () => {
    const { runs, run } = heldRuns();
    const { job, clock, log } = jobWith(run);
    job.start();
    clock.tick();
    runs[0]?.fail(new Error('the API said no'));
    await settle();
    const failed = log.lines().filter((line) => line.event === 'job_failed');
    expect(failed).toEqual([
      expect.objectContaining({
        level: 'error',
        job: 'test_job',
        err: expect.objectContaining({ name: 'Error', message: 'the API said no' }),
      }),
    ]);
    clock.tick();
    expect(runs).toHaveLength(2);
  });

  it('stop aborts the run in flight, waits a bounded time for it, and no interval runs after', async () => {
    const { runs, run } = heldRuns();
    const { job, clock } = jobWith(run, { stopWaitMs: 20 });
    job.start();
    clock.tick();
    // The run ignores its signal and never finishes: stop still returns.
    await job.stop();
    expect(runs[0]?.signal.aborted).toBe(true);
    clock.tick();
    job.start();
    clock.tick();
    expect(runs).toHaveLength(1);
  });

  it('runOnce waits for the run in flight, then runs once more and resolves with its result', async () => {
    const { runs, run } = heldRuns();
    const { job, clock } = jobWith(run);
    job.start();
    clock.tick();
    const once = job.runOnce();
    await settle();
    expect(runs).toHaveLength(1);
    runs[0]?.finish('first');
    await settle();
    expect(runs).toHaveLength(2);
    runs[1]?.finish('second');
    expect(await once).toBe('second');
  });
});
