// Synthetic stats for the highlight tests: every series steady (or absent) unless a test says
// otherwise, a minute apart, ending at a known instant.
import type { SeriesName, VectorIndexStats } from '../../../src/api/index.ts';

export const END = Date.UTC(2026, 10, 24, 14, 59);
export const MINUTE = 60_000;

export type Points = Array<{ x: string; at: number; y: number }>;

/** `values` as a series whose last point is at `end`, `stepMs` apart. */
export function points(values: readonly number[], end = END, stepMs = MINUTE): Points {
  return values.map((y, i) => ({ x: '', at: end - (values.length - 1 - i) * stepMs, y }));
}

/** A deterministic wobble of ±`amount` around `level`: looks like noise, never repeats. */
export function steady(level: number, n = 60, amount = 0.05, seed = 1): number[] {
  return Array.from({ length: n }, (_, i) => level * (1 + amount * Math.sin(i * 2.39996 + seed * 0.7)));
}

/** A stats record holding only `series` (everything else absent). */
export function statsWith(series: Partial<Record<SeriesName, Points>>): VectorIndexStats {
  return { days: [], ...series } as unknown as VectorIndexStats;
}
