// Pure maths behind the text summary: a series reduced to last/min/max/mean/change and a unicode
// sparkline. Values are finite JSON numbers by the time they get here (the API boundary rejects
// the rest), but this is also fed by tests and future callers, so non-finite values are dropped and
// every sum is arranged so that ±1e308 inputs cannot overflow to Infinity.

import { formatCount } from '../../render/format-numbers.ts';

export const SPARK_LEVELS = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'] as const;

/** 60 points fold 3:1 and 240 points 12:1 into 20 characters; short enough for a phone screen. */
export const SPARKLINE_WIDTH = 20;

export type SeriesSummary = {
  /** Finite points used. */
  n: number;
  last: number;
  min: number;
  max: number;
  mean: number;
  /**
   * Change from the first quarter's mean to the last quarter's mean, in percent of the first.
   * Undefined when it has no meaning: fewer than 2 points, or a first quarter that averages 0
   * while the last does not (growth from nothing is not a percentage).
   */
  changePct: number | undefined;
};

function finite(values: readonly number[]): number[] {
  return values.filter((v) => typeof v === 'number' && Number.isFinite(v));
}

/** Mean as a sum of v/n: no partial sum can exceed the largest |v|, so it never overflows. */
export function meanOf(values: readonly number[]): number {
  const n = values.length;
  if (n === 0) return Number.NaN;
  let mean = 0;
  for (const v of values) mean += v / n;
  return mean;
}

/** `undefined` for an empty (or all non-finite) series. */
export function summarise(values: readonly number[]): SeriesSummary | undefined {
  const ys = finite(values);
  const n = ys.length;
  if (n === 0) return undefined;
  let min = ys[0] as number;
  let max = min;
  for (const v of ys) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return { n, last: ys[n - 1] as number, min, max, mean: meanOf(ys), changePct: changeAcross(ys) };
}

/** First quarter vs last quarter (at least one point each), as a percentage of the first. */
export function changeAcross(values: readonly number[]): number | undefined {
  const ys = finite(values);
  const n = ys.length;
  if (n < 2) return undefined;
  const q = Math.max(1, Math.floor(n / 4));
  const first = meanOf(ys.slice(0, q));
  const last = meanOf(ys.slice(n - q));
  if (first === last) return 0;
  if (first === 0) return undefined;
  // Divided before subtracting: (last - first) itself could overflow for values near ±1e308.
  const scale = Math.abs(first);
  const pct = (last / scale - first / scale) * 100;
  return Number.isFinite(pct) ? pct : undefined;
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
 * `▁▂▄█▆▃` scaled between the series' own min and max. A flat series is drawn mid-height, or at the
 * floor when it is flat at zero, so "nothing happened" and "steady at some level" look different.
 * Empty input gives an empty string.
 */
export function sparkline(values: readonly number[], width = SPARKLINE_WIDTH): string {
  const ys = downsample(finite(values), Math.max(1, Math.floor(width)));
  if (ys.length === 0) return '';
  let min = ys[0] as number;
  let max = min;
  for (const v of ys) {
    if (v < min) min = v;
    if (v > max) max = v;
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

/** `+12.5%`, `−3.2%` (true minus sign), `0%`, `+1,234%`, `+56k%`; `n/a` when undefined. */
export function formatChange(pct: number | undefined): string {
  if (pct === undefined || !Number.isFinite(pct)) return 'n/a';
  const abs = Math.abs(pct);
  const text =
    abs >= 10_000
      ? formatCount(abs)
      : abs.toLocaleString('en-US', { maximumFractionDigits: abs < 10 ? 1 : 0, minimumFractionDigits: 0 });
  if (Number(text.replace(/,/g, '')) === 0) return '0%';
  return `${pct > 0 ? '+' : '−'}${text}%`;
}
