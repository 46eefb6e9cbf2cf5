// Bolt reads `X-Slack-Request-Timestamp` with Number() (receivers/HTTPModuleFunctions.ts) and only
// refuses stamps more than five minutes in the past: `1e10`, `+10000000000` or a 13-digit stamp all
// read as far-future numbers, are signed over that number's text, and pass. A request signed ahead
// of time — by a clock that is wrong, or by someone who held the signing secret for a moment —
// would stay replayable for as long as its stamp lies ahead. Slack's guidance is |now - timestamp|
// ≤ 5 minutes; this enforces it on the header as sent, in front of Bolt, before the body is read.
import type { IncomingHttpHeaders } from 'node:http';

const MAX_CLOCK_SKEW_SECONDS = 5 * 60;

/** Seconds since the epoch, as Slack writes them: digits only (10 of them until 2286). */
const PLAIN_SECONDS = /^\d{1,11}$/;

type TimestampRejection =
  | { reason: 'timestamp_malformed' }
  | { reason: 'timestamp_in_future' | 'timestamp_stale'; skewSeconds: number };

/**
 * Why the request's stamp is refused, or undefined when it is a plain integer within the window.
 * A missing header is Bolt's to refuse (it answers 401): Slack's unsigned `ssl_check` pings carry
 * none and must still reach it.
 */
export function timestampRejection(
  headers: IncomingHttpHeaders,
  nowMs: number,
): TimestampRejection | undefined {
  const raw = headers['x-slack-request-timestamp'];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !PLAIN_SECONDS.test(raw)) return { reason: 'timestamp_malformed' };
  const skewSeconds = Number(raw) - Math.floor(nowMs / 1000);
  if (skewSeconds > MAX_CLOCK_SKEW_SECONDS) return { reason: 'timestamp_in_future', skewSeconds };
  if (skewSeconds < -MAX_CLOCK_SKEW_SECONDS) return { reason: 'timestamp_stale', skewSeconds };
  return undefined;
}
