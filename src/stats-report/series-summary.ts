// Pure maths behind the details: a series reduced to last/min/max/mean/change and a unicode
// sparkline. Values are finite JSON numbers by the time they get here (the API boundary rejects
// the rest), but this is also fed by tests and future callers, so non-finite values are dropped and
// every sum is arranged so that ±1e308 inputs cannot overflow to Infinity.

import { changeOf, finite, meanOf } from './change.ts';

export const SPARK_LEVELS = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'] as const;

/** 60 points fold 3:1 and 240 points 12:1 into 20 characters; short enough for a phone screen. */
export const SPARKLINE_WIDTH = 20;

export type SeriesSummary = {
  /** Finite points used. */
  n: number;
  first: number;
  last: number;
  min: number;
  max: number;
  mean: number;
  /** The change over the period, as change.ts defines it; undefined where it has no meaning. */
  changePct: number | undefined;
};

/** The least and the greatest of `ys`, which is not empty. */
function extent(ys: readonly number[]): { min: number; max: number } {
  let min = ys[0] as number;
  let max = min;
  for (const v of ys) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return { min, max };
}

/** `undefined` for an empty (or all non-finite) series. */
export function summarise(values: readonly number[]): SeriesSummary | undefined {
  const ys = finite(values);
  const n = ys.length;
  if (n === 0) return undefined;
  const { min, max } = extent(ys);
  return {
    n,
    first: ys[0] as number,
    last: ys[n - 1] as number,
    min,
    max,
    mean: meanOf(ys),
    changePct: changeOf(ys)?.pct,
  };
}

/** Buckets `values` into `width` consecutive groups and takes each group's mean. */
export function downsample(values: readonly number[], width: number): number[] {
  const n = values.length;
  if (n <= width) return [...values];
  const out: number[] = [];
  for (let i = 0; i < width; i++) {
    const start = Math.floor((i * n) / width);
    const end = Math.floor(((i + 1) * n) / width);
    out.push(meanOf(values.slice(start, Math.max(end, start + 1))));
  }
  return out;
}

/**
 * `▁▂▄█▆▃`. With `fromZero` (amounts: counts, bytes) the floor is zero, so a day 4 % below the
 * others is a block lower at most, not a cliff; otherwise the line spans its own min and max (the
 * caller shows them next to it). A flat series is drawn mid-height, or at the floor when it is flat
 * at zero, so "nothing happened" and "steady at some level" look different. Empty input gives an
 * empty string.
 */
export function sparkline(
  values: readonly number[],
  options: { width?: number; fromZero?: boolean } = {},
): string {
  const width = options.width ?? SPARKLINE_WIDTH;
  const ys = downsample(finite(values), Math.max(1, Math.floor(width)));
  if (ys.length === 0) return '';
  let { min, max } = extent(ys);
  if (options.fromZero) {
    min = Math.min(0, min);
    max = Math.max(0, max);
  }
  const top = SPARK_LEVELS.length - 1;
  if (min === max) return (SPARK_LEVELS[min === 0 ? 0 : 3] as string).repeat(ys.length);
  // Halved so that max - min stays finite even for -1e308 … 1e308.
  const range = max / 2 - min / 2;
  return ys
    .map((v) => {
      const level = Math.round(((v / 2 - min / 2) / range) * top);
      return SPARK_LEVELS[Math.min(top, Math.max(0, level))] as string;
    })
    .join('');
}
