// The per-day series (queries, updates, reranks, bandwidth per day) as bars over the time the
// period covers: one bar per day for 3, 7 and 30 days; one per hour for periods up to a day, each
// the day's count as of that hour. A slot the API sent no point for has no bar ("no data"), never
// a bar at zero.
//
// The provider sends the series in two shapes. Its real answers are week to date: one point per day
// since the week began, stamped at the day's midnight, today's still counting. The spec's shape is
// the period's 60 points, each the count of the day it falls in. Either way a slot's value is the
// latest point inside it, and the latest point of the period's last day is that day's count so far:
// it belongs to the last slot, whatever its stamp says (the provider stamps today at midnight).
import type { StatsPeriod } from '../api/schemas.ts';
import { dayNumberOf, hourLabel, hourNumberOf, shortDate, UTC, weekdayOf } from '../time/words.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** How many slots a period's per-day panel has, and how long each is. */
const SLOTS: Record<StatsPeriod, { count: number; unit: 'hour' | 'day' }> = {
  '1h': { count: 1, unit: 'hour' },
  '3h': { count: 3, unit: 'hour' },
  '12h': { count: 12, unit: 'hour' },
  '1d': { count: 24, unit: 'hour' },
  '3d': { count: 3, unit: 'day' },
  '7d': { count: 7, unit: 'day' },
  '30d': { count: 30, unit: 'day' },
};

/** The slots of a card's per-day panels, shared by its four series. */
export type Slots = {
  unit: 'hour' | 'day';
  /** Slot numbers: hours or days since 1970 on the zone's wall clock, oldest first. */
  numbers: number[];
  /** `Wed`, `22 Nov`, `14:00`. */
  labels: string[];
  /** `7 days: Wed–Tue`, `30 days: 2 Nov – 1 Dec`, `by the hour, 11:00 – 22:00 UTC: each bar its day so far`. */
  span: string;
  /** The instant the last slot ends on: the end of the period's data. */
  endMs: number;
  timeZone: string;
};

/** What a daily panel draws and says: a value per slot (NaN where the API sent nothing). */
export type DayBars = {
  values: number[];
  labels: string[];
  /** The last bar is the period's last day, still counting: drawn lighter, said "so far". */
  partialLast: boolean;
};

export const NO_BARS: DayBars = { values: [], labels: [], partialLast: false };

/** The slots a `period` ending at `endMs` covers: UTC days, or hours on the conversation's clock. */
export function slotsOf(period: StatsPeriod, endMs: number, conversationZone = UTC): Slots {
  const { count, unit } = SLOTS[period] ?? SLOTS['7d'];
  // Days are the API's (its counters reset at UTC midnight), whoever reads them; hours are read on
  // the conversation's clock (a day's count as of 14:00 there).
  const timeZone = unit === 'day' ? UTC : conversationZone;
  const last = unit === 'day' ? dayNumberOf(endMs, timeZone) : hourNumberOf(endMs, timeZone);
  const numbers = Array.from({ length: count }, (_, i) => last - (count - 1 - i));
  // A slot's start as an instant, for its label: near enough for the day or the hour it names.
  const startOf = (k: number) => endMs - (last - k) * (unit === 'day' ? DAY : HOUR);
  const labels = numbers.map((k) =>
    unit === 'hour'
      ? hourLabel(startOf(k), timeZone).replace(/:\d\d$/, ':00')
      : count <= 7
        ? weekdayOf(startOf(k), timeZone)
        : shortDate(startOf(k), timeZone),
  );
  const first = labels[0] ?? '';
  const lastLabel = labels[labels.length - 1] ?? '';
  let span: string;
  if (unit === 'hour') {
    const hours = count === 1 ? `${lastLabel} ${timeZone}` : `${first} – ${lastLabel} ${timeZone}`;
    span = `by the hour, ${hours}: each bar its day so far`;
  } else if (count <= 7) span = `${count} days: ${first}–${lastLabel}`;
  else span = `${count} days: ${first} – ${lastLabel}`;
  return { unit, numbers, labels, span, endMs, timeZone };
}

/**
 * A value per slot of the points `at`/`y` (time order, finite): the latest point inside each slot,
 * the latest point of the last day counted in the last slot (see above).
 */
export function dayBarsOf(at: ArrayLike<number>, y: ArrayLike<number>, n: number, slots: Slots): DayBars {
  if (n === 0 || slots.numbers.length === 0) return NO_BARS;
  const slotOf = (ms: number) =>
    slots.unit === 'day' ? dayNumberOf(ms, slots.timeZone) : hourNumberOf(ms, slots.timeZone);
  const first = slots.numbers[0] as number;
  const values = slots.numbers.map(() => Number.NaN);
  // The API's day, in UTC: the day its counters count.
  const lastDay = dayNumberOf(slots.endMs);
  for (let i = 0; i < n; i++) {
    const t = at[i] as number;
    if (t > slots.endMs) continue;
    const isLatestOfLastDay = i === n - 1 && dayNumberOf(t) === lastDay;
    const k = (isLatestOfLastDay ? slotOf(slots.endMs) : slotOf(t)) - first;
    if (k >= 0 && k < values.length) values[k] = y[i] as number;
  }
  if (values.every((v) => Number.isNaN(v))) return { ...NO_BARS, labels: slots.labels };
  return { values, labels: slots.labels, partialLast: !Number.isNaN(values[values.length - 1] as number) };
}

/** `today so far`, `Mon`: what the latest bar is, next to its value. */
export function latestBarWords(bars: DayBars): string {
  if (bars.partialLast) return 'today so far';
  return bars.labels[bars.labels.length - 1] ?? '';
}
