// How opsbot writes times and lengths of time for people: every instant with its zone ("22:10 UTC",
// "Tue 1 Dec, 22:10 Europe/Berlin"), in the zone the conversation reads it in (src/time/audience.ts
// chooses it). The stats card, its alt text, the stats message, the alert chart and the watch, index
// and Home messages and the search requests' cards and refusals all write times through this module.
import { tzOffset } from '@date-fns/tz/tzOffset';
import type { StatsPeriod } from '../api/schemas.ts';
import { stepInWords } from '../text/spans.ts';
import { PERIOD_WORDS } from '../vector-index.ts';

export const UTC = 'UTC';

/** `last 7 days`; an unknown period (a caller bypassing the type) is shown as it is. */
export function periodInWords(period: StatsPeriod): string {
  return PERIOD_WORDS[period] ?? String(period);
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const pad = (n: number) => String(n).padStart(2, '0');
// Beyond ±8.64e15 ms a Date is invalid.
const isDateMs = (ms: number) => Number.isFinite(ms) && Math.abs(ms) <= 8.64e15 - 2 * DAY;

/**
 * The wall clock of `timeZone` at `ms`, as a Date read with its UTC getters. UTC is read as it is:
 * a zone lookup costs a third of a millisecond, and a card writes dozens of times.
 */
function wall(ms: number, timeZone: string): Date {
  if (timeZone === UTC) return new Date(ms);
  return new Date(ms + tzOffset(timeZone, new Date(ms)) * MINUTE);
}

/** The calendar day of `ms` on the wall clock of `timeZone`, as a whole number (days since 1970). */
export function dayNumberOf(ms: number, timeZone = UTC): number {
  return Math.floor(wall(ms, timeZone).getTime() / DAY);
}

/** The wall clock's hour of `ms` as a whole number (hours since 1970, in `timeZone`). */
export function hourNumberOf(ms: number, timeZone = UTC): number {
  return Math.floor(wall(ms, timeZone).getTime() / HOUR);
}

const dayOf = (d: Date) => `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;
const timeOf = (d: Date) => `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;

/** `22 Nov`: a day without its year, for labels next to data that says the year elsewhere. */
export function shortDate(ms: number, timeZone = UTC): string {
  return isDateMs(ms) ? dayOf(wall(ms, timeZone)) : '';
}

/** `Tue`: the weekday of `ms` in `timeZone`. */
export function weekdayOf(ms: number, timeZone = UTC): string {
  return isDateMs(ms) ? (WEEKDAYS[wall(ms, timeZone).getUTCDay()] as string) : '';
}

/** `14:00`: the time of day, without its zone, for labels whose zone is said beside them. */
export function hourLabel(ms: number, timeZone = UTC): string {
  return isDateMs(ms) ? timeOf(wall(ms, timeZone)) : '';
}

/** `14:02 UTC`, or `22 Nov 14:02 UTC` when `ms` is on another day than `reference`. */
export function clockInWords(ms: number, reference: number, timeZone = UTC): string {
  if (!isDateMs(ms) || !isDateMs(reference)) return '';
  const sameDay = dayNumberOf(ms, timeZone) === dayNumberOf(reference, timeZone);
  return `${sameDay ? '' : `${shortDate(ms, timeZone)} `}${timeOf(wall(ms, timeZone))} ${timeZone}`;
}

/** `Tue 1 Dec, 22:10 UTC`: an instant for a message, its zone always said. */
export function instantInWords(ms: number, timeZone = UTC): string {
  if (!isDateMs(ms)) return '';
  const d = wall(ms, timeZone);
  return `${WEEKDAYS[d.getUTCDay()]} ${dayOf(d)}, ${timeOf(d)} ${timeZone}`;
}

/**
 * `2026-01-15 09:30 UTC`: an instant with its year, in UTC, where Slack's date token can't show the
 * reader's own zone (the token's fallback, the sentences of a refusal).
 */
export function utcStamp(ms: number): string {
  return isDateMs(ms) ? `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} ${UTC}` : '';
}

/**
 * `15 Nov 10:00 – 22 Nov 10:00 UTC`; `15 Nov, 09:00 – 10:00 UTC` within one day; the year appears
 * only when the two ends fall in different years. Empty for instants a Date cannot hold.
 */
export function rangeInWords(fromMs: number, toMs: number, timeZone = UTC): string {
  if (!(isDateMs(fromMs) && isDateMs(toMs))) return '';
  const from = wall(fromMs, timeZone);
  const to = wall(toMs, timeZone);
  if (fromMs === toMs) return `${dayOf(from)} ${timeOf(from)} ${timeZone}`;
  if (from.getUTCFullYear() !== to.getUTCFullYear())
    return `${dayOf(from)} ${from.getUTCFullYear()} ${timeOf(from)} – ${dayOf(to)} ${to.getUTCFullYear()} ${timeOf(to)} ${timeZone}`;
  if (dayOf(from) === dayOf(to)) return `${dayOf(from)}, ${timeOf(from)} – ${timeOf(to)} ${timeZone}`;
  return `${dayOf(from)} ${timeOf(from)} – ${dayOf(to)} ${timeOf(to)} ${timeZone}`;
}

/**
 * What a stats period covers, from the data's own timestamps (a series may hold fewer points than
 * the period promises, and the API's clock is the one that counts): `last 7 days`, `every 2.8 h`,
 * `15 Nov 10:00 – 22 Nov 10:00 UTC`; `no data points` without any. The card joins them with ` · `,
 * the messages with `, `.
 */
export function spanWords(
  period: StatsPeriod,
  span: { from: number; to: number; stepMs: number } | undefined,
  timeZone = UTC,
): string[] {
  const parts = [periodInWords(period)];
  if (span === undefined) return [...parts, 'no data points'];
  const step = stepInWords(span.stepMs);
  if (step) parts.push(step);
  const range = rangeInWords(span.from, span.to, timeZone);
  if (range) parts.push(range);
  return parts;
}
