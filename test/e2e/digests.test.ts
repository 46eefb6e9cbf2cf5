import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Opsbot } from '../../src/app.ts';
import { BLOCK } from '../../src/features/digests/ids.ts';
import type { SimMessage, SimView } from '../../src/sim/slack/index.ts';
import { SIM_IDS, type SimulatedWorkspace, startSimulatedWorkspace } from '../../src/sim/workspace.ts';
import { textWithAltOf as textOf } from '../support/blocks.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const CHANNEL = 'C0TEAMOPS';
const { requester } = SIM_IDS; // tz Europe/Berlin in the simulated workspace
// Monday 23 November 2026, 08:00 in Berlin.
const MONDAY_8_BERLIN = Date.parse('2026-11-23T07:00:00Z');
const NINE_BERLIN = Date.parse('2026-11-23T08:00:00Z');

const tick = (opsbot: Opsbot) => opsbot.features.digests.runOnce();

const digestsIn = (ws: SimulatedWorkspace, channel: string): SimMessage[] =>
  ws.slack.messagesIn(channel).filter((m) => textOf(m.blocks).includes('Daily digest ·'));

async function openModal(ws: SimulatedWorkspace, channel: string, driver = ws.driver): Promise<SimView> {
  const before = ws.slack.views.length;
  await driver.command('digest', { userId: requester, channelId: channel });
  await ws.slack.waitFor((c) => c.method === 'views.open' && ws.slack.views.length > before);
  const recorded = ws.slack.views.at(-1);
  if (!recorded) throw new Error('no modal opened');
  return recorded.view;
}

async function subscribe(
  ws: SimulatedWorkspace,
  channel: string,
  values: Record<string, Record<string, unknown>>,
) {
  const view = await openModal(ws, channel);
  return ws.driver.submitView({ userId: requester, view, values });
}

// The indexes as chosen in the type-ahead: one option per id.
const ids = (value: string) => ({ [BLOCK.indexes]: { value: value.split(/,\s*/) } });
const time = (hhmm: string) => ({ [BLOCK.time]: { value: hhmm } });

describe('e2e: daily digest in the channel’s time zone', () => {
  let ws: SimulatedWorkspace;
  let dir: string;
  let now = MONDAY_8_BERLIN;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'opsbot-digests-'));
    ws = await startSimulatedWorkspace({
      clock: () => now,
      env: { DATABASE_PATH: join(dir, 'opsbot.sqlite') },
    });
  });
  afterAll(async () => {
    await ws?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('opens a modal prefilled with the user’s time zone and refuses ids the API does not know', async () => {
    const view = await openModal(ws, CHANNEL);
    expect(JSON.stringify(view.blocks)).toContain('"initial_value":"Europe/Berlin"');
    const ack = await ws.driver.submitView({ userId: requester, view, values: ids('idx-1, idx-missing') });
    expect(ack.ack).toEqual({
      response_action: 'errors',
      errors: { [BLOCK.indexes]: 'idx-missing: no such vector index' },
    });
    expect(ack.applied.ok).toBe(true);
    const bad = await ws.driver.submitView({ userId: requester, view, values: ids('idx 1!') });
    expect((bad.ack as { errors: Record<string, string> }).errors[BLOCK.indexes]).toContain(
      'is not a valid ID',
    );
    expect(await ws.store.getSubscription(CHANNEL)).toBeUndefined();
  });

  it('says to run it again when Slack let the form’s trigger expire', async () => {
    ws.slack.fail('views.open', { error: 'expired_trigger_id' }, { times: 1 });
    const before = ws.slack.responses.length;
    await ws.driver.command('digest', { userId: requester, channelId: CHANNEL });
    await ws.slack.waitFor((c) => c.method === 'response_url' && ws.slack.responses.length > before);
    const answer = ws.slack.responses.at(-1);
    expect(answer?.body.response_type).toBe('ephemeral');
    expect(JSON.stringify(answer?.body)).toContain('Slack took too long to open the form');
  });

  it('saves the digest and shows when it runs next', async () => {
    const ack = await subscribe(ws, CHANNEL, { ...ids('idx-1, idx-2'), ...time('09:00') });
    expect(ack.ack).toMatchObject({ response_action: 'update' });
    expect(textOf((ack.ack as { view: { blocks: unknown } }).view.blocks)).toContain(
      '*Next digest:* Mon 23 Nov, 09:00 Europe/Berlin',
    );
    expect(await ws.store.getSubscription(CHANNEL)).toMatchObject({
      indexIds: ['idx-1', 'idx-2'],
      timeZone: 'Europe/Berlin',
      nextRunAt: NINE_BERLIN,
      configuredBy: requester,
    });
  });

  it('posts nothing before the time, then exactly one digest with its content and image', async () => {
    await tick(ws.opsbot);
    expect(digestsIn(ws, CHANNEL)).toHaveLength(0);
    now = NINE_BERLIN + 10_000;
    await tick(ws.opsbot);
    await tick(ws.opsbot);
    const posted = digestsIn(ws, CHANNEL);
    expect(posted).toHaveLength(1);
    const shown = textOf(posted[0]?.blocks);
    expect(shown).toContain('Daily digest · Monday 23 November 2026');
    expect(shown).toContain('Vector index `idx-1`');
    expect(shown).toContain('Vector index `idx-2`');
    // Each index with its news (the simulator's idx-1 and idx-2 are calm on this day).
    expect(shown).toMatch(
      /Vector index `idx-1`\n.+ vectors · .+\n(?::white_check_mark: Nothing unusual in this period\.|• .+)/u,
    );
    expect(shown).toContain('Messaging accounts needing attention');
    expect(shown).toContain('Index requests:* none waiting for approval');
    const image = posted[0]?.blocks?.find((b) => (b as { type: string }).type === 'image') as
      | { slack_file: { id: string } }
      | undefined;
    expect(image).toBeDefined();
    const file = ws.slack.files.find((f) => f.id === image?.slack_file.id);
    expect(file?.isImage).toBe(true);
    expect(file?.bytes?.subarray(1, 4).toString()).toBe('PNG');
  });

  it('a restart mid-day posts no duplicate', async () => {
    now = NINE_BERLIN + 2 * HOUR;
    const restarted = await ws.startAnotherInstance();
    await tick(restarted.opsbot);
    expect(digestsIn(ws, CHANNEL)).toHaveLength(1);
    // Even when the schedule was not moved on (a crash right after posting), the run is not redone.
    await ws.store.advanceSubscription(CHANNEL, NINE_BERLIN);
    await tick(restarted.opsbot);
    expect(digestsIn(ws, CHANNEL)).toHaveLength(1);
    expect((await ws.store.getSubscription(CHANNEL))?.nextRunAt).toBe(NINE_BERLIN + DAY);
    expect((await ws.store.listDigestRuns(CHANNEL, 5)).map((r) => r.status)).toEqual(['posted']);
  });

  it('preview works any time, privately by default and in the channel on request', async () => {
    now = NINE_BERLIN + 15 * HOUR; // 00:00 in Berlin
    await ws.driver.command('digest preview', { userId: requester, channelId: CHANNEL });
    const preview = await ws.slack.waitFor(
      (c) => c.method === 'response_url' && textOf(c.args.blocks).includes('Digest preview'),
      5_000,
    );
    expect(preview.args.response_type).toBe('ephemeral');
    expect(textOf(preview.args.blocks)).toContain('Vector index `idx-1`');
    expect((preview.args.blocks as Array<{ type: string }>).some((b) => b.type === 'image')).toBe(true);
    await ws.driver.command('digest preview channel', { userId: requester, channelId: CHANNEL });
    await ws.slack.waitFor(
      (c) => c.method === 'response_url' && textOf(c.args.blocks).includes('Posted a preview'),
      5_000,
    );
    expect(
      ws.slack.messagesIn(CHANNEL).filter((m) => textOf(m.blocks).includes('Digest preview ·')),
    ).toHaveLength(1);
    // A preview is not the day's run: the schedule is untouched.
    expect((await ws.store.getSubscription(CHANNEL))?.nextRunAt).toBe(NINE_BERLIN + DAY);
  });

  it('lists every channel’s digest with the next run in the user’s zone', async () => {
    await ws.driver.command('digest list', { userId: SIM_IDS.approver, channelId: 'C0ELSEWHERE' });
    const list = await ws.slack.waitFor(
      (c) => c.method === 'response_url' && textOf(c.args.blocks).includes('Daily digests'),
      5_000,
    );
    // The approver is in New York: 09:00 Berlin is 03:00 there.
    expect(textOf(list.args.blocks)).toContain(
      '<#C0TEAMOPS> — 09:00 Europe/Berlin, every day · 2 indexes (1d) · next Tue 24 Nov, 03:00 America/New_York',
    );
  });

  it('editing reopens the modal prefilled', async () => {
    const view = await openModal(ws, CHANNEL);
    expect(JSON.stringify(view.blocks)).toContain(
      '"initial_options":[{"text":{"type":"plain_text","text":"idx-1"},"value":"idx-1"},{"text":{"type":"plain_text","text":"idx-2"},"value":"idx-2"}]',
    );
    expect(view.submit).toMatchObject({ text: 'Save changes' });
  });

  it('tells whoever configured it when the bot cannot post, and marks the run failed', async () => {
    now = NINE_BERLIN + DAY + 1_000;
    ws.slack.fail('chat.postMessage', { error: 'channel_not_found' }, { times: 1 });
    await tick(ws.opsbot);
    expect(digestsIn(ws, CHANNEL)).toHaveLength(1);
    const dm = ws.slack.callsTo('chat.postMessage').find((c) => c.args.channel === requester);
    expect(String(dm?.args.text)).toContain("I could not post today's digest in <#C0TEAMOPS>");
    const [run] = await ws.store.listDigestRuns(CHANNEL, 1);
    expect(run).toMatchObject({ localDate: '2026-11-24', status: 'failed' });
    expect(run?.note).toContain('not posted');
  });

  it('after remove, no more digests', async () => {
    await ws.driver.command('digest remove', { userId: requester, channelId: CHANNEL });
    await ws.slack.waitFor(
      (c) => c.method === 'response_url' && textOf(c.args.blocks).includes('is removed'),
      5_000,
    );
    now = NINE_BERLIN + 2 * DAY + 1_000;
    await tick(ws.opsbot);
    expect(digestsIn(ws, CHANNEL)).toHaveLength(1);
    expect(await ws.store.getSubscription(CHANNEL)).toBeUndefined();
  });
});

describe('e2e: digests leak no secret', () => {
  let ws: SimulatedWorkspace;
  let now = MONDAY_8_BERLIN;
  beforeAll(async () => {
    ws = await startSimulatedWorkspace({ clock: () => now, env: { LOG_LEVEL: 'trace' } });
  });
  afterAll(async () => {
    await ws?.stop();
  });

  it('accounts with secrets appear in digests and previews, their secrets nowhere (card re-sent once)', async () => {
    await subscribe(ws, CHANNEL, { ...ids('idx-1') });
    await ws.driver.command('digest preview', { userId: requester, channelId: CHANNEL });
    await ws.slack.waitFor(
      (c) => c.method === 'response_url' && textOf(c.args.blocks).includes('Digest preview'),
      5_000,
    );
    now = NINE_BERLIN;
    // Slack is still processing the fresh card on the first send: the digest is re-sent with it.
    ws.slack.failUploadedFileBlocks(1);
    await tick(ws.opsbot);
    const [digest] = digestsIn(ws, CHANNEL);
    expect(digestsIn(ws, CHANNEL)).toHaveLength(1);
    expect(digest?.blocks?.some((b) => (b as { type: string }).type === 'image')).toBe(true);
    const secrets = ws.mgmt.secretsHandedOut();
    expect(secrets.length).toBeGreaterThan(3);
    const haystacks = [...ws.slack.calls.map((c) => c.rawBody), ...ws.logs];
    for (const secret of secrets) {
      expect(haystacks.filter((h) => h.includes(secret) || h.includes(encodeURIComponent(secret)))).toEqual(
        [],
      );
    }
  });
});

describe('e2e: downtime across the digest time', () => {
  let ws: SimulatedWorkspace;
  let dir: string;
  let now = MONDAY_8_BERLIN;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'opsbot-digests-down-'));
    ws = await startSimulatedWorkspace({
      clock: () => now,
      env: { DATABASE_PATH: join(dir, 'opsbot.sqlite') },
    });
    await subscribe(ws, 'C0LATE', { ...ids('idx-1'), ...time('09:00') });
    await subscribe(ws, 'C0TOOLATE', { ...ids('idx-2'), ...time('08:30') });
    // The app goes down before either time.
    await ws.opsbot.stop(1_000);
  });
  afterAll(async () => {
    await ws?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('back 2 h after 09:00 (limit 3 h): one catch-up post; 08:30 is 2.5 h late, also posted once', async () => {
    now = NINE_BERLIN + 2 * HOUR;
    const back = await ws.startAnotherInstance();
    await tick(back.opsbot);
    await tick(back.opsbot);
    expect(digestsIn(ws, 'C0LATE')).toHaveLength(1);
    expect(digestsIn(ws, 'C0TOOLATE')).toHaveLength(1);
    await back.opsbot.stop(1_000);
  });

  it('back more than 3 h late the next day: nothing is posted, and the run is noted as skipped', async () => {
    now = NINE_BERLIN + DAY + 3 * HOUR + 60_000;
    const back = await ws.startAnotherInstance();
    await tick(back.opsbot);
    expect(digestsIn(ws, 'C0LATE')).toHaveLength(1);
    expect(digestsIn(ws, 'C0TOOLATE')).toHaveLength(1);
    const [run] = await ws.store.listDigestRuns('C0LATE', 1);
    expect(run).toMatchObject({ localDate: '2026-11-24', status: 'skipped' });
    expect(run?.note).toContain('late after downtime (catch-up limit 3 h)');
  });
});
