import type { StatsPeriod } from '../api/schemas.ts';

const PERIOD_WORDS: Record<StatsPeriod, string> = {
  '1h': 'last hour',
  '3h': 'last 3 hours',
  '12h': 'last 12 hours',
  '1d': 'last 24 hours',
  '3d': 'last 3 days',
  '7d': 'last 7 days',
  '30d': 'last 30 days',
};

/** `last 7 days`; an unknown period (a caller bypassing the type) is shown as it is. */
export function periodInWords(period: StatsPeriod): string {
  return PERIOD_WORDS[period] ?? String(period);
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function plural(n: number, unit: string): string {
  return `${n}-${unit}`;
}

/** `3-hour steps`, `72-minute steps`, `30-second steps`: the spacing the API actually used. */
export function stepInWords(stepMs: number): string | undefined {
  if (!Number.isFinite(stepMs) || stepMs <= 0) return undefined;
  if (stepMs % DAY === 0) return `${plural(stepMs / DAY, 'day')} steps`;
  if (stepMs % HOUR === 0) return `${plural(stepMs / HOUR, 'hour')} steps`;
  if (stepMs % MINUTE === 0) return `${plural(stepMs / MINUTE, 'minute')} steps`;
  const seconds = Math.round(stepMs / 1000);
  return seconds >= 1 ? `${plural(seconds, 'second')} steps` : undefined;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');

// Plain UTC getters rather than date-fns with a UTC zone: the zone's offset lookup cost a third of
// a millisecond per card, for a fixed zone whose offset is always 0.
const day = (d: Date) => `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
const time = (d: Date) => `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;

/** `1 May 2024 09:00 – 31 May 2024 06:00 UTC`, shortened when both ends share the day. */
export function rangeInWords(fromMs: number, toMs: number): string {
  // Beyond ±8.64e15 ms a Date is invalid.
  if (!(Math.abs(fromMs) <= 8.64e15 && Math.abs(toMs) <= 8.64e15)) return '';
  const from = new Date(fromMs);
  const to = new Date(toMs);
  if (fromMs === toMs) return `${day(from)} ${time(from)} UTC`;
  if (day(from) === day(to)) return `${day(from)}, ${time(from)} – ${time(to)} UTC`;
  return `${day(from)} ${time(from)} – ${day(to)} ${time(to)} UTC`;
}
