// Time zones and local dates, shared by every feature that speaks of a person's or a channel's wall
// clock (digest schedules, watch snoozes, dates in messages). Pure: an instant and an IANA zone in.
import { TZDate } from '@date-fns/tz/date';
import { tzOffset } from '@date-fns/tz/tzOffset';
import { format } from './date-fns.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const LOCAL_TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
// Region/City names (and UTC); bare offsets such as "+05:00" are valid for Intl but are not IANA
// zones and would silently ignore DST, so they are refused.
const ZONE_NAME = /^(UTC|GMT|[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)+)$/;

export function parseLocalTime(localTime: string): { hours: number; minutes: number } | undefined {
  const match = LOCAL_TIME.exec(localTime);
  if (!match) return undefined;
  return { hours: Number(match[1]), minutes: Number(match[2]) };
}

/** The zone's canonical IANA name ('europe/berlin' → 'Europe/Berlin'), or undefined when unknown. */
export function canonicalTimeZone(zone: string): string | undefined {
  const trimmed = zone.trim();
  if (!ZONE_NAME.test(trimmed)) return undefined;
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat('en-US', { timeZone: trimmed }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
  // ICU resolves current names to older ones (Asia/Kolkata → Asia/Calcutta, Europe/Kyiv →
  // Europe/Kiev); people should see the name they chose. Only its spelling's case is fixed.
  return resolved.toLowerCase() === trimmed.toLowerCase() ? resolved : trimmed;
}

export type LocalDate = { year: number; month: number; day: number };

/** The channel's calendar date at `instant`, 'YYYY-MM-DD' (the key of a digest run). */
export function localDateOf(instant: number, timeZone: string): string {
  return format(new TZDate(instant, timeZone), 'yyyy-MM-dd');
}

/** '09:30' as shown to someone in `timeZone` at `instant` (a digest's schedule). */
export function localTimeOf(instant: number, timeZone: string): string {
  return format(new TZDate(instant, timeZone), 'HH:mm');
}

function offsetMs(timeZone: string, instant: number): number {
  return tzOffset(timeZone, new Date(instant)) * MINUTE;
}

/**
 * The instant the wall clock in `timeZone` shows `date` at hours:minutes. Ambiguous (repeated)
 * times resolve to the earlier instant; times inside a gap to the end of the gap.
 */
export function instantOfLocal(date: LocalDate, hours: number, minutes: number, timeZone: string): number {
  const wall = Date.UTC(date.year, date.month - 1, date.day, hours, minutes);
  // The offsets in force half a day either side cover any single transition around `wall`.
  const before = offsetMs(timeZone, wall - 12 * HOUR);
  const after = offsetMs(timeZone, wall + 12 * HOUR);
  const candidates = [wall - before, wall - after].filter((t) => wall - offsetMs(timeZone, t) === t);
  if (candidates.length > 0) return Math.min(...candidates);
  return transitionBetween(
    timeZone,
    Math.min(wall - before, wall - after),
    Math.max(wall - before, wall - after),
  );
}

/** The first instant in (lo, hi] whose offset differs from lo's: where the clocks jumped. */
function transitionBetween(timeZone: string, lo: number, hi: number): number {
  const start = offsetMs(timeZone, lo);
  let low = lo;
  let high = hi;
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (offsetMs(timeZone, mid) === start) low = mid;
    else high = mid;
  }
  return high;
}
