import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signSlackRequest } from '../../src/sim/driver/signing.ts';
import {
  SIM_CREDENTIALS,
  type SimulatedWorkspace,
  startSimulatedWorkspace,
} from '../../src/sim/workspace.ts';
import { exampleText, GENERIC_EXAMPLE_INDEX } from '../../src/slack/help-view.ts';
import { escapeMrkdwn } from '../../src/text/mrkdwn.ts';

describe('e2e: /ops help over signed HTTP', () => {
  let ws: SimulatedWorkspace;
  beforeAll(async () => {
    ws = await startSimulatedWorkspace();
  });
  afterAll(async () => {
    await ws?.stop();
  });

  const textOf = (body: string) => JSON.stringify(JSON.parse(body));

  it('answers /ops help with an ephemeral card listing every subcommand with an example', async () => {
    const res = await ws.driver.command('help');
    expect(res.status).toBe(200);
    const reply = JSON.parse(res.body);
    expect(reply.response_type).toBe('ephemeral');
    expect(reply.blocks[0]).toMatchObject({ type: 'header' });
    // No index is known yet: the examples name the generic one.
    for (const sub of ws.opsbot.router.list()) {
      expect(textOf(res.body)).toContain(escapeMrkdwn(`/ops ${exampleText(sub, GENERIC_EXAMPLE_INDEX)}`));
    }
  });

  it('shows the same card for empty text', async () => {
    const res = await ws.driver.command('');
    expect(JSON.parse(res.body).blocks[0].text.text).toBe('opsbot — run your cloud from Slack');
  });

  it('says an unknown subcommand is unknown, escaped, and shows the help', async () => {
    const res = await ws.driver.command('launch <!channel> *now*');
    const reply = JSON.parse(res.body);
    expect(reply.response_type).toBe('ephemeral');
    expect(reply.blocks[0].text.text).toContain("opsbot doesn't know `launch &lt;!channel&gt; *now*`");
    expect(res.body).not.toContain('<!channel>');
    expect(reply.blocks.some((b: { type: string }) => b.type === 'header')).toBe(true);
  });

  const answerTo = async (text: string) => {
    const reply = JSON.parse((await ws.driver.command(text)).body);
    return { reply, shown: JSON.stringify(reply.blocks ?? reply.text) };
  };

  it('answers a known word alone with what may follow it, never "doesn\'t know"', async () => {
    const search = await answerTo('search');
    expect(search.reply.response_type).toBe('ephemeral');
    expect(search.reply.text).toBe(':warning: `/ops search` needs one more word: `create` or `requests`.');
    expect(search.shown).toContain('`/ops search create [name] [region] [plan]`');
    expect(search.shown).not.toContain("doesn't know");
    expect((await answerTo('messaging')).reply.text).toBe(
      ':warning: `/ops messaging` needs one more word: `accounts`.',
    );
    expect((await answerTo('vector')).reply.text).toBe(
      ':warning: `/ops vector` needs one more word: `stats`.',
    );
  });

  it('names what a subcommand still needs, then its usage and example, placeholders escaped', async () => {
    const stats = await answerTo('stats');
    expect(stats.reply.text).toBe(
      ':warning: `/ops stats` needs `&lt;index&gt;` next. Type `/ops stats &lt;index&gt; [period]`, e.g. `/ops stats idx-1 7d`.',
    );
  });

  it('offers the subcommand a typo means', async () => {
    const typo = await answerTo('serach requests');
    expect(typo.reply.text).toBe(
      ":warning: opsbot doesn't know `serach requests`. Did you mean `/ops search requests`?",
    );
    expect((await answerTo('search reqests')).reply.text).toContain('Did you mean `/ops search requests`?');
  });

  it('shows every placeholder on the help card as Slack will: escaped', async () => {
    const help = await answerTo('help');
    expect(help.shown).toContain('&lt;index&gt;');
    expect(help.shown).not.toMatch(/`[^`]*<(?![@#!])[^`]*`/);
  });

  it('works under a renamed command', async () => {
    const res = await ws.driver.command('help', { command: '/cloud' });
    expect(textOf(res.body)).toContain('/cloud help');
  });

  it('answers GET /healthz with 200', async () => {
    const res = await fetch(`${ws.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
  });

  describe('refuses requests that are not from Slack, before any handler runs', () => {
    const body = 'command=%2Fops&text=help&user_id=U0FORGED&channel_id=C0GENERAL&team_id=T0SIMTEAM';
    const now = () => Math.floor(Date.now() / 1000);
    const post = (headers: Record<string, string>) =>
      fetch(`${ws.url}/slack/events`, { method: 'POST', headers, body });

    it('a bad signature gets 401', async () => {
      const ts = now();
      const res = await post({
        'content-type': 'application/x-www-form-urlencoded',
        'x-slack-request-timestamp': String(ts),
        'x-slack-signature': signSlackRequest('some-other-secret', ts, body),
      });
      expect(res.status).toBe(401);
      expect(await res.text()).toBe('');
    });

    it('a stale timestamp gets 401 even when correctly signed', async () => {
      const ts = now() - 10 * 60;
      const res = await post({
        'content-type': 'application/x-www-form-urlencoded',
        'x-slack-request-timestamp': String(ts),
        'x-slack-signature': signSlackRequest(SIM_CREDENTIALS.signingSecret, ts, body),
      });
      expect(res.status).toBe(401);
    });

    it('a wrong content type gets 400', async () => {
      const ts = now();
      const res = await post({
        'content-type': 'text/plain',
        'x-slack-request-timestamp': String(ts),
        'x-slack-signature': signSlackRequest(SIM_CREDENTIALS.signingSecret, ts, body),
      });
      expect(res.status).toBe(400);
    });

    it('none of them reached a handler', () => {
      // The router logs every command it receives with the user's ID; a legitimate one appears.
      expect(ws.logs.some((line) => line.includes('"event":"command"'))).toBe(true);
      expect(ws.logs.filter((line) => line.includes('U0FORGED'))).toEqual([]);
    });
  });
});
