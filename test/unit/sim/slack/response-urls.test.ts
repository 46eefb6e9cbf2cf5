import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type SlackSimulator, startSlackSimulator } from '../../../../src/sim/slack/index.ts';

async function respond(url: string, body: unknown) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('Slack simulator: response_url', () => {
  let sim: SlackSimulator;
  let now = Date.UTC(2024, 0, 1);
  beforeAll(async () => {
    sim = await startSlackSimulator({ botToken: 'xoxb-test-fake-token', clock: () => now });
  });
  afterAll(() => sim.close());
  beforeEach(() => sim.reset());

  it('issues absolute URLs on the simulator', () => {
    expect(sim.newResponseUrl()).toMatch(new RegExp(`^${sim.baseUrl}/commands/T0TEST/`));
  });

  it('shows an ephemeral response to the user who ran the command (the default)', async () => {
    const url = sim.newResponseUrl({ channel: 'C1', user: 'U1' });
    expect(await respond(url, { text: 'Working on it' })).toEqual({ status: 200, body: { ok: true } });
    expect(sim.ephemeralsFor('U1')).toMatchObject([
      { channel: 'C1', text: 'Working on it', via: 'response_url' },
    ]);
    expect(sim.responses).toMatchObject([{ url, ok: true, text: 'Working on it', user: 'U1' }]);
  });

  it('posts in the channel with response_type in_channel', async () => {
    const url = sim.newResponseUrl({ channel: 'C1', user: 'U1' });
    await respond(url, { response_type: 'in_channel', text: 'Shared', blocks: [{ type: 'divider' }] });
    expect(sim.messagesIn('C1')).toMatchObject([{ text: 'Shared', via: 'response_url' }]);
  });

  it('replaces or deletes the message an interaction came from', async () => {
    const original = sim.newResponseUrl({ channel: 'C1', user: 'U1' });
    await respond(original, { response_type: 'in_channel', text: 'Approve?' });
    const ts = sim.messagesIn('C1')[0]?.ts ?? '';
    const fromClick = sim.newResponseUrl({ channel: 'C1', user: 'U1', messageTs: ts });
    await respond(fromClick, { replace_original: true, text: 'Approved by <@U1>' });
    expect(sim.messagesIn('C1')).toMatchObject([{ ts, text: 'Approved by <@U1>' }]);
    await respond(fromClick, { delete_original: true });
    expect(sim.messagesIn('C1')).toEqual([]);
  });

  it('accepts 5 responses, then answers 404 used_url', async () => {
    const url = sim.newResponseUrl({ channel: 'C1', user: 'U1' });
    for (let i = 0; i < 5; i++) expect((await respond(url, { text: `r${i}` })).status).toBe(200);
    expect(await respond(url, { text: 'sixth' })).toEqual({
      status: 404,
      body: { ok: false, error: 'used_url' },
    });
    expect(sim.ephemeralsFor('U1')).toHaveLength(5);
  });

  it('expires 30 minutes after it was issued', async () => {
    const url = sim.newResponseUrl({ channel: 'C1', user: 'U1' });
    now += 30 * 60_000;
    expect((await respond(url, { text: 'just in time' })).status).toBe(200);
    now += 1;
    expect(await respond(url, { text: 'late' })).toEqual({
      status: 404,
      body: { ok: false, error: 'expired_url' },
    });
  });

  it('rejects bad bodies with 400 and does not count them as a use', async () => {
    const url = sim.newResponseUrl({ channel: 'C1', user: 'U1' });
    expect(await respond(url, 'not json')).toEqual({
      status: 400,
      body: { ok: false, error: 'invalid_payload' },
    });
    expect((await respond(url, {})).body.error).toBe('no_text');
    const bad = await respond(url, {
      text: 'x',
      blocks: [{ type: 'header', text: { type: 'mrkdwn', text: 'x' } }],
    });
    expect(bad).toMatchObject({
      status: 400,
      body: { error: 'invalid_blocks', errors: ['must be plain_text [json-pointer:/blocks/0/text/type]'] },
    });
    for (let i = 0; i < 5; i++) expect((await respond(url, { text: 'ok' })).status).toBe(200);
  });

  it('answers 404 for URLs it never issued', async () => {
    expect((await respond(`${sim.baseUrl}/commands/T0TEST/1/nope`, { text: 'x' })).status).toBe(404);
  });
});
