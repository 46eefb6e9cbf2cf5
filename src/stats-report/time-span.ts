import type { SeriesName } from '../api/schemas.ts';
import type { SeriesSet } from './card-data.ts';

export type TimeSpan = { from: number; to: number; stepMs: number };

/**
 * The time range the data itself covers (earliest to latest point over the `names` series) and
 * its typical step (median spacing of the longest of them). Shown instead of the requested period
 * alone, because a series may hold fewer points than the period promises.
 */
export function timeSpan(series: SeriesSet, names: readonly SeriesName[]): TimeSpan | undefined {
  let from = Infinity;
  let to = -Infinity;
  let longest: Float64Array | undefined;
  for (const name of names) {
    const s = series[name];
    if (s.n === 0) continue;
    from = Math.min(from, s.at[0] as number);
    to = Math.max(to, s.at[s.n - 1] as number);
    if (!longest || s.n > longest.length) longest = s.at;
  }
  if (!longest) return undefined;
  const gaps: number[] = [];
  for (let i = 1; i < longest.length; i++) gaps.push((longest[i] as number) - (longest[i - 1] as number));
  gaps.sort((a, b) => a - b);
  const stepMs = gaps.length > 0 ? (gaps[Math.floor(gaps.length / 2)] as number) : 0;
  return { from, to, stepMs };
}
