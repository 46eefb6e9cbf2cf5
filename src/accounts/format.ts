// Units as the spec gives them: bytes in binary units (a 1,048,576-byte limit reads "1 MiB"), seconds
// and milliseconds as durations, counts with thousands separators (the figures are src/text's). INT32
// max is how the API spells "no limit" on integer columns, so it reads "unlimited" whatever the unit.
import { tz } from '@date-fns/tz';
import { NOT_REPORTED } from '../text/mrkdwn.ts';
import { formatBinaryBytes, formatExact } from '../text/numbers.ts';
import { format, formatDistance, formatDuration } from '../time/date-fns.ts';

export const INT32_MAX = 2_147_483_647;
// int64 max does not survive JSON.parse exactly; it arrives as 2^63.
const INT64_MAX_AS_DOUBLE = 2 ** 63;

const UNLIMITED = 'unlimited';

function isUnlimited(value: number | undefined): boolean {
  return value === INT32_MAX || value === INT64_MAX_AS_DOUBLE;
}

/** A limit's figure, or what stands for none: not reported, or unlimited. */
const limit =
  (format: (value: number) => string) =>
  (value: number | undefined): string =>
    value === undefined ? NOT_REPORTED : isUnlimited(value) ? UNLIMITED : format(value);

/** `1,000,000`; fractions kept to two places. */
export const formatCount = limit(formatExact);

/** `512 B`, `1 MiB`, `1.5 GiB`: binary units, at most one decimal. */
export const formatBytes = limit(formatBinaryBytes);

const cents = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const wholes = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Money without a stated currency: `180`, `2,499.50`. */
export function formatAmount(value: number | undefined): string {
  if (value === undefined) return NOT_REPORTED;
  if (!Number.isFinite(value)) return '–';
  return (Number.isInteger(value) ? wholes : cents).format(value);
}

/** `15 minutes`, `7 days`, `1 day 6 hours`: every non-zero unit, so a limit is never rounded. */
export const formatSeconds = limit((value) => {
  if (!Number.isFinite(value) || value < 0) return `${formatExact(value)} s`;
  if (value === 0) return '0 seconds';
  let rest = value;
  const days = Math.floor(rest / 86_400);
  rest -= days * 86_400;
  const hours = Math.floor(rest / 3_600);
  rest -= hours * 3_600;
  const minutes = Math.floor(rest / 60);
  const seconds = Math.round((rest - minutes * 60) * 1000) / 1000;
  return formatDuration({ days, hours, minutes, seconds });
});

/** `250 ms`, `1.5 seconds`, `7 days`. */
export const formatMillis = limit((value) => {
  if (!Number.isFinite(value) || value < 1000) return `${formatExact(value)} ms`;
  return formatSeconds(value < 60_000 ? value / 1000 : Math.round(value / 1000));
});

const UTC = tz('UTC');

type When = { relative: string; absolute: string };

/**
 * A Unix timestamp in seconds (docs/management-api-decisions.md) as "3 months ago" and
 * "12 Mar 2025 14:03 UTC". Undefined for 0 (never) and for values no calendar can show.
 */
export function formatWhen(unixSeconds: number | undefined, nowMs: number): When | undefined {
  if (unixSeconds === undefined || !Number.isFinite(unixSeconds) || unixSeconds <= 0) return undefined;
  const date = new Date(unixSeconds * 1000);
  if (Number.isNaN(date.getTime())) return undefined;
  return {
    relative: formatDistance(date, nowMs, { addSuffix: true }),
    absolute: `${format(date, 'd MMM yyyy HH:mm', { in: UTC })} UTC`,
  };
}
