// The time range a reply describes comes from the data's own timestamps, not from the requested
// period: a series may hold fewer points than promised, and the API's clock is the one that counts.
import { tz } from '@date-fns/tz';
import type { StatsPeriod } from '../api/index.ts';
import { stepInWords } from '../render/format-time.ts';
import { format } from '../time/date-fns.ts';
import { PERIOD_WORDS } from '../vector-index.ts';

export { stepInWords };

const UTC = tz('UTC');
// Beyond this a Date is invalid and date-fns throws.
const MAX_DATE_MS = 8.64e15;

function at(ms: number, pattern: string): string {
  return format(new Date(ms), pattern, { in: UTC });
}

/**
 * `15 Nov 10:00 – 22 Nov 10:00 UTC`; `15 Nov, 09:00 – 10:00 UTC` within one day; the year appears
 * only when the two ends fall in different years.
 */
export function rangeInWords(fromMs: number, toMs: number): string | undefined {
  if (!(Math.abs(fromMs) <= MAX_DATE_MS && Math.abs(toMs) <= MAX_DATE_MS)) return undefined;
  if (fromMs === toMs) return `${at(fromMs, 'd MMM HH:mm')} UTC`;
  if (at(fromMs, 'yyyy') !== at(toMs, 'yyyy')) {
    return `${at(fromMs, 'd MMM yyyy HH:mm')} – ${at(toMs, 'd MMM yyyy HH:mm')} UTC`;
  }
  if (at(fromMs, 'MMdd') === at(toMs, 'MMdd'))
    return `${at(fromMs, 'd MMM, HH:mm')} – ${at(toMs, 'HH:mm')} UTC`;
  return `${at(fromMs, 'd MMM HH:mm')} – ${at(toMs, 'd MMM HH:mm')} UTC`;
}

export type DataSpan = { from: number; to: number; stepMs: number; points: number };

/**
 * Earliest and latest instant over all series, and the median spacing of the longest series
 * (the median shrugs off a single gap in the data).
 */
export function dataSpan(series: ReadonlyArray<ReadonlyArray<{ at: number }>>): DataSpan | undefined {
  let from = Number.POSITIVE_INFINITY;
  let to = Number.NEGATIVE_INFINITY;
  let longest: ReadonlyArray<{ at: number }> = [];
  for (const points of series) {
    for (const p of points) {
      if (!Number.isFinite(p.at)) continue;
      if (p.at < from) from = p.at;
      if (p.at > to) to = p.at;
    }
    if (points.length > longest.length) longest = points;
  }
  if (from > to) return undefined;
  const times = longest
    .map((p) => p.at)
    .filter(Number.isFinite)
    .sort((a, b) => a - b);
  const gaps: number[] = [];
  for (let i = 1; i < times.length; i++) gaps.push((times[i] as number) - (times[i - 1] as number));
  gaps.sort((a, b) => a - b);
  const stepMs = gaps.length > 0 ? (gaps[Math.floor(gaps.length / 2)] as number) : 0;
  return { from, to, stepMs, points: longest.length };
}

/** `last 7 days, every 2.8 h, 15 Nov 10:00 – 22 Nov 10:00 UTC`, or `last hour, no data points`. */
export function timeRangeInWords(
  period: StatsPeriod,
  series: ReadonlyArray<ReadonlyArray<{ at: number }>>,
): string {
  return spanInWords(period, dataSpan(series));
}

/** The same words for a span already measured (the card's: the series sampled over the period). */
export function spanInWords(
  period: StatsPeriod,
  span: { from: number; to: number; stepMs: number } | undefined,
): string {
  const parts = [PERIOD_WORDS[period] ?? String(period)];
  if (span === undefined) return `${parts[0]}, no data points`;
  const step = stepInWords(span.stepMs);
  if (step) parts.push(step);
  const range = rangeInWords(span.from, span.to);
  if (range) parts.push(range);
  return parts.join(', ');
}
