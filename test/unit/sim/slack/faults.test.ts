import { webApi } from '@slack/bolt';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type SlackSimulator, startSlackSimulator } from '../../../../src/sim/slack/index.ts';
import { quietSlackLogger } from '../../../support/slack-client.ts';

const TOKEN = 'xoxb-test-fake-token';

async function post(sim: SlackSimulator, method: string, args: Record<string, string>) {
  const res = await fetch(`${sim.apiUrl}${method}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: `Bearer ${TOKEN}` },
    body: new URLSearchParams(args).toString(),
  });
  return {
    status: res.status,
    retryAfter: res.headers.get('retry-after'),
    body: (await res.json()) as Record<string, unknown>,
  };
}

describe('Slack simulator: faults', () => {
  let sim: SlackSimulator;
  beforeAll(async () => {
    sim = await startSlackSimulator({ botToken: TOKEN });
  });
  afterAll(() => sim.close());
  beforeEach(() => sim.reset());

  it('fails a method with a Slack error the given number of times, then recovers', async () => {
    sim.fail('views.open', { error: 'expired_trigger_id' }, { times: 2 });
    const view = JSON.stringify({ type: 'modal', title: { type: 'plain_text', text: 'x' }, blocks: [] });
    for (let i = 0; i < 2; i++) {
      const res = await post(sim, 'views.open', { trigger_id: sim.newTriggerId(), view });
      expect(res.body).toEqual({ ok: false, error: 'expired_trigger_id' });
    }
    expect((await post(sim, 'views.open', { trigger_id: sim.newTriggerId(), view })).body.ok).toBe(true);
  });

  it('answers HTTP 500 when asked to', async () => {
    sim.fail('chat.postMessage', { status: 500 });
    expect((await post(sim, 'chat.postMessage', { channel: 'C1', text: 'x' })).status).toBe(500);
    expect(sim.messagesIn('C1')).toEqual([]);
  });

  it('answers 429 with Retry-After, and the real WebClient waits and succeeds on retry', async () => {
    sim.fail('chat.postMessage', { rateLimited: 1 });
    const client = new webApi.WebClient(TOKEN, {
      slackApiUrl: sim.apiUrl,
      retryConfig: { retries: 1 },
      logger: quietSlackLogger,
    });
    const res = await client.chat.postMessage({ channel: 'C1', text: 'after the wait' });
    expect(res.ok).toBe(true);
    expect(sim.callsTo('chat.postMessage').map((c) => [c.status, c.error])).toEqual([
      [429, 'ratelimited'],
      [200, undefined],
    ]);
    expect(sim.rateLimitedCount).toBe(1);
    expect(sim.messagesIn('C1').map((m) => m.text)).toEqual(['after the wait']);
  });

  it('sends the Retry-After header and ratelimited body on the wire', async () => {
    sim.fail('users.info', { rateLimited: 7 });
    expect(await post(sim, 'users.info', { user: 'U1' })).toEqual({
      status: 429,
      retryAfter: '7',
      body: { ok: false, error: 'ratelimited' },
    });
  });

  it('delays a call and then answers it normally', async () => {
    sim.fail('auth.test', { delayMs: 20 });
    expect((await post(sim, 'auth.test', {})).body.ok).toBe(true);
  });

  it('fails uploads and response_url posts too', async () => {
    sim.fail('response_url', { status: 500 });
    const res = await fetch(sim.newResponseUrl({ channel: 'C1', user: 'U1' }), {
      method: 'POST',
      body: JSON.stringify({ text: 'x' }),
    });
    expect(res.status).toBe(500);
    sim.fail('upload', { status: 503 });
    const client = new webApi.WebClient(TOKEN, {
      slackApiUrl: sim.apiUrl,
      retryConfig: { retries: 0 },
      logger: quietSlackLogger,
    });
    await expect(client.files.uploadV2({ content: 'x', filename: 'x.txt' })).rejects.toThrow(/503/);
  });
});

describe('Slack simulator: rate-limit enforcement', () => {
  let sim: SlackSimulator;
  let now = Date.UTC(2024, 0, 1);
  beforeAll(async () => {
    sim = await startSlackSimulator({ botToken: TOKEN, rateLimits: true, clock: () => now });
  });
  afterAll(() => sim.close());
  beforeEach(() => sim.reset());

  it('lets chat.postMessage burst a little, then holds each channel to about one message per second', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++)
      statuses.push((await post(sim, 'chat.postMessage', { channel: 'C1', text: `${i}` })).status);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
    // Another channel has its own budget.
    expect((await post(sim, 'chat.postMessage', { channel: 'C2', text: 'x' })).status).toBe(200);
    const limited = await post(sim, 'chat.postMessage', { channel: 'C1', text: 'x' });
    expect(limited).toMatchObject({ status: 429, retryAfter: '1', body: { error: 'ratelimited' } });
    now += 1000;
    expect((await post(sim, 'chat.postMessage', { channel: 'C1', text: 'x' })).status).toBe(200);
    expect(sim.rateLimitedCount).toBe(4);
  });

  it('enforces method tiers from the reference (conversations.open is Tier 3: 50 per minute)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 51; i++)
      statuses.push((await post(sim, 'conversations.open', { users: `U${i}` })).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(50);
    const limited = await post(sim, 'conversations.open', { users: 'U1' });
    expect(limited.status).toBe(429);
    expect(Number(limited.retryAfter)).toBeGreaterThanOrEqual(1);
    now += 60_000;
    expect((await post(sim, 'conversations.open', { users: 'U1' })).status).toBe(200);
  });
});
