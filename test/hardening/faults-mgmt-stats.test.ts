// Issue 8, "Faults (management API) × every command", continued for the statistics call: the stats
// command, the digest modal (it checks every index id against the API), the digest preview, and the
// scheduled digest (posted with the failure said in it — and marked posted only when it was).

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Opsbot } from '../../src/app.ts';
import { BLOCK as DIGEST_BLOCK } from '../../src/features/digests/ids.ts';
import { findBlockKitViolations } from '../../src/sim/slack/index.ts';
import { SIM_IDS, type SimulatedWorkspace, startSimulatedWorkspace } from '../../src/sim/workspace.ts';
import { answerTo } from '../support/answers.ts';
import { textOf } from '../support/blocks.ts';
import { until } from '../support/poll.ts';
import { healthy, pingsIn, shownMrkdwn } from '../support/shown.ts';
import { CASES, NO_SUCH_INDEX } from './mgmt-fault-cases.ts';

const { requester } = SIM_IDS;

/** What the person who typed `/ops vector stats idx-1 1d` is told when the API fails. */
function statsReply(sentence: string): string {
  return sentence === NO_SUCH_INDEX
    ? ":warning: opsbot couldn't find vector index `idx-1`. Check the id (letters keep their case) and try again."
    : `:warning: opsbot couldn't load the stats of vector index \`idx-1\`. ${sentence}`;
}

const tick = (opsbot: Opsbot) => opsbot.features.digests.runOnce();

describe('faults of the management API: statistics and digests', () => {
  let ws: SimulatedWorkspace;
  beforeAll(async () => {
    // No background ticks: each case runs the scheduler itself, once.
    ws = await startSimulatedWorkspace({ env: { MGMT_API_TIMEOUT_MS: '1000', DIGEST_TICK_MS: '3600000' } });
  });
  afterAll(async () => {
    await ws?.stop();
  });
  afterEach(async () => {
    ws.mgmt.reset();
    expect(await healthy(ws.url)).toBe(true);
  });

  async function stats(channelId: string) {
    const res = await ws.driver.command('vector stats idx-1 1d', { userId: requester, channelId });
    expect(res.status).toBe(200);
    return res;
  }
  const postedIn = (channel: string) =>
    until(
      () => ws.slack.messagesIn(channel).find((m) => textOf(m.blocks).includes('last 24 hours')),
      `stats in ${channel}`,
      8000,
    );

  describe.each(CASES.map((c, i) => ({ ...c, n: i + 1 })))(
    '/ops vector stats — $name',
    ({ fault, stats: outcome, n }) => {
      it('answers privately with one sentence and posts nothing, or posts the stats; then works again', async () => {
        const channel = `C0STATS${n}`;
        ws.mgmt.fail('stats', fault);
        const res = await stats(channel);
        if ('says' in outcome) {
          const reply = await answerTo(ws, res.responseUrl);
          expect(reply.response_type).toBe('ephemeral');
          expect(reply.text).toBe(statsReply(outcome.says));
          expect(ws.slack.messagesIn(channel)).toEqual([]);
          ws.mgmt.reset();
          await stats(channel);
        }
        const message = await postedIn(channel);
        expect(findBlockKitViolations('message', message.blocks)).toEqual([]);
        expect(pingsIn(shownMrkdwn(ws))).toEqual([]);
      });
    },
  );

  describe.each(CASES.map((c, i) => ({ ...c, n: i + 1 })))(
    '/ops digest (modal, preview, scheduled run) — $name',
    ({ fault, stats: outcome, accounts, n }) => {
      it('says which part failed and why, and records a run as posted only with its message', async () => {
        const channel = `C0DIGEST${n}`;
        ws.mgmt.fail('stats', fault);
        // The modal checks the ids against the API before saving.
        await ws.driver.command('digest', { userId: requester, channelId: channel });
        const modal = await until(
          () =>
            ws.slack.views.findLast(
              (v) => v.view.callback_id === 'digests.configure' && v.view.private_metadata.includes(channel),
            ),
          'the digest modal',
        );
        const submitted = await ws.driver.submitView({
          userId: requester,
          view: modal.view,
          values: { [DIGEST_BLOCK.indexes]: { value: 'idx-1' } },
        });
        if ('says' in outcome) {
          const problem = outcome.says === NO_SUCH_INDEX ? 'no such vector index' : outcome.says;
          expect(submitted.ack).toEqual({
            response_action: 'errors',
            errors: { [DIGEST_BLOCK.indexes]: `idx-1: ${problem}` },
          });
          expect(await ws.store.getSubscription(channel)).toBeUndefined();
        } else {
          expect(submitted.ack).toMatchObject({ response_action: 'update' });
        }

        // A subscription due a minute ago, every part included.
        ws.mgmt.reset();
        ws.mgmt.fail('*', fault);
        const now = Date.now();
        const due = new Date(now - 60_000);
        await ws.store.upsertSubscription({
          channelId: channel,
          configuredBy: requester,
          indexIds: ['idx-1'],
          period: '1d',
          localTime: due.toISOString().slice(11, 16),
          timeZone: 'UTC',
          days: [0, 1, 2, 3, 4, 5, 6],
          includeAccounts: true,
          includeRequests: true,
          nextRunAt: now - 60_000,
          at: now - 120_000,
        });
        const preview = await ws.driver.command('digest preview', { userId: requester, channelId: channel });
        const previewText = textOf((await answerTo(ws, preview.responseUrl)).blocks);
        await tick(ws.opsbot);
        const digests = ws.slack
          .messagesIn(channel)
          .filter((m) => textOf(m.blocks).includes('Daily digest ·'));
        expect(digests).toHaveLength(1);
        const digestText = textOf(digests[0]?.blocks);
        for (const shown of [previewText, digestText]) {
          if ('says' in outcome) expect(shown).toContain(`• \`idx-1\`: ${outcome.says}`);
          else expect(shown).toContain('Vector index `idx-1`');
          if ('says' in accounts) expect(shown).toContain(`• Messaging accounts: ${accounts.says}`);
          else expect(shown).not.toContain('• Messaging accounts:');
        }
        const [run] = await ws.store.listDigestRuns(channel, 5);
        expect(run).toMatchObject({ status: 'posted', messageTs: digests[0]?.ts });
        expect(pingsIn(shownMrkdwn(ws))).toEqual([]);
      });
    },
  );
});
