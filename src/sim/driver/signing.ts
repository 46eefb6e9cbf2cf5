import { createHmac } from 'node:crypto';

/**
 * Slack's request signature: 'v0=' + hex HMAC-SHA256 of "v0:<timestamp>:<raw body>", keyed with the
 * signing secret used as a literal UTF-8 string.
 */
export function signSlackRequest(
  signingSecret: string,
  timestampSeconds: number | string,
  rawBody: string,
): string {
  const digest = createHmac('sha256', signingSecret)
    .update(`v0:${timestampSeconds}:${rawBody}`)
    .digest('hex');
  return `v0=${digest}`;
}
