// The per-day series (queries, updates, reranks, bandwidth per day) as one bar per day.
//
// The provider sends them in two shapes. Its real answers are week to date: one point per day since
// the week began, today's still counting, with the weekday names in the record's `days`. The spec's
// shape is the period's 60 points, each the count of the day it falls in. Both become the same
// thing here: the points grouped by UTC day, each day's latest point its bar. A bar is labelled with
// its name from `days` when `days` lines up with the bars (one recognisable weekday per bar, within
// a day of the bar's own date, which allows the provider's time zone), and with its date otherwise.
import { shortDate } from './format-time.ts';

const DAY = 86_400_000;
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** What a daily panel draws and says. */
export type DayBars = {
  values: number[];
  /** `Sun`, `Mon`… from `days`, or `22 Nov`… */
  labels: string[];
  /** The last bar is today, still counting: drawn lighter, said "so far". */
  partialLast: boolean;
  /** `this week: Sun–Tue`, `Sun–Tue`, `15–22 Nov`; empty without bars. */
  span: string;
};

export const NO_BARS: DayBars = { values: [], labels: [], partialLast: false, span: '' };

/** 0 = Sunday … 6 = Saturday, from `Sunday`, `sun`, ` SUNDAY `; undefined for anything else. */
export function weekdayOf(name: unknown): number | undefined {
  if (typeof name !== 'string') return undefined;
  const word = name.trim().toLowerCase();
  if (word.length < 3) return undefined;
  const i = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'].findIndex((full) =>
    full.startsWith(word),
  );
  return i < 0 ? undefined : i;
}

function labelsFromDays(dayNumbers: readonly number[], days: readonly unknown[]): string[] | undefined {
  if (days.length !== dayNumbers.length) return undefined;
  const labels: string[] = [];
  for (const [i, name] of days.entries()) {
    const named = weekdayOf(name);
    if (named === undefined) return undefined;
    // Day 0 of the epoch was a Thursday.
    const dated = ((dayNumbers[i] as number) + 4) % 7;
    const apart = Math.abs(named - dated);
    if (Math.min(apart, 7 - apart) > 1) return undefined;
    labels.push(WEEKDAYS[named] as string);
  }
  return labels;
}

function spanOf(dayNumbers: readonly number[], labels: readonly string[], fromDays: boolean, today: boolean) {
  const first = labels[0];
  const last = labels[labels.length - 1];
  if (first === undefined || last === undefined) return '';
  if (fromDays) {
    const range = first === last && labels.length === 1 ? first : `${first}–${last}`;
    // "This week" only when the bars are the week so far: up to today, starting on a Sunday or Monday.
    const weekSoFar = today && labels.length <= 7 && (first === 'Sun' || first === 'Mon');
    return weekSoFar ? `this week: ${range}` : range;
  }
  if (labels.length === 1) return today ? 'today' : first;
  const [d0, m0] = first.split(' ');
  const [, m1] = last.split(' ');
  const sameMonth = m0 === m1 && Math.abs((dayNumbers.at(-1) ?? 0) - (dayNumbers[0] ?? 0)) < 31;
  return sameMonth ? `${d0}–${last}` : `${first} – ${last}`;
}

/**
 * One bar per UTC day of the points `at`/`y` (time order, finite), labelled as above. `nowMs` is
 * the end of the period (the last instant of the minute series): a bar on that day is today's.
 */
export function dayBarsOf(
  at: ArrayLike<number>,
  y: ArrayLike<number>,
  n: number,
  days: readonly unknown[],
  nowMs: number | undefined,
): DayBars {
  if (n === 0) return NO_BARS;
  const dayNumbers: number[] = [];
  const values: number[] = [];
  for (let i = 0; i < n; i++) {
    const d = Math.floor((at[i] as number) / DAY);
    if (dayNumbers.length > 0 && dayNumbers[dayNumbers.length - 1] === d)
      values[values.length - 1] = y[i] as number;
    else {
      dayNumbers.push(d);
      values.push(y[i] as number);
    }
  }
  const fromDays = labelsFromDays(dayNumbers, days);
  const labels = fromDays ?? dayNumbers.map((d) => shortDate(d * DAY));
  const partialLast =
    nowMs !== undefined &&
    Number.isFinite(nowMs) &&
    dayNumbers[dayNumbers.length - 1] === Math.floor(nowMs / DAY);
  return {
    values,
    labels,
    partialLast,
    span: spanOf(dayNumbers, labels, fromDays !== undefined, partialLast),
  };
}

/** `Tue, so far`, `Mon`: what the latest bar is, next to its value. */
export function latestBarWords(bars: DayBars): string {
  const last = bars.labels[bars.labels.length - 1] ?? '';
  return bars.partialLast ? `${last}, so far` : last;
}
