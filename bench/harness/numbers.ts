// Small statistics used across the harness: nearest-rank percentiles, medians and spreads.

/** Nearest-rank percentile (p in 0..1) of unsorted values; NaN when there are none. */
export function percentile(values: ArrayLike<number>, p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(p * sorted.length)));
  return sorted[rank - 1] as number;
}

export const median = (values: ArrayLike<number>): number => percentile(values, 0.5);

export type Spread = { median: number; min: number; max: number; n: number };

export function spread(values: readonly number[]): Spread {
  const finite = values.filter((v) => Number.isFinite(v));
  if (finite.length === 0) return { median: Number.NaN, min: Number.NaN, max: Number.NaN, n: 0 };
  return { median: median(finite), min: Math.min(...finite), max: Math.max(...finite), n: finite.length };
}

/** Rounds for display: 3 significant digits below 100, whole numbers above. */
export function fmt(value: number, unit = ''): string {
  if (!Number.isFinite(value)) return 'n/a';
  const digits = Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2;
  return `${value.toFixed(digits)}${unit}`;
}

/** "12.3 ms (11.9–13.0)" — a median with its min–max, or just the value when there is one run. */
export function fmtSpread(s: Spread, unit = ''): string {
  if (s.n === 0) return 'n/a';
  if (s.n === 1 || s.min === s.max) return fmt(s.median, unit);
  return `${fmt(s.median, unit)} (${fmt(s.min)}–${fmt(s.max)})`;
}

export function ratio(a: number, b: number): number {
  return Number.isFinite(a) && Number.isFinite(b) && b !== 0 ? a / b : Number.NaN;
}

export function fmtRatio(r: number): string {
  return Number.isFinite(r) ? `${r.toFixed(2)}×` : 'n/a';
}
