// GET /metrics as an operator's Prometheus sees it: after a scripted mix of commands, clicks, a
// digest and a watch firing against the simulators, the counters moved by exactly what happened;
// a management API that refuses the credentials and a Slack 429 show up under their outcomes; and
// /metrics is served on METRICS_PORT only, never on the port Slack reaches.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_VECTOR_INDEXES } from '../../src/sim/mgmt/stats.ts';
import { SIM_IDS, type SimulatedWorkspace, startSimulatedWorkspace } from '../../src/sim/workspace.ts';
import { type Samples, sampleValue, scrape } from '../support/prometheus-text.ts';
import { fileRequest, openDecision, textOf, waitForCard } from '../support/search-requests.ts';

const { requester, approver, generalChannel } = SIM_IDS;
const WATCH_CHANNEL = 'C0METRICS';
const DIGEST_CHANNEL = 'C0DIGESTS';
const NINE_UTC = Date.UTC(2026, 10, 23, 9, 0);

describe('e2e: Prometheus metrics', () => {
  let ws: SimulatedWorkspace;
  let now = NINE_UTC - 60_000;
  const metricsPort = () => ws.opsbot.metricsPort();
  const delta = (before: Samples, after: Samples, name: string, labels: Record<string, string> = {}) =>
    sampleValue(after, name, labels) - sampleValue(before, name, labels);

  beforeAll(async () => {
    ws = await startSimulatedWorkspace({ clock: () => now, env: { METRICS_PORT: '0' } });
  });
  afterAll(async () => {
    await ws?.stop();
  });

  it('serves /metrics on its own port only: the Slack port answers 404, the metrics port nothing else', async () => {
    expect(metricsPort()).toBeGreaterThan(0);
    expect(metricsPort()).not.toBe(Number(new URL(ws.url).port));
    const onSlackPort = await fetch(`${ws.url}/metrics`);
    expect(onSlackPort.status).toBe(404);
    expect(await onSlackPort.text()).not.toContain('opsbot_');
    const slackOnMetricsPort = await fetch(`http://127.0.0.1:${metricsPort()}/slack/events`, {
      method: 'POST',
    });
    expect(slackOnMetricsPort.status).toBe(404);
    const { text, samples } = await scrape(metricsPort());
    expect(text).toContain('# TYPE opsbot_slack_requests_total counter');
    expect(text).toContain('# TYPE opsbot_slack_ack_seconds histogram');
    // The process metrics an operator expects from any Node service.
    for (const name of [
      'process_cpu_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
    ])
      expect(samples.has(name)).toBe(true);
  });

  it('counts exactly what a scripted mix of commands, clicks, a digest and a watch firing did', async () => {
    await ws.store.upsertSubscription({
      channelId: DIGEST_CHANNEL,
      configuredBy: requester,
      indexIds: ['idx-1'],
      period: '1d',
      localTime: '09:00',
      timeZone: 'UTC',
      days: [0, 1, 2, 3, 4, 5, 6],
      includeAccounts: true,
      includeRequests: true,
      nextRunAt: NINE_UTC,
    });
    ws.mgmt.indexes['idx-2'] = { ...DEFAULT_VECTOR_INDEXES['idx-2'], pinned: { monthly_cost: 20 } };
    await ws.driver.command('watch idx-2 monthly_cost > $50 for 1', {
      userId: requester,
      channelId: WATCH_CHANNEL,
    });
    const before = (await scrape(metricsPort())).samples;

    // Two commands and a view submission: a request filed; a click and a submission: approved, created.
    await ws.driver.command('help', { userId: requester, channelId: generalChannel });
    expect((await fileRequest(ws)).applied).toEqual({ ok: true });
    const modal = await openDecision(ws, approver, 1, 'approve');
    await ws.driver.submitView({ userId: approver, view: modal, values: {} });
    await waitForCard(ws, 1, (t) => t.includes('*Created*'));
    // The value crosses: one alert.
    ws.mgmt.indexes['idx-2'] = { ...DEFAULT_VECTOR_INDEXES['idx-2'], pinned: { monthly_cost: 80 } };
    await ws.opsbot.features.watches.runOnce();
    await ws.slack.waitFor((c) => c.method === 'chat.postMessage' && c.args.channel === WATCH_CHANNEL);
    // Nine o'clock: one digest.
    now = NINE_UTC + 10_000;
    await ws.opsbot.features.digests.runOnce();
    await ws.slack.waitFor(() =>
      ws.slack.messagesIn(DIGEST_CHANNEL).some((m) => textOf(m.blocks).includes('Daily digest')),
    );
    await ws.opsbot.work.drain(5_000);

    const after = (await scrape(metricsPort())).samples;
    const requests = (kind: string) =>
      delta(before, after, 'opsbot_slack_requests_total', { kind, outcome: 'ok' });
    expect(requests('command')).toBe(2);
    expect(requests('action')).toBe(1);
    expect(requests('view_submission')).toBe(2);
    expect(delta(before, after, 'opsbot_slack_ack_seconds_count', { kind: 'command' })).toBe(2);
    expect(delta(before, after, 'opsbot_slack_requests_total', { kind: 'command', outcome: 'error' })).toBe(
      0,
    );

    for (const state of ['pending', 'approved', 'created'])
      expect(delta(before, after, 'opsbot_search_requests_total', { state })).toBe(1);
    expect(delta(before, after, 'opsbot_search_requests_total', { state: 'rejected' })).toBe(0);
    expect(
      delta(before, after, 'opsbot_search_request_decision_seconds_count', { decision: 'approved' }),
    ).toBe(1);
    const ok = (operation: string) =>
      delta(before, after, 'opsbot_mgmt_api_calls_total', { operation, outcome: 'ok' });
    expect(ok('createSearchIndex')).toBe(1);
    expect(
      delta(before, after, 'opsbot_mgmt_api_call_seconds_count', { operation: 'createSearchIndex' }),
    ).toBe(1);

    expect(delta(before, after, 'opsbot_watch_fires_total')).toBe(1);
    expect(delta(before, after, 'opsbot_watch_checks_total', { state: 'firing' })).toBe(1);
    expect(sampleValue(after, 'opsbot_watches', { state: 'firing' })).toBe(1);
    expect(sampleValue(after, 'opsbot_watches', { state: 'ok' })).toBe(0);

    expect(delta(before, after, 'opsbot_digests_total', { outcome: 'posted' })).toBe(1);
    expect(delta(before, after, 'opsbot_digests_total', { outcome: 'failed' })).toBe(0);
    expect(delta(before, after, 'opsbot_digest_takeovers_total')).toBe(0);
    // The digest's stats card; monthly_cost is one number, not a series, so its alert has no chart.
    expect(delta(before, after, 'opsbot_cards_rendered_total', { kind: 'stats', outcome: 'ok' })).toBe(1);
    expect(delta(before, after, 'opsbot_card_render_seconds_count', { kind: 'stats' })).toBe(1);
    expect(delta(before, after, 'opsbot_cards_rendered_total', { kind: 'watch', outcome: 'ok' })).toBe(0);

    // Web API calls by method, as the simulator received them.
    const posted = ws.slack.calls.filter((c) => c.method === 'chat.postMessage').length;
    expect(
      sampleValue(after, 'opsbot_slack_api_calls_total', { method: 'chat.postMessage', outcome: 'ok' }),
    ).toBe(posted);
    expect(delta(before, after, 'opsbot_store_failures_total', { operation: 'createRequest' })).toBe(0);
  });

  it('the watch recovering counts one resolve and its time to resolve', async () => {
    const before = (await scrape(metricsPort())).samples;
    ws.mgmt.indexes['idx-2'] = { ...DEFAULT_VECTOR_INDEXES['idx-2'], pinned: { monthly_cost: 10 } };
    now += 300_000;
    await ws.opsbot.features.watches.runOnce();
    const after = (await scrape(metricsPort())).samples;
    expect(delta(before, after, 'opsbot_watch_resolves_total')).toBe(1);
    expect(delta(before, after, 'opsbot_watch_resolve_seconds_count')).toBe(1);
    expect(delta(before, after, 'opsbot_watch_fires_total')).toBe(0);
    expect(sampleValue(after, 'opsbot_watches', { state: 'ok' })).toBe(1);
  });

  it('a management API refusing the credentials shows as outcome "auth"', async () => {
    const before = (await scrape(metricsPort())).samples;
    ws.mgmt.fail('*', { status: 401 }, { times: 1 });
    await ws.driver.command('messaging accounts', { userId: requester, channelId: generalChannel });
    await ws.slack.waitFor((c) => c.method === 'chat.postEphemeral' && textOf(c.args.blocks).length > 0);
    await ws.opsbot.work.drain(5_000);
    const after = (await scrape(metricsPort())).samples;
    const calls = (outcome: string) =>
      delta(before, after, 'opsbot_mgmt_api_calls_total', { operation: 'listMessagingAccounts', outcome });
    expect(calls('auth')).toBe(1);
    expect(calls('ok')).toBe(0);
  });

  it('a Slack 429 shows as "ratelimited", and the retry that then succeeded as "ok"', async () => {
    const before = (await scrape(metricsPort())).samples;
    const opensBefore = ws.slack.calls.filter((c) => c.method === 'views.open').length;
    ws.slack.fail('views.open', { rateLimited: 1 }, { times: 1 });
    await ws.driver.command('watch', { userId: requester, channelId: WATCH_CHANNEL });
    await ws.slack.waitFor(
      () => ws.slack.calls.filter((c) => c.method === 'views.open').length >= opensBefore + 2,
      5_000,
    );
    await ws.opsbot.work.drain(5_000);
    const after = (await scrape(metricsPort())).samples;
    const calls = (outcome: string) =>
      delta(before, after, 'opsbot_slack_api_calls_total', { method: 'views.open', outcome });
    expect(calls('ratelimited')).toBe(1);
    expect(calls('ok')).toBe(1);
  });
});
