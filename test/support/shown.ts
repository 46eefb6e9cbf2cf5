// Shared by the hardening suites: what a person would see, gathered from everything opsbot sent to
// the Slack simulator, and checks that hold for all of it (no broadcast ping, no secret).
import { signSlackRequest } from '../../src/sim/driver/signing.ts';
import type { SimCall } from '../../src/sim/slack/index.ts';
import type { SimulatedWorkspace } from '../../src/sim/workspace.ts';

/**
 * Every string Slack would read as mrkdwn (and so could turn into a ping): a message's top-level
 * `text` and every text object of type mrkdwn. plain_text (labels, input values) never pings.
 */
export function mrkdwnStrings(payload: unknown): string[] {
  const out: string[] = [];
  const visit = (node: unknown, topLevel: boolean): void => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item, false);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    if (typeof record.text === 'string' && (topLevel || record.type === 'mrkdwn')) out.push(record.text);
    for (const [key, value] of Object.entries(record))
      if (key !== 'text' || typeof value !== 'string') visit(value, false);
  };
  visit(payload, true);
  return out;
}

/** Slack's broadcast and mention syntax, as it would ping; escaped (&lt;!channel&gt;) is inert. */
const PING = /<!(channel|here|everyone|subteam\^)|<@U0?INJECT/;

export function pingsIn(texts: readonly string[]): string[] {
  return texts.filter((t) => PING.test(t));
}

/** What opsbot asked Slack to show: message and view bodies, response_url posts, and HTTP ack bodies. */
export function shownPayloads(
  ws: Pick<SimulatedWorkspace, 'slack'>,
  acks: readonly string[] = [],
): unknown[] {
  const shown: unknown[] = [];
  for (const call of ws.slack.calls) {
    if (call.method.startsWith('chat.') || call.method === 'response_url') shown.push(call.args);
    if (call.method.startsWith('views.'))
      shown.push({ blocks: (call.args.view as { blocks?: unknown })?.blocks });
  }
  for (const body of acks) {
    if (body.trim().startsWith('{')) shown.push(JSON.parse(body));
  }
  return shown;
}

/** The mrkdwn of everything shown, for ping and escaping checks. */
export function shownMrkdwn(ws: Pick<SimulatedWorkspace, 'slack'>, acks: readonly string[] = []): string[] {
  return shownPayloads(ws, acks).flatMap((p) => mrkdwnStrings(p));
}

/** A human-readable line per Slack call, for failure messages. */
export function describeCalls(calls: readonly SimCall[]): string {
  return calls.map((c) => `${c.method} ${c.ok ? 'ok' : c.error}`).join('\n');
}

/** GET /healthz: the process is still up and serving. */
export async function healthy(url: string): Promise<boolean> {
  const res = await fetch(`${url}/healthz`);
  return res.status === 200;
}

/** POSTs `body` to the app signed with `secret`, as Slack would (the timestamp may be bent for tests). */
export async function postSigned(
  appUrl: string,
  secret: string,
  body: string,
  options: { timestampSeconds?: number | string; signature?: string; contentType?: string } = {},
): Promise<{ status: number; body: string }> {
  const timestamp = String(options.timestampSeconds ?? Math.floor(Date.now() / 1000));
  const res = await fetch(`${appUrl}/slack/events`, {
    method: 'POST',
    headers: {
      'content-type': options.contentType ?? 'application/x-www-form-urlencoded',
      'x-slack-request-timestamp': timestamp,
      'x-slack-signature': options.signature ?? signSlackRequest(secret, timestamp, body),
    },
    body,
  });
  return { status: res.status, body: await res.text() };
}
