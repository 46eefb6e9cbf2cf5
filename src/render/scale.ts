import { digitsToTell, formatTogether, formatValue, type ValueKind } from '../text/numbers.ts';

/**
 * How a panel's vertical scale is chosen, per kind of series:
 * - `zero`: amounts (counts per day, vectors, bytes; money if a series ever carries it). Their
 *   bars and areas stand on zero, so a day 4 % below the others is drawn 4 % shorter, and a dip
 *   that is small looks small.
 * - `range`: latency and throughput. What matters there is how they move, and a zero baseline
 *   would flatten a p99 that doubled from 6 to 12 into the bottom of the panel. The range is
 *   labelled at the top and the bottom of the plot, and it is never narrower than a quarter of
 *   the level, so noise of ±1 % is not drawn as a cliff either.
 */
export type Baseline = 'zero' | 'range';

/** Scale of a plot: values `lo`…`hi` fill it; `bottom`/`top` label its two edges. */
export type YScale = { lo: number; hi: number; bottom: string; top: string };

/** A ranged plot spans at least this share of its largest magnitude. */
export const MIN_RANGE_SHARE = 0.25;
/** Edges are rounded to a step of about a fifth of the span: 0–50, 5–7.5, 0–2M. */
const STEPS_PER_SPAN = 5;

/** The smallest 1, 2, 2.5 or 5 × 10^k at or above `raw`; undefined where floats give out. */
function niceStep(raw: number): number | undefined {
  if (!(raw > 0) || !Number.isFinite(raw)) return undefined;
  const base = 10 ** Math.floor(Math.log10(raw));
  if (!(base > 0) || !Number.isFinite(base)) return undefined;
  for (const m of [1, 2, 2.5, 5]) if (m * base >= raw) return m * base;
  return 10 * base;
}

/** The two edges in one format (`0 · 2.5M`, `5.0 · 7.5`), or with the digits it takes to differ. */
function labelled(kind: ValueKind, lo: number, hi: number): YScale {
  const together = formatTogether(kind, [lo, hi]);
  if (together !== undefined) return { lo, hi, bottom: together[0] as string, top: together[1] as string };
  const digits = digitsToTell(kind, [lo, hi]);
  return { lo, hi, bottom: formatValue(kind, lo, digits), top: formatValue(kind, hi, digits) };
}

/** The scale of a panel whose values run from `min` to `max`; undefined without data. */
export function yScaleOf(kind: ValueKind, baseline: Baseline, min: number, max: number): YScale | undefined {
  if (!Number.isFinite(min) || !Number.isFinite(max) || min > max) return undefined;
  let lo = min;
  let hi = max;
  if (baseline === 'zero') {
    lo = Math.min(0, min);
    hi = Math.max(0, max);
  } else {
    const need = Math.max(Math.abs(min), Math.abs(max)) * MIN_RANGE_SHARE;
    if (hi - lo < need) {
      const mid = lo / 2 + hi / 2;
      lo = mid - need / 2;
      hi = mid + need / 2;
      // A series that never goes below zero (latency, throughput) is not drawn as if it could.
      if (min >= 0 && lo < 0) {
        hi -= lo;
        lo = 0;
      }
    }
  }
  if (lo === hi) return labelled(kind, lo, lo === 0 ? 1 : hi);
  let step = niceStep((hi - lo) / STEPS_PER_SPAN);
  if (step === undefined) return labelled(kind, lo, hi);
  // Counts and bytes are whole: an edge at 0.5 of them would be labelled as a rounded lie.
  if (kind !== 'measure') step = Math.max(1, step);
  const niceLo = Math.floor(lo / step) * step;
  const niceHi = Math.ceil(hi / step) * step;
  if (!Number.isFinite(niceLo) || !Number.isFinite(niceHi) || niceLo >= niceHi) return labelled(kind, lo, hi);
  return labelled(kind, min >= 0 ? Math.max(0, niceLo) : niceLo, niceHi);
}
