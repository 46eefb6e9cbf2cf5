// Watches as a channel lives them, through signed requests against the simulators: set one up,
// the value crosses, one alert; it stays high, no second post; it recovers, the same message is
// updated and a note goes in its thread. Snooze silences and ends by itself; a missing index says
// "no data" once. The clock is the test's: each check is one step of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_VECTOR_INDEXES } from '../../src/sim/mgmt/stats.ts';
import { SIM_IDS, type SimulatedWorkspace, startSimulatedWorkspace } from '../../src/sim/workspace.ts';
import { answerTo } from '../support/answers.ts';
import { textOf } from '../support/search-requests.ts';
import { watchSteering } from '../support/watch-steering.ts';

const { requester } = SIM_IDS;
const CHANNEL = 'C0WATCHOPS';
const INTERVAL = 300_000;

describe('e2e: watches', () => {
  let ws: SimulatedWorkspace;
  let now = Date.UTC(2026, 10, 24, 10, 0);
  const { setCost, check, topLevel, inThread } = watchSteering({
    ws: () => ws,
    channel: CHANNEL,
    advance: () => {
      now += INTERVAL;
    },
  });

  beforeAll(async () => {
    ws = await startSimulatedWorkspace({
      clock: () => now,
      env: { WATCH_INTERVAL_MS: String(INTERVAL) },
    });
  });
  afterAll(async () => {
    await ws?.stop();
  });

  it('refuses what it can’t watch, saying what would work, and saves nothing', async () => {
    const unknown = await ws.driver.command('watch idx-2 happiness > 3', {
      userId: requester,
      channelId: CHANNEL,
    });
    expect(JSON.parse(unknown.body).text).toMatch(
      /^:warning: opsbot has no metric `happiness`\. The metrics:\n• cost and size: `monthly-cost`, `storage-usage`/,
    );
    const bad = await ws.driver.command('watch idx-2 storage_usage > lots', {
      userId: requester,
      channelId: CHANNEL,
    });
    expect(JSON.parse(bad.body).text).toContain('write it like 500 MB');
    const unsupported = await ws.driver.command('watch idx-2 storage_usage >= 500 MB', {
      userId: requester,
      channelId: CHANNEL,
    });
    expect(JSON.parse(unsupported.body).text).toMatch(
      /^:warning: `&gt;=` isn't a comparison a watch takes: it fires above \(`>`\) or below \(`<`\) the threshold\. Type .+, e\.g\. `\/ops watch idx-2 storage-usage &gt; 500 MB`\.$/,
    );
    const typo = await ws.driver.command('watch idx-2 p99-query-latncy > 250', {
      userId: requester,
      channelId: CHANNEL,
    });
    expect(JSON.parse(typo.body).text).toContain('Did you mean `p99-query-latency`?');
    expect(await ws.store.listWatches()).toEqual([]);
  });

  it('a watch typed as text: confirmed, listed as not checked yet', async () => {
    setCost(20);
    await ws.driver.command('watch idx-2 monthly_cost > $50 for 2', {
      userId: requester,
      channelId: CHANNEL,
    });
    const [watch] = await ws.store.listWatches(CHANNEL);
    expect(watch).toMatchObject({
      indexId: 'idx-2',
      metric: 'monthly_cost',
      direction: 'above',
      threshold: 50,
      forChecks: 2,
    });
    const { responseUrl } = await ws.driver.command('watch list', { userId: requester, channelId: CHANNEL });
    expect(textOf((await answerTo(ws, responseUrl)).blocks)).toContain('not checked yet');
  });

  it('a watch through the form: a bad threshold is answered on its field, a good one saved', async () => {
    await ws.driver.command('watch', { userId: requester, channelId: 'C0FORMS' });
    await ws.slack.waitFor(
      (c) => c.method === 'views.open' && c.ok && JSON.stringify(c.args.view).includes('watch.create'),
    );
    const form = ws.slack.views.filter((v) => v.user === requester && v.via === 'views.open').at(-1)?.view;
    if (form === undefined) throw new Error('no form');
    const values = (threshold: string) => ({
      watch_index: { watch_index: 'idx-2' },
      watch_metric: { watch_metric: 'storage_usage' },
      watch_threshold: { watch_threshold: threshold },
      watch_channel: { watch_channel: 'C0FORMS' },
      watch_note: { watch_note: 'tell #storage-team' },
    });
    const bad = await ws.driver.submitView({ userId: requester, view: form, values: values('plenty') });
    expect(bad.ack).toMatchObject({
      response_action: 'errors',
      errors: { watch_threshold: expect.stringContaining('500 MB') },
    });
    expect(await ws.store.listWatches('C0FORMS')).toEqual([]);
    const good = await ws.driver.submitView({ userId: requester, view: form, values: values('2 GiB') });
    expect(good.ack).toBeUndefined();
    expect(await ws.store.listWatches('C0FORMS')).toEqual([
      expect.objectContaining({
        metric: 'storage_usage',
        threshold: 2 * 1024 ** 3,
        forChecks: 3,
        note: 'tell #storage-team',
      }),
    ]);
  });

  it('edit through the list: the form comes back filled in, and saving changes the watch', async () => {
    const { responseUrl } = await ws.driver.command('watch list', {
      userId: requester,
      channelId: 'C0FORMS',
    });
    const list = await answerTo(ws, responseUrl);
    expect(JSON.stringify(list.blocks)).toContain('Watches in this channel');
    expect(JSON.stringify(list.blocks)).toContain('`storage-usage` above 2.1 GB for 3 checks');
    const listed = ws.slack
      .ephemeralsFor(requester)
      .find((e) => e.channel === 'C0FORMS' && textOf(e.blocks).includes('Watches in this channel'));
    if (listed === undefined) throw new Error('no list');
    const [watch] = await ws.store.listWatches('C0FORMS');
    await ws.driver.clickButton({
      userId: requester,
      message: listed,
      actionId: 'watch.edit',
      value: String(watch?.id),
    });
    await ws.slack.waitFor(
      (c) => c.method === 'views.open' && c.ok && JSON.stringify(c.args.view).includes('Edit watch'),
    );
    const form = ws.slack.views.filter((v) => v.user === requester && v.via === 'views.open').at(-1)?.view;
    if (form === undefined) throw new Error('no form');
    expect(JSON.stringify(form.blocks)).toContain(
      '"initial_option":{"text":{"type":"plain_text","text":"idx-2"},"value":"idx-2"}',
    );
    const saved = await ws.driver.submitView({
      userId: requester,
      view: form,
      values: { watch_threshold: { watch_threshold: '1 GB' }, watch_for: { watch_for: '1' } },
    });
    expect(saved.ack).toBeUndefined();
    expect(await ws.store.getWatch(watch?.id ?? 0)).toMatchObject({
      metric: 'storage_usage',
      threshold: 1e9,
      forChecks: 1,
      note: 'tell #storage-team',
    });
  });

  it('below the line: no post; crossing for 2 checks: exactly one alert', async () => {
    expect((await check()).effects).toEqual({});
    setCost(80);
    await check();
    expect(topLevel()).toHaveLength(0);
    const fired = await check();
    // Two watches on idx-2 (this one and the form's), one statistics call between them.
    expect(fired).toMatchObject({ checked: 2, apiCalls: 1, effects: { fire: 1 } });
    const [alert] = topLevel();
    expect(textOf(alert?.blocks)).toContain('`idx-2` · `monthly-cost` is *$80.00* — above $50.00');
    expect(JSON.stringify(alert?.blocks)).toContain('Snooze until tomorrow 09:00');
  });

  it('staying high: no second post', async () => {
    await check();
    await check();
    expect(topLevel()).toHaveLength(1);
  });

  it('recovering past the margin for 2 checks: the same message says resolved, a note in its thread', async () => {
    const [alert] = topLevel();
    if (alert === undefined) throw new Error('no alert');
    setCost(49); // on the line (inside the 5 % margin): not a recovery
    await check();
    await check();
    expect((await ws.store.listWatches(CHANNEL))[0]?.state.status).toBe('firing');
    setCost(30);
    await check();
    const resolved = await check();
    expect(resolved.effects).toEqual({ resolve: 1 });
    const [updated] = topLevel();
    expect(topLevel()).toHaveLength(1);
    expect(updated?.ts).toBe(alert.ts);
    expect(textOf(updated?.blocks)).toMatch(/Resolved after \d+ (min|h)/);
    expect(inThread(alert.ts).map((m) => m.text)).toEqual([
      expect.stringMatching(/^Back at \$30\.00 for 2 checks/),
    ]);
  });

  it('Snooze 1 h silences the next incident; when the snooze ends the alert goes out', async () => {
    setCost(90);
    await check();
    await check(); // fires
    const alerts = topLevel();
    const alert = alerts.at(-1);
    if (alert === undefined) throw new Error('no alert');
    await ws.driver.clickButton({ userId: requester, message: alert, actionId: 'watch.snooze_hour' });
    await ws.slack.waitFor((c) => c.method === 'chat.update' && textOf(c.args.blocks).includes('snoozed by'));
    const watch = (await ws.store.listWatches(CHANNEL))[0];
    expect(watch?.controls.snoozedBy).toBe(requester);
    // Audited with the watch: who, when, until when.
    expect(watch?.controls.history).toEqual([
      { action: 'snooze', by: requester, at: expect.any(Number), until: watch?.controls.snoozedUntil },
    ]);
    // Resolved (the alert updated, as always) and firing again inside the hour: nothing new is posted.
    setCost(10);
    await check();
    await check();
    setCost(95);
    await check();
    await check();
    expect(now).toBeLessThan(watch?.controls.snoozedUntil ?? 0);
    expect((await ws.store.getWatch(watch?.id ?? 0))?.state.status).toBe('firing');
    expect(topLevel()).toHaveLength(alerts.length);
    // The snooze ends by itself: the next check tells the channel.
    now = (watch?.controls.snoozedUntil ?? now) + 1;
    await check();
    expect(topLevel()).toHaveLength(alerts.length + 1);
  });

  it('an index the API doesn’t know: one "no data" message after a few checks, no more', async () => {
    await ws.driver.command('watch idx-gone pending_index_count > 10000', {
      userId: requester,
      channelId: CHANNEL,
    });
    const before = topLevel().length;
    for (let i = 0; i < 6; i++) await check();
    const noData = topLevel()
      .slice(before)
      .filter((m) => m.text.startsWith('No data for watch'));
    expect(noData).toHaveLength(1);
    expect(noData[0]?.text).toContain('the management API has no vector index idx-gone (404)');
  });

  it('a series crossing: the alert carries a PNG of the last hour with the threshold, uploaded privately', async () => {
    ws.mgmt.indexes['idx-1'] = { ...DEFAULT_VECTOR_INDEXES['idx-1'], pinned: { query_latency_99: 120 } };
    await ws.driver.command('watch idx-1 p99-query-latency > 250 for 1', {
      userId: requester,
      channelId: CHANNEL,
    });
    await check();
    ws.mgmt.indexes['idx-1'] = { ...DEFAULT_VECTOR_INDEXES['idx-1'], pinned: { query_latency_99: 400 } };
    const before = topLevel().length;
    await check();
    const alert = topLevel()
      .slice(before)
      .find((m) => textOf(m.blocks).includes('p99-query-latency'));
    const image = (
      (alert?.blocks ?? []) as Array<{ type: string; slack_file?: { id: string }; alt_text?: string }>
    ).find((b) => b.type === 'image');
    // The chart's own words: its hour with the channel's zone, now, the threshold and the extremes.
    expect(image?.alt_text).toMatch(
      /^idx-1 · p99-query-latency, last hour · .+ UTC: now 400, above the threshold 250; lowest \S+, highest \S+\.$/,
    );
    const file = ws.slack.files.find((f) => f.id === image?.slack_file?.id);
    expect(file?.bytes?.subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );
  });

  it('removing a watch with an open incident updates its alert', async () => {
    const firing = (await ws.store.listWatches(CHANNEL)).find((w) => w.state.status === 'firing');
    if (firing?.state.alert == null) throw new Error('no firing watch');
    await ws.driver.command(`watch remove ${firing.id}`, { userId: requester, channelId: CHANNEL });
    await ws.slack.waitFor(
      (c) => c.method === 'chat.update' && textOf(c.args.blocks).includes('was removed by'),
    );
    expect(await ws.store.getWatch(firing.id)).toBeUndefined();
  });

  it('a digest tick and a watch tick reading at the same moment share one statistics call', async () => {
    await ws.store.upsertSubscription({
      channelId: 'C0SHARED',
      configuredBy: requester,
      indexIds: ['idx-2'],
      period: '1h',
      localTime: '10:00',
      timeZone: 'UTC',
      days: [0, 1, 2, 3, 4, 5, 6],
      includeAccounts: false,
      includeRequests: false,
      nextRunAt: now,
    });
    await ws.driver.command('watch idx-2 monthly_cost > $500', { userId: requester, channelId: 'C0SHARED' });
    const reads = () => ws.mgmt.statsCalls.filter((c) => c.id === 'idx-2' && c.period === '1h').length;
    const before = reads();
    // The API takes its time, as it does under load: both ticks are waiting on it at once.
    ws.mgmt.fail('stats', { latencyMs: 300 }, { times: 1 });
    const { digests, watches } = ws.opsbot.features;
    await Promise.all([digests.runOnce(), watches.runOnce()]);
    expect(ws.slack.messagesIn('C0SHARED').some((m) => m.text.includes('Daily digest'))).toBe(true);
    expect(reads()).toBe(before + 1);
  });
});
