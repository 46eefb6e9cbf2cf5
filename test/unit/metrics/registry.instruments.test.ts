// The instruments alone, with fakes: which label each answer lands under, and that labels stay
// bounded whatever the payload or the API sends.
import { describe, expect, it } from 'vitest';
import type { ManagementClient } from '../../../src/api/client.ts';
import { collectDrift } from '../../../src/metrics/mgmt.ts';
import { createMetrics } from '../../../src/metrics/registry.ts';
import { kindOf } from '../../../src/metrics/slack-requests.ts';
import { instrumentedFetch } from '../../../src/metrics/slack-web-api.ts';
import { parsePrometheusText, sampleValue } from '../../support/prometheus-text.ts';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('Slack request kinds', () => {
  it('names each payload by a fixed word, never by what the payload says', () => {
    expect(kindOf({ command: '/ops', text: 'help' })).toBe('command');
    expect(kindOf({ type: 'block_actions' })).toBe('action');
    expect(kindOf({ type: 'view_submission' })).toBe('view_submission');
    expect(kindOf({ type: 'block_suggestion' })).toBe('options');
    expect(kindOf({ type: 'event_callback' })).toBe('event');
    expect(kindOf({ type: 'something_new_U0SECRET' })).toBe('other');
    expect(kindOf(undefined)).toBe('other');
  });
});

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

describe('management API drift', () => {
  it('sums drift per record and kind, leaving out field names the API made up', async () => {
    const metrics = createMetrics();
    const client = {
      drift: () => ({
        'messaging_account.plan': { missing: 2 },
        'messaging_account.surprise_field_from_api': { unknown_field: 1 },
        'messaging_account.other_new_field': { unknown_field: 3 },
      }),
    } as Pick<ManagementClient, 'drift'>;
    collectDrift(client, metrics);
    const text = await metrics.registry.metrics();
    const samples = parsePrometheusText(text);
    const drift = (d: string) =>
      sampleValue(samples, 'opsbot_mgmt_api_drift_total', { record: 'messaging_account', drift: d });
    expect(drift('missing')).toBe(2);
    expect(drift('unknown_field')).toBe(4);
    expect(text).not.toContain('surprise_field_from_api');
  });
});
