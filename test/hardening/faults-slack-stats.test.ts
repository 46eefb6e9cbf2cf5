// Issue 8, "Faults (Slack Web API)", continued for the stats card and the digests: a fresh upload
// Slack is still processing, a channel opsbot cannot post in, rate limits and outages — what the
// person sees, and which digest runs are recorded as posted.

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Opsbot } from '../../src/app.ts';
import { FORM_NOT_OPENED } from '../../src/errors.ts';
import { SIM_IDS, type SimulatedWorkspace, startSimulatedWorkspace } from '../../src/sim/workspace.ts';
import { answerTo } from '../support/answers.ts';
import { textOf } from '../support/blocks.ts';
import { until } from '../support/poll.ts';
import { healthy } from '../support/shown.ts';

const { requester } = SIM_IDS;

const tick = (opsbot: Opsbot) => opsbot.features.digests.runOnce();

describe('faults of the Slack Web API: stats and digests', () => {
  let ws: SimulatedWorkspace;
  beforeAll(async () => {
    ws = await startSimulatedWorkspace({ env: { DIGEST_TICK_MS: '3600000' } });
  });
  afterAll(async () => {
    await ws?.stop();
  });
  afterEach(async () => {
    ws.slack.clearFaults();
    ws.slack.failUploadedFileBlocks(0);
    ws.mgmt.reset();
    expect(await healthy(ws.url)).toBe(true);
  });

  const statsIn = (channel: string) =>
    until(
      () => ws.slack.messagesIn(channel).find((m) => textOf(m.blocks).includes('last 24 hours')),
      `the stats in ${channel}`,
      10_000,
    );

  it('"invalid slack file" on every try: the stats go without the image, the PNG follows in the thread', async () => {
    ws.slack.failUploadedFileBlocks(4);
    await ws.driver.command('vector stats idx-1 1d', { userId: requester, channelId: 'C0PROCESSING' });
    const message = await statsIn('C0PROCESSING');
    expect(message.blocks?.some((b) => (b as { type: string }).type === 'image')).toBe(false);
    const shared = await until(
      () =>
        ws.slack.files.find((f) => f.channel === 'C0PROCESSING' && f.threadTs === message.ts && f.completed),
      'the card shared in the thread',
      10_000,
    );
    expect(shared.isImage).toBe(true);
    expect(ws.slack.messagesIn('C0PROCESSING').filter((m) => m.thread_ts === undefined)).toHaveLength(1);
  });

  it.each(['not_in_channel', 'channel_not_found'])(
    '%s for /ops vector stats: the person is told how to invite opsbot; nothing is posted',
    async (error) => {
      ws.slack.fail('chat.postMessage', { error }, { times: 1 });
      const res = await ws.driver.command('vector stats idx-1 1d', {
        userId: requester,
        channelId: 'C0NOTMEMBER',
      });
      const reply = await answerTo(ws, res.responseUrl, 10_000);
      expect(reply.text).toContain(':warning: opsbot couldn’t post there: ');
      expect(reply.text).toContain(
        error === 'not_in_channel' ? 'invite it with `/invite @opsbot`' : 'opsbot isn’t in it',
      );
      expect(ws.slack.messagesIn('C0NOTMEMBER')).toEqual([]);
    },
  );

  it('429 on chat.postMessage for the stats: waits for Retry-After, then posts once', async () => {
    ws.slack.fail('chat.postMessage', { rateLimited: 1 }, { times: 1 });
    await ws.driver.command('vector stats idx-1 1d', { userId: requester, channelId: 'C0LIMITED' });
    await statsIn('C0LIMITED');
    expect(ws.slack.messagesIn('C0LIMITED')).toHaveLength(1);
  });

  it('an API failure answered after the response_url is spent still reaches the person', async () => {
    ws.mgmt.fail('stats', { status: 503 });
    ws.slack.fail('response_url', { status: 404 }, { times: 1 });
    const before = ws.slack.callsTo('chat.postEphemeral').length;
    await ws.driver.command('vector stats idx-1 1d', { userId: requester, channelId: 'C0SPENT' });
    const fallback = await until(
      () =>
        ws.slack
          .callsTo('chat.postEphemeral')
          .slice(before)
          .find((c) => c.args.channel === 'C0SPENT'),
      'the answer as an ephemeral message',
      10_000,
    );
    expect(fallback.args.text).toContain(
      'The management API is unavailable right now; try again in a minute.',
    );
  });

  it('expired_trigger_id on /ops digest: the answer comes through response_url', async () => {
    ws.slack.fail('views.open', { error: 'expired_trigger_id' }, { times: 1 });
    const res = await ws.driver.command('digest', { userId: requester, channelId: 'C0DIGESTLATE' });
    const reply = await answerTo(ws, res.responseUrl);
    expect(reply.response_type).toBe('ephemeral');
    expect(textOf(reply.blocks)).toContain(FORM_NOT_OPENED);
  });

  async function dueDigest(channel: string): Promise<void> {
    const now = Date.now();
    await ws.store.upsertSubscription({
      channelId: channel,
      configuredBy: requester,
      indexIds: ['idx-1'],
      period: '1d',
      localTime: new Date(now - 60_000).toISOString().slice(11, 16),
      timeZone: 'UTC',
      days: [0, 1, 2, 3, 4, 5, 6],
      includeAccounts: true,
      includeRequests: true,
      nextRunAt: now - 60_000,
      at: now - 120_000,
    });
  }
  const digestsIn = (channel: string) =>
    ws.slack.messagesIn(channel).filter((m) => textOf(m.blocks).includes('Daily digest ·'));

  it.each(['not_in_channel', 'channel_not_found'])(
    '%s for a digest: the run is failed (not posted), and whoever set it up is told in a DM',
    async (error) => {
      const channel = `C0GONE${error === 'not_in_channel' ? 'A' : 'B'}`;
      await dueDigest(channel);
      ws.slack.fail('chat.postMessage', { error }, { times: 1 });
      await tick(ws.opsbot);
      expect(digestsIn(channel)).toEqual([]);
      const [run] = await ws.store.listDigestRuns(channel, 1);
      expect(run).toMatchObject({ status: 'failed' });
      expect(run?.messageTs ?? undefined).toBeUndefined();
      const dm = ws.slack
        .callsTo('chat.postMessage')
        .find((c) => c.args.channel === requester && String(c.args.text).includes(`<#${channel}>`));
      expect(String(dm?.args.text)).toContain("I could not post today's digest in");
      expect(String(dm?.args.text)).toContain('/invite @opsbot');
    },
  );

  it('a Slack outage at digest time: failed and not marked posted; the next tick posts it once', async () => {
    await dueDigest('C0OUTAGE');
    ws.slack.fail('chat.postMessage', { status: 500 }, { times: 4 });
    await tick(ws.opsbot);
    expect(digestsIn('C0OUTAGE')).toEqual([]);
    expect((await ws.store.listDigestRuns('C0OUTAGE', 1))[0]).toMatchObject({ status: 'failed' });
    await tick(ws.opsbot);
    const posted = digestsIn('C0OUTAGE');
    expect(posted).toHaveLength(1);
    expect((await ws.store.listDigestRuns('C0OUTAGE', 1))[0]).toMatchObject({
      status: 'posted',
      messageTs: posted[0]?.ts,
    });
  });

  it('429 at digest time: waits as asked, posts once, and records it posted', async () => {
    await dueDigest('C0DIGEST429');
    ws.slack.fail('chat.postMessage', { rateLimited: 1 }, { times: 1 });
    await tick(ws.opsbot);
    const posted = digestsIn('C0DIGEST429');
    expect(posted).toHaveLength(1);
    expect((await ws.store.listDigestRuns('C0DIGEST429', 1))[0]).toMatchObject({
      status: 'posted',
      messageTs: posted[0]?.ts,
    });
  });
});
