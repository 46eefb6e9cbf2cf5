// Bolt refuses a signed request stamped more than five minutes in the past, but not one stamped in
// the future (src/receivers/verify-request.ts). A request signed ahead of time — by a clock that is
// wrong, or by someone who held the signing secret for a moment — would stay replayable for as long
// as its stamp lies ahead. Slack's guidance is to refuse |now - timestamp| > 5 minutes; this adds
// the half Bolt leaves out, in front of Bolt, before the body is read.
import type { IncomingHttpHeaders } from 'node:http';

export const MAX_CLOCK_SKEW_SECONDS = 5 * 60;

/**
 * Seconds the request's `X-Slack-Request-Timestamp` lies ahead of `nowMs`, when that is more than
 * the allowed skew; undefined otherwise. A missing or malformed header is Bolt's to refuse (it
 * answers 401), and Slack's unsigned `ssl_check` pings must still reach it.
 */
export function futureSkewSeconds(headers: IncomingHttpHeaders, nowMs: number): number | undefined {
  const raw = headers['x-slack-request-timestamp'];
  if (typeof raw !== 'string' || !/^\d{1,12}$/.test(raw.trim())) return undefined;
  const skew = Number(raw.trim()) - Math.floor(nowMs / 1000);
  return skew > MAX_CLOCK_SKEW_SECONDS ? skew : undefined;
}
