import type { StatsPeriod } from '../api/schemas.ts';
import { PERIOD_WORDS } from '../vector-index.ts';

/** `last 7 days`; an unknown period (a caller bypassing the type) is shown as it is. */
export function periodInWords(period: StatsPeriod): string {
  return PERIOD_WORDS[period] ?? String(period);
}

const SECOND = 1000;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** `2.8`, `3`: one decimal, none when it is zero. */
const oneDecimal = (n: number) => String(Math.round(n * 10) / 10);

/**
 * A length of time in round words: `45 s`, `15 min`, `2.8 h`, `7.5 days`. Minutes up to an hour
 * and a half, hours up to two days: the unit a person would pick, not the one that divides evenly
 * (168 minutes reads better as 2.8 h).
 */
export function durationInWords(ms: number): string | undefined {
  if (!Number.isFinite(ms) || ms < SECOND) return undefined;
  if (ms < MINUTE) return `${Math.round(ms / SECOND)} s`;
  if (ms < 90 * MINUTE) return `${Math.round(ms / MINUTE)} min`;
  if (ms < 2 * DAY) return `${oneDecimal(ms / HOUR)} h`;
  const days = oneDecimal(ms / DAY);
  return `${days} ${days === '1' ? 'day' : 'days'}`;
}

/** `every 1 min`, `every 2.8 h`, `every 3 h`: the spacing the API actually used. */
export function stepInWords(stepMs: number): string | undefined {
  const words = durationInWords(stepMs);
  return words === undefined ? undefined : `every ${words}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');
// Beyond ±8.64e15 ms a Date is invalid.
const isDateMs = (ms: number) => Math.abs(ms) <= 8.64e15;

// Plain UTC getters rather than date-fns with a UTC zone: the zone's offset lookup cost a third of
// a millisecond per card, for a fixed zone whose offset is always 0.
const day = (d: Date) => `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
const time = (d: Date) => `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;

/** `22 Nov`: a day without its year, for labels next to data that says the year elsewhere. */
export function shortDate(ms: number): string {
  if (!isDateMs(ms)) return '';
  const d = new Date(ms);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;
}

/** `14:02 UTC`, or `22 Nov 14:02 UTC` when `ms` is on another day than `reference`. */
export function clockInWords(ms: number, reference: number): string {
  if (!isDateMs(ms) || !isDateMs(reference)) return '';
  const sameDay = Math.floor(ms / DAY) === Math.floor(reference / DAY);
  return `${sameDay ? '' : `${shortDate(ms)} `}${time(new Date(ms))} UTC`;
}

/** `1 May 2024 09:00 – 31 May 2024 06:00 UTC`, shortened when both ends share the day. */
export function rangeInWords(fromMs: number, toMs: number): string {
  if (!(isDateMs(fromMs) && isDateMs(toMs))) return '';
  const from = new Date(fromMs);
  const to = new Date(toMs);
  if (fromMs === toMs) return `${day(from)} ${time(from)} UTC`;
  if (day(from) === day(to)) return `${day(from)}, ${time(from)} – ${time(to)} UTC`;
  return `${day(from)} ${time(from)} – ${day(to)} ${time(to)} UTC`;
}
