// Timing samples: medians and spreads, and interleaved rounds so that drift on the machine (other
// work, CPU frequency, GC state) lands on every contender alike instead of on whoever ran last.
import { performance } from 'node:perf_hooks';

export type Spread = { median: number; min: number; max: number; n: number };

/** Nearest-rank percentile (p in 0..1); NaN for no values. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length, Math.max(1, Math.ceil(p * sorted.length))) - 1] as number;
}

export function spread(values: readonly number[]): Spread {
  if (values.length === 0) return { median: Number.NaN, min: Number.NaN, max: Number.NaN, n: 0 };
  return {
    median: percentile(values, 0.5),
    min: Math.min(...values),
    max: Math.max(...values),
    n: values.length,
  };
}

/**
 * Mean of CPU-time samples. Thread CPU time advances in scheduler ticks (4 ms at HZ=250), so
 * one run reads as 0, 4 or 8 ms: a median of such samples is biased, their mean is not.
 */
export function mean(values: readonly number[]): number {
  return values.length === 0 ? Number.NaN : values.reduce((a, b) => a + b, 0) / values.length;
}

/** "12.3 ms (11.9–13.0)". */
export function fmtSpread(s: Spread, unit = ' ms'): string {
  if (s.n === 0) return 'n/a';
  const f = (v: number) => (v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2));
  return s.n === 1 ? `${f(s.median)}${unit}` : `${f(s.median)}${unit} (${f(s.min)}–${f(s.max)})`;
}

export type Contender = { name: string; run: () => Promise<unknown> | unknown };

/** Wall time and this thread's CPU time of each run, ms, by contender name. */
export type Timings = Record<string, { wall: number[]; cpu: number[] }>;

const threadCpuMs = () => {
  const u = process.threadCpuUsage();
  return (u.user + u.system) / 1000;
};

/**
 * Runs `warmup` untimed rounds, then `rounds` timed ones; each round runs every contender once,
 * in an order that rotates from round to round. CPU time is this thread's only: it shows what a
 * run costs even when other processes compete for the cores, but not work done on other threads.
 */
export async function interleaved(
  contenders: readonly Contender[],
  rounds: number,
  warmup: number,
): Promise<Timings> {
  const times: Timings = Object.fromEntries(contenders.map((c) => [c.name, { wall: [], cpu: [] }]));
  for (let round = -warmup; round < rounds; round++) {
    for (let k = 0; k < contenders.length; k++) {
      const c = contenders[(k + Math.max(0, round)) % contenders.length] as Contender;
      const cpu = threadCpuMs();
      const start = performance.now();
      await c.run();
      const ms = performance.now() - start;
      if (round >= 0) {
        times[c.name]?.wall.push(ms);
        times[c.name]?.cpu.push(threadCpuMs() - cpu);
      }
      // Let the event loop turn, as it would between two requests: deferred native finalisers
      // (canvas pixel buffers) only run then, and skipping that would measure a memory leak.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  return times;
}
