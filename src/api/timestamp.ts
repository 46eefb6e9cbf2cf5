// The API writes instants the way Go's time.Time.String() does:
// `2024-05-01 13:37:00.123 +0000 UTC`. Go trims trailing zeros from the fraction, so
// 0 to 9 digits all occur in the wild; we accept all of them, and nothing but UTC.
//
// Read character by character, not with a regular expression: a stats read carries thousands of
// points, and at ten times the busy day the regular expression and its match arrays were the
// largest cost of reading them (bench item 7's profile).

const SUFFIX = ' +0000 UTC';
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The number written by the digits of `text` from `from` for `length` characters; -1 if any isn't one. */
function digits(text: string, from: number, length: number): number {
  let value = 0;
  for (let i = from; i < from + length; i++) {
    const d = text.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    value = value * 10 + d;
  }
  return value;
}

function daysIn(month: number, year: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return month === 2 && leap ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0);
}

/**
 * Epoch milliseconds of an API timestamp, or undefined when it is not one (2024-02-30 included).
 * Sub-millisecond digits are dropped.
 */
export function parseApiTimestamp(text: string): number | undefined {
  if (text.length < 19 + SUFFIX.length) return undefined;
  if (text[4] !== '-' || text[7] !== '-' || text[10] !== ' ' || text[13] !== ':' || text[16] !== ':')
    return undefined;
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 2);
  const day = digits(text, 8, 2);
  const hour = digits(text, 11, 2);
  const minute = digits(text, 14, 2);
  const second = digits(text, 17, 2);
  // Years before 100 are not instants the API writes (and Date.UTC would read them as 19xx).
  if (year < 100 || month < 1 || month > 12 || day < 1 || day > daysIn(month, year)) return undefined;
  if (hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59) return undefined;
  let end = 19;
  let ms = 0;
  if (text[19] === '.') {
    end = 20;
    while (end < text.length && end < 29 && text.charCodeAt(end) >= 48 && text.charCodeAt(end) <= 57) end++;
    const fraction = end - 20;
    if (fraction === 0) return undefined;
    // The first three digits are the milliseconds ('.5' is 500, '.12' is 120).
    ms = digits(text, 20, Math.min(3, fraction)) * 10 ** Math.max(0, 3 - fraction);
  }
  if (text.length !== end + SUFFIX.length || !text.endsWith(SUFFIX)) return undefined;
  return Date.UTC(year, month - 1, day, hour, minute, second, ms);
}
