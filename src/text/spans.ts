// How opsbot writes a length of time for a person: every "5 min", "2.8 h", "3 d ago" a message
// shows is written here. Each function is one way a message words a span (rounded to the unit a
// person would pick, or both units, or spelled out in a sentence), named by what it says; the copy
// of every message depends on its exact form, so the forms differ where the messages do.

const SECOND = 1000;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** `2.8`, `3`: one decimal, none when it is zero. */
const oneDecimal = (n: number) => String(Math.round(n * 10) / 10);

/** `2 h`, `2 h 30 min`: a larger unit and what is left in the smaller one, when anything is. */
const twoUnits = (big: number, bigUnit: string, rest: number, restUnit: string) =>
  rest === 0 ? `${big} ${bigUnit}` : `${big} ${bigUnit} ${rest} ${restUnit}`;

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

/** `5 min`, `2 h`, `1 h 30 min`: to the nearest minute (one at least), in minutes and hours. */
export function minutesAndHours(ms: number): string {
  const minutes = Math.max(1, Math.round(ms / MINUTE));
  if (minutes < 60) return `${minutes} min`;
  return twoUnits(Math.floor(minutes / 60), 'h', minutes % 60, 'min');
}

/** `40 min` under an hour, else hours to one decimal: `2.5 h`, `30 h`. */
export function minutesOrHours(ms: number): string {
  return ms < HOUR ? `${Math.round(ms / MINUTE)} min` : `${oneDecimal(ms / HOUR)} h`;
}

/** `5 min`, `3 h`, `2 d 4 h`: how long something has waited, to the unit that matters (whole units). */
export function waitedInWords(ms: number): string {
  const minutes = Math.floor(ms / MINUTE);
  if (minutes < 60) return `${Math.max(1, minutes)} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h`;
  return twoUnits(Math.floor(hours / 24), 'd', hours % 24, 'h');
}

/** "just now", "3 min ago", "5 h ago", "2 d ago": the age of something, to the unit that matters. */
export function agoInWords(from: number, now: number): string {
  const minutes = Math.max(0, Math.floor((now - from) / MINUTE));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} d ago`;
}

/** `a second`, `30 seconds`, `a minute`, `5 minutes`, `2 hours`: a wait in a sentence, rounded up. */
export function waitSpelledOut(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / SECOND));
  if (seconds < 60) return seconds === 1 ? 'a second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 90) return minutes === 1 ? 'a minute' : `${minutes} minutes`;
  const hours = Math.round(minutes / 60);
  return hours === 1 ? 'an hour' : `${hours} hours`;
}
