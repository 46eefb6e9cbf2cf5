import { webApi } from '@slack/bolt';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type SlackSimulator, startSlackSimulator } from '../../../../src/sim/slack/index.ts';

const TOKEN = 'xoxb-test-fake-token';

async function call(
  sim: SlackSimulator,
  method: string,
  args: Record<string, string>,
  token: string | null = TOKEN,
) {
  const res = await fetch(`${sim.apiUrl}${method}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      ...(token === null ? {} : { Authorization: `Bearer ${token}` }),
    },
    body: new URLSearchParams(args).toString(),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('Slack simulator: Web API basics', () => {
  let sim: SlackSimulator;
  let client: InstanceType<typeof webApi.WebClient>;
  beforeAll(async () => {
    sim = await startSlackSimulator({
      botToken: TOKEN,
      botUserId: 'U0BOT',
      users: { U1: { tz: 'Europe/Paris', name: 'ada' }, U2: { tz: 'America/Los_Angeles' } },
      channels: {
        C1: {},
        CPRIV: { isPrivate: true, botIsMember: false },
        COUT: { botIsMember: false },
      },
      clock: () => Date.UTC(2024, 6, 1, 12, 0, 0),
    });
    client = new webApi.WebClient(TOKEN, { slackApiUrl: sim.apiUrl, retryConfig: { retries: 0 } });
  });
  afterAll(() => sim.close());
  beforeEach(() => sim.reset());

  it('serves the API under an /api/ URL Bolt can take as slackApiUrl', () => {
    expect(sim.apiUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/$/);
  });

  it('answers not_authed without a token and invalid_auth with a wrong one, with HTTP 200', async () => {
    expect(await call(sim, 'auth.test', {}, null)).toEqual({
      status: 200,
      body: { ok: false, error: 'not_authed' },
    });
    expect(await call(sim, 'auth.test', {}, 'xoxb-test-wrong')).toEqual({
      status: 200,
      body: { ok: false, error: 'invalid_auth' },
    });
  });

  it('accepts the token as a form field too, and never records it', async () => {
    const res = await call(sim, 'auth.test', { token: TOKEN }, null);
    expect(res.body).toMatchObject({ ok: true, user_id: 'U0BOT', team_id: 'T0TEST' });
    expect(JSON.stringify(sim.calls)).not.toContain(TOKEN);
  });

  it('answers unknown_method for methods it does not know', async () => {
    expect((await call(sim, 'chat.meMessage', { channel: 'C1', text: 'x' })).body).toEqual({
      ok: false,
      error: 'unknown_method',
    });
  });

  it('posts through the real WebClient, storing the message with a unique increasing ts', async () => {
    const first = await client.chat.postMessage({ channel: 'C1', text: 'hello' });
    const second = await client.chat.postMessage({
      channel: 'C1',
      text: 'fallback',
      blocks: [{ type: 'section', text: { type: 'mrkdwn', text: '*hi*' } }],
    });
    expect(first.ts).toMatch(/^\d{10}\.\d{6}$/);
    expect(Number(second.ts)).toBeGreaterThan(Number(first.ts));
    const stored = sim.messagesIn('C1');
    expect(stored.map((m) => m.text)).toEqual(['hello', 'fallback']);
    // Slack fills in block_ids that the app left out; clicks carry them back.
    expect(stored[1]?.blocks?.[0]).toMatchObject({ type: 'section', block_id: expect.any(String) });
    expect(sim.callsTo('chat.postMessage')[1]?.args.blocks).toEqual([
      { type: 'section', text: { type: 'mrkdwn', text: '*hi*' } },
    ]);
  });

  it('accepts JSON bodies with the token in the Authorization header', async () => {
    const res = await fetch(`${sim.apiUrl}chat.postMessage`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json; charset=utf-8', Authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify({ channel: 'C1', blocks: [{ type: 'divider' }], text: 'json' }),
    });
    expect(await res.json()).toMatchObject({ ok: true, channel: 'C1' });
    expect(sim.messagesIn('C1')[0]?.blocks).toHaveLength(1);
  });

  it('rejects missing arguments the way Slack does', async () => {
    expect((await call(sim, 'chat.postMessage', { text: 'x' })).body).toEqual({
      ok: false,
      error: 'invalid_arguments',
      response_metadata: { messages: ['[ERROR] missing required field: channel'] },
    });
    expect((await call(sim, 'chat.postMessage', { channel: 'C1' })).body).toEqual({
      ok: false,
      error: 'no_text',
    });
    expect((await call(sim, 'chat.postEphemeral', { channel: 'C1', text: 'x' })).body.error).toBe(
      'invalid_arguments',
    );
    expect((await call(sim, 'chat.update', { channel: 'C1', text: 'x' })).body.error).toBe(
      'invalid_arguments',
    );
    expect((await call(sim, 'views.open', { view: '{}' })).body).toMatchObject({
      error: 'invalid_arguments',
      response_metadata: { messages: ['[ERROR] missing required field: trigger_id'] },
    });
    expect((await call(sim, 'chat.postMessage', { channel: 'C1', blocks: '[{' })).body.error).toBe(
      'invalid_blocks_format',
    );
  });

  it('knows which channels exist and which the bot is in', async () => {
    expect((await call(sim, 'chat.postMessage', { channel: 'CNOPE', text: 'x' })).body.error).toBe(
      'channel_not_found',
    );
    expect((await call(sim, 'chat.postMessage', { channel: 'COUT', text: 'x' })).body.error).toBe(
      'not_in_channel',
    );
    // A private channel the bot is not in is invisible to it.
    expect((await call(sim, 'chat.postMessage', { channel: 'CPRIV', text: 'x' })).body.error).toBe(
      'channel_not_found',
    );
  });

  it('posts ephemeral messages for one user', async () => {
    const res = await call(sim, 'chat.postEphemeral', { channel: 'C1', user: 'U1', text: 'only you' });
    expect(res.body).toEqual({ ok: true, message_ts: expect.stringMatching(/^\d+\.\d{6}$/) });
    expect(sim.ephemeralsFor('U1')).toMatchObject([{ channel: 'C1', text: 'only you' }]);
    expect(sim.ephemeralsFor('U2')).toEqual([]);
    expect(sim.messagesIn('C1')).toEqual([]);
  });

  it('edits a message in place with chat.update and refuses unknown ones', async () => {
    const posted = await client.chat.postMessage({ channel: 'C1', text: 'pending' });
    const updated = await client.chat.update({ channel: 'C1', ts: posted.ts ?? '', text: 'approved' });
    expect(updated).toMatchObject({ ok: true, ts: posted.ts, text: 'approved' });
    expect(sim.messagesIn('C1')).toMatchObject([
      { ts: posted.ts, text: 'approved', edited: { user: 'U0BOT' } },
    ]);
    expect((await call(sim, 'chat.update', { channel: 'C1', ts: '1.000001', text: 'x' })).body.error).toBe(
      'message_not_found',
    );
  });

  it('gives permalinks for stored messages only', async () => {
    const posted = await client.chat.postMessage({ channel: 'C1', text: 'x' });
    const link = await client.chat.getPermalink({ channel: 'C1', message_ts: posted.ts ?? '' });
    expect(link.permalink).toContain(`/archives/C1/p${posted.ts?.replace('.', '')}`);
    expect((await call(sim, 'chat.getPermalink', { channel: 'C1', message_ts: '1.1' })).body.error).toBe(
      'message_not_found',
    );
  });

  it('opens one DM channel per user and lets the bot post there', async () => {
    const a = await client.conversations.open({ users: 'U1' });
    const b = await client.conversations.open({ users: 'U1' });
    expect(a.channel?.id).toMatch(/^D/);
    expect(b.channel?.id).toBe(a.channel?.id);
    await client.chat.postMessage({ channel: a.channel?.id ?? '', text: 'psst' });
    expect(sim.messagesIn(a.channel?.id ?? '')).toHaveLength(1);
    expect((await call(sim, 'conversations.open', { users: 'U404' })).body.error).toBe('user_not_found');
  });

  it('describes channels with conversations.info', async () => {
    expect((await client.conversations.info({ channel: 'C1' })).channel).toMatchObject({
      id: 'C1',
      is_member: true,
    });
    expect((await call(sim, 'conversations.info', { channel: 'CPRIV' })).body.error).toBe(
      'channel_not_found',
    );
  });

  it('returns user time zones with the offset in force at the simulated time (DST included)', async () => {
    const paris = await client.users.info({ user: 'U1' });
    expect(paris.user).toMatchObject({ id: 'U1', name: 'ada', tz: 'Europe/Paris', tz_offset: 7200 });
    expect((await client.users.info({ user: 'U2' })).user?.tz_offset).toBe(-25200);
    expect((await call(sim, 'users.info', { user: 'U404' })).body.error).toBe('user_not_found');
  });

  it('records every call with its outcome and waits for one', async () => {
    await call(sim, 'chat.postMessage', { channel: 'C1' });
    const recorded = await sim.waitFor((c) => c.method === 'chat.postMessage');
    expect(recorded).toMatchObject({ ok: false, error: 'no_text', status: 200, args: { channel: 'C1' } });
    expect(recorded.headers.authorization).toBe('Bearer [redacted]');
    await expect(sim.waitFor((c) => c.method === 'views.open', 50)).rejects.toThrow(
      /no matching call within 50 ms[\s\S]*chat\.postMessage -> no_text/,
    );
  });
});
