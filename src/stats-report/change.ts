// The one meaning of "change" in opsbot. The stats message and its details, the digests and the
// watches all say "change" of a series over a period, and all of them mean this function:
//
//   change = the mean of the period's last quarter against the mean of its first quarter,
//            in percent of the first.
//
// Why quarters and not the first and the last point: a single point is as likely to be noise as
// news, and a quarter of the period (15 of 60 points, 60 of 240) averages the noise away while
// still describing "the start" and "the end". docs/commands.md states this once, in the same words.
// The module has no Slack and no feature types, so any feature can import it.
import { formatCount } from '../text/numbers.ts';

/** The sentence docs/commands.md and the stats details use, so they say exactly what the code does. */
export const CHANGE_IN_WORDS =
  '“change” compares the mean of the last quarter of a period with the mean of its first quarter, in percent of the first';

type Change = {
  /** Mean of the first quarter. */
  from: number;
  /** Mean of the last quarter. */
  to: number;
  /**
   * In percent of `from`. Undefined when growth from nothing is not a percentage: `from` is 0
   * while `to` is not.
   */
  pct: number | undefined;
};

/** The values a sum can use: NaN and ±Infinity dropped. */
export function finite(values: readonly number[]): number[] {
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

/**
 * The change of `values` (in time order) over the period they cover; undefined for fewer than
 * two finite values. Each quarter holds at least one point.
 */
export function changeOf(values: readonly number[]): Change | undefined {
  const ys = finite(values);
  const n = ys.length;
  if (n < 2) return undefined;
  const q = Math.max(1, Math.floor(n / 4));
  const from = meanOf(ys.slice(0, q));
  const to = meanOf(ys.slice(n - q));
  if (from === to) return { from, to, pct: 0 };
  if (from === 0) return { from, to, pct: undefined };
  // Divided before subtracting: (to - from) itself could overflow for values near ±1e308.
  const scale = Math.abs(from);
  const pct = (to / scale - from / scale) * 100;
  return { from, to, pct: Number.isFinite(pct) ? pct : undefined };
}

/** `+12%`, `−3.2%` (true minus sign), `0%`, `+1,234%`, `+56k%`; `n/a` when undefined. */
export function formatChange(pct: number | undefined): string {
  if (pct === undefined || !Number.isFinite(pct)) return 'n/a';
  const text = percentText(Math.abs(pct));
  if (Number(text.replace(/,/g, '')) === 0) return '0%';
  return `${pct > 0 ? '+' : '−'}${text}%`;
}

/** `12`, `4.3`, `1,235`, `56k`: a percentage's size without sign or `%`. */
export function percentText(abs: number): string {
  if (abs >= 10_000) return formatCount(abs);
  return abs.toLocaleString('en-US', { maximumFractionDigits: abs < 10 ? 1 : 0, minimumFractionDigits: 0 });
}
