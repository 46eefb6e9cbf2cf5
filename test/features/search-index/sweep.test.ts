import { describe, expect, it } from 'vitest';
import { type SweepTimers, startExpirySweep } from '../../../src/features/search-index/sweep.ts';

function manualTimers() {
  const state = { run: undefined as (() => void) | undefined, ms: 0, unrefd: false, cleared: false };
  const timers: SweepTimers = {
    setInterval: (run, ms) => {
      state.run = run;
      state.ms = ms;
      return {
        unref: () => {
          state.unrefd = true;
        },
      };
    },
    clearInterval: () => {
      state.cleared = true;
    },
  };
  return { timers, state, tick: () => state.run?.() };
}

describe('startExpirySweep', () => {
  it('runs on its interval, never holds the process open, and stops for good', async () => {
    const { timers, state, tick } = manualTimers();
    let runs = 0;
    const sweep = startExpirySweep({
      intervalMs: 5_000,
      run: async () => {
        runs += 1;
      },
      onError: () => {},
      timers,
    });
    expect(state).toMatchObject({ ms: 5_000, unrefd: true });
    tick();
    await new Promise((resolve) => setImmediate(resolve));
    tick();
    expect(runs).toBe(2);
    sweep.stop();
    sweep.stop();
    expect(state.cleared).toBe(true);
    expect(sweep.running).toBe(false);
    tick();
    expect(runs).toBe(2);
  });

  it('does not start a sweep while the last one is still running', async () => {
    const { timers, tick } = manualTimers();
    let release: () => void = () => {};
    let runs = 0;
    startExpirySweep({
      intervalMs: 1,
      run: () => {
        runs += 1;
        return new Promise<void>((resolve) => {
          release = resolve;
        });
      },
      onError: () => {},
      timers,
    });
    tick();
    tick();
    expect(runs).toBe(1);
    release();
    await new Promise((resolve) => setImmediate(resolve));
    tick();
    expect(runs).toBe(2);
  });

  it('reports a failed sweep and keeps going', async () => {
    const { timers, tick } = manualTimers();
    const errors: unknown[] = [];
    startExpirySweep({
      intervalMs: 1,
      run: () => Promise.reject(new Error('database is locked')),
      onError: (e) => errors.push(e),
      timers,
    });
    tick();
    await new Promise((resolve) => setImmediate(resolve));
    tick();
    await new Promise((resolve) => setImmediate(resolve));
    expect(errors.map((e) => (e as Error).message)).toEqual(['database is locked', 'database is locked']);
  });
});
