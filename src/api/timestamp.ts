// The API writes instants the way Go's time.Time.String() does:
// `2024-05-01 13:37:00.123 +0000 UTC`. Go trims trailing zeros from the fraction, so
// 0 to 9 digits all occur in the wild; we accept all of them, and nothing but UTC.
const API_TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))? \+0000 UTC$/;

/**
 * Epoch milliseconds of an API timestamp, or undefined when it is not one (2024-02-30 included).
 * Sub-millisecond digits are dropped.
 */
export function parseApiTimestamp(text: string): number | undefined {
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
