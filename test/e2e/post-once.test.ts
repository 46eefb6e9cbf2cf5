// A post is sent once: Slack takes a scheduled post and answers it only after the client gave up
// (the 16 s answer to a 15 s timeout, shortened here to a 600 ms answer to a 300 ms timeout). The
// client does not send it again; opsbot finds it in the channel by its key, so the channel has one
// digest and one alert, and the run or the watch records the message it found.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCK } from '../../src/features/digests/ids.ts';
import { SIM_IDS, type SimulatedWorkspace, startSimulatedWorkspace } from '../../src/sim/workspace.ts';
import { textWithAltOf as textOf } from '../support/blocks.ts';
import { until } from '../support/poll.ts';
import { watchSteering } from '../support/watch-steering.ts';

const { requester } = SIM_IDS;
const DIGEST_CHANNEL = 'C0TEAMOPS';
const WATCH_CHANNEL = 'C0WATCHOPS';
const INTERVAL = 300_000;
const CLIENT_TIMEOUT_MS = 300;
const LATE_MS = 600;
// Monday 23 November 2026, 08:00 in Berlin.
const MONDAY_8_BERLIN = Date.parse('2026-11-23T07:00:00Z');

describe('e2e: Slack answers a post after the client gave up', () => {
  let ws: SimulatedWorkspace;
  let dir: string;
  let now = MONDAY_8_BERLIN;
  const { setCost, check, topLevel } = watchSteering({
    ws: () => ws,
    channel: WATCH_CHANNEL,
    advance: () => {
      now += INTERVAL;
    },
  });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'opsbot-post-once-'));
    ws = await startSimulatedWorkspace({
      clock: () => now,
      slackTimeoutMs: CLIENT_TIMEOUT_MS,
      env: { DATABASE_PATH: join(dir, 'opsbot.sqlite'), WATCH_INTERVAL_MS: String(INTERVAL) },
    });
  });
  afterAll(async () => {
    await ws?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('one digest in the channel, and the run posted with that message', async () => {
    await ws.driver.command('digest', { userId: requester, channelId: DIGEST_CHANNEL });
    await ws.slack.waitFor((c) => c.method === 'views.open' && c.ok);
    const view = ws.slack.views.at(-1)?.view;
    if (view === undefined) throw new Error('no digest form');
    await ws.driver.submitView({
      userId: requester,
      view,
      values: { [BLOCK.indexes]: { value: ['idx-1'] }, [BLOCK.time]: { value: '09:00' } },
    });
    expect(await ws.store.getSubscription(DIGEST_CHANNEL)).toBeDefined();
    now = Date.parse('2026-11-23T08:00:30Z');
    ws.slack.fail('chat.postMessage', { answerLateMs: LATE_MS });
    await ws.opsbot.features.digests.runOnce();
    const digests = ws.slack
      .messagesIn(DIGEST_CHANNEL)
      .filter((m) => textOf(m.blocks).includes('Daily digest ·'));
    expect(digests).toHaveLength(1);
    const [run] = await ws.store.listDigestRuns(DIGEST_CHANNEL, 1);
    expect(run).toMatchObject({ status: 'posted', attempts: 1, messageTs: digests[0]?.ts });
  });

  it('the post lands only after opsbot looked: the retried run looks first, and finds it', async () => {
    now = Date.parse('2026-11-24T08:00:30Z'); // Tuesday, 09:00:30 in Berlin
    ws.slack.fail('chat.postMessage', { delayMs: LATE_MS });
    const tuesday = () =>
      ws.slack.messagesIn(DIGEST_CHANNEL).filter((m) => textOf(m.blocks).includes('Daily digest · Tuesday'));
    await ws.opsbot.features.digests.runOnce();
    await until(() => tuesday()[0], 'the late post to land');
    const run = async () => (await ws.store.listDigestRuns(DIGEST_CHANNEL, 1))[0];
    // Either the look after the lost answer already saw it, or the next tick's retry looks first.
    if ((await run())?.status !== 'posted') {
      now += 60_000;
      await ws.opsbot.features.digests.runOnce();
    }
    expect(tuesday()).toHaveLength(1);
    expect(await run()).toMatchObject({ status: 'posted', messageTs: tuesday()[0]?.ts });
  });

  it('one alert in the channel, and the watch keeps it to update', async () => {
    setCost(20);
    await ws.driver.command('watch idx-2 monthly_cost > $50 for 2', {
      userId: requester,
      channelId: WATCH_CHANNEL,
    });
    await check();
    setCost(80);
    ws.slack.fail('chat.postMessage', { answerLateMs: LATE_MS });
    await check();
    await check();
    const alerts = topLevel();
    expect(alerts).toHaveLength(1);
    const [watch] = await ws.store.listWatches(WATCH_CHANNEL);
    expect(watch?.state).toMatchObject({
      status: 'firing',
      alert: { channel: WATCH_CHANNEL, ts: alerts[0]?.ts },
    });
    // It recovers: the one alert is updated, not a second one posted.
    setCost(20);
    await check();
    await check();
    expect(topLevel()).toHaveLength(1);
    expect(textOf(ws.slack.messagesIn(WATCH_CHANNEL)[0]?.blocks)).toMatch(/resolved|back/i);
  });
});
