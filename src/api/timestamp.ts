// The API writes instants the way Go's time.Time.String() does:
// `2024-05-01 13:37:00.123 +0000 UTC`. Go trims trailing zeros from the fraction, so
// 0 to 9 digits all occur in the wild; we accept all of them, and nothing but UTC.
const API_TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))? \+0000 UTC$/;

/** Epoch milliseconds of an API timestamp, or undefined when it is not one. Sub-millisecond digits are dropped. */
export function parseApiTimestamp(text: string): number | undefined {
  // A 30-day stats answer carries 3,840 of these, parsed on the event loop: the fixed shape is read
  // by position (~10× faster than the regular expression); anything else gets the careful parser.
  return parseFixedShapeTimestamp(text) ?? parseApiTimestampCarefully(text);
}

/** The reference parser: a regular expression, then a round trip through Date to reject 2024-02-30. */
export function parseApiTimestampCarefully(text: string): number | undefined {
  const m = API_TIMESTAMP.exec(text);
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const fraction = m[7] ?? '';
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return undefined;
  const ms = Number(fraction.padEnd(3, '0').slice(0, 3));
  const at = Date.UTC(year, month - 1, day, hour, minute, second, ms);
  // Date.UTC silently rolls 2024-02-30 over to March; a real instant round-trips.
  const check = new Date(at);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    return undefined;
  }
  return at;
}

const SUFFIX = ' +0000 UTC';
/** `YYYY-MM-DD HH:MM:SS +0000 UTC`; a fraction adds a dot and 1–9 digits after the seconds. */
const SHORTEST = 29;
const LONGEST = SHORTEST + 10;
const CHAR = { dash: 45, space: 32, colon: 58, dot: 46, zero: 48 } as const;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/** 0–9 for an ASCII digit at `i`, otherwise -1 (also past the end, where charCodeAt is NaN). */
function digitAt(text: string, i: number): number {
  const d = text.charCodeAt(i) - CHAR.zero;
  return d >= 0 && d <= 9 ? d : -1;
}

function twoDigitsAt(text: string, i: number): number {
  const tens = digitAt(text, i);
  const ones = digitAt(text, i + 1);
  return tens < 0 || ones < 0 ? -1 : tens * 10 + ones;
}

/**
 * The fast path: the instant when `text` has exactly the spec's shape and is a real calendar
 * instant, otherwise undefined — also for shapes it leaves to the careful parser (years before
 * 100, which Date.UTC would read as 19xx). It never accepts what the careful parser rejects, and
 * returns the same instant where both accept (test/api/timestamp.test.ts checks this on random input).
 */
export function parseFixedShapeTimestamp(text: string): number | undefined {
  const length = text.length;
  if (length < SHORTEST || length > LONGEST || length === SHORTEST + 1 || !text.endsWith(SUFFIX)) {
    return undefined;
  }
  if (
    text.charCodeAt(4) !== CHAR.dash ||
    text.charCodeAt(7) !== CHAR.dash ||
    text.charCodeAt(10) !== CHAR.space ||
    text.charCodeAt(13) !== CHAR.colon ||
    text.charCodeAt(16) !== CHAR.colon
  ) {
    return undefined;
  }
  const century = twoDigitsAt(text, 0);
  const yearInCentury = twoDigitsAt(text, 2);
  const month = twoDigitsAt(text, 5);
  const day = twoDigitsAt(text, 8);
  const hour = twoDigitsAt(text, 11);
  const minute = twoDigitsAt(text, 14);
  const second = twoDigitsAt(text, 17);
  if (century < 1 || yearInCentury < 0 || month < 1 || month > 12 || day < 1) return undefined;
  if (hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59) return undefined;
  const year = century * 100 + yearInCentury;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (day > (month === 2 && leap ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0))) return undefined;
  let ms = 0;
  if (length > SHORTEST) {
    if (text.charCodeAt(19) !== CHAR.dot) return undefined;
    // Digits from 20 up to the suffix; only the first three count (milliseconds), all must be digits.
    for (let i = 20, weight = 100; i < length - SUFFIX.length; i++, weight /= 10) {
      const d = digitAt(text, i);
      if (d < 0) return undefined;
      if (weight >= 1) ms += d * weight;
    }
  }
  return Date.UTC(year, month - 1, day, hour, minute, second, ms);
}
