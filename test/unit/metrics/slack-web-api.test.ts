// The Web API instrument alone, with a fake fetch: which outcome each answer lands under.
import { describe, expect, it } from 'vitest';
import { createMetrics } from '../../../src/metrics/registry.ts';
import { instrumentedFetch } from '../../../src/metrics/slack-web-api.ts';
import { parsePrometheusText, sampleValue } from '../../support/prometheus-text.ts';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('Slack Web API calls', () => {
  it('counts ok, ok:false, 429 and network failures under their outcome, by method', async () => {
    const metrics = createMetrics();
    const answers = [
      json({ ok: true }),
      json({ ok: false, error: 'channel_not_found' }),
      json({ ok: false, error: 'ratelimited' }, 429),
      new Response('ok', { status: 200 }),
    ];
    const fetch = instrumentedFetch(
      metrics,
      async () => answers.shift() ?? Promise.reject(new Error('down')),
    );
    const api = 'http://127.0.0.1:1/api/';
    await fetch(`${api}chat.postMessage`, { method: 'POST' });
    await fetch(`${api}chat.postMessage`, { method: 'POST' });
    await fetch(new URL(`${api}chat.postMessage`), { method: 'POST' });
    await fetch('http://127.0.0.1:1/commands/T0/123/secret-hook', { method: 'POST' });
    await expect(fetch(`${api}views.open`)).rejects.toThrow('down');
    const samples = parsePrometheusText(await metrics.registry.metrics());
    const calls = (method: string, outcome: string) =>
      sampleValue(samples, 'opsbot_slack_api_calls_total', { method, outcome });
    expect(calls('chat.postMessage', 'ok')).toBe(1);
    expect(calls('chat.postMessage', 'error')).toBe(1);
    expect(calls('chat.postMessage', 'ratelimited')).toBe(1);
    expect(calls('other', 'ok')).toBe(1);
    expect(calls('views.open', 'error')).toBe(1);
    expect(await metrics.registry.metrics()).not.toContain('secret-hook');
  });

  it('hands the caller a body it can still read', async () => {
    const fetch = instrumentedFetch(createMetrics(), async () => json({ ok: true, ts: '1.2' }));
    const res = await fetch('http://127.0.0.1:1/api/chat.update');
    expect(await res.json()).toEqual({ ok: true, ts: '1.2' });
  });
});
