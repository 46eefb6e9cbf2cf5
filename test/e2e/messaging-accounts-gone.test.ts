// "Show more" and "Share in channel" answer the person who clicked when their target is gone (the
// channel, every account), in one sentence, and post nothing. The feature keeps nothing in the store,
// so there is no store failure to answer (an API outage is in messaging-accounts-errors.test.ts).
// A workspace that renamed the command sees its name in the answers.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_PRESETS } from '../../src/sim/mgmt/index.ts';
import type { SimResponse } from '../../src/sim/slack/index.ts';
import { SIM_IDS, type SimulatedWorkspace, startSimulatedWorkspace } from '../../src/sim/workspace.ts';
import { textOf } from '../support/blocks.ts';
import { until } from '../support/poll.ts';

const user = SIM_IDS.requester;
const channel = SIM_IDS.generalChannel;

describe('e2e: messaging accounts buttons whose target is gone, and a renamed command', () => {
  let ws: SimulatedWorkspace;
  beforeAll(async () => {
    ws = await startSimulatedWorkspace();
  });
  afterAll(async () => {
    await ws?.stop();
  });
  beforeEach(() => {
    ws.mgmt.reset();
    ws.slack.reset();
    ws.mgmt.accounts = Array.from({ length: 12 }, (_, i) =>
      ACCOUNT_PRESETS.free({ customer_id: `c${String(i).padStart(2, '0')}@example.com` }),
    );
  });

  async function summary(command = '/ops'): Promise<SimResponse> {
    const res = await ws.driver.command('messaging accounts', { userId: user, channelId: channel, command });
    return until(() => ws.slack.responses.find((r) => r.url === res.responseUrl), 'the summary', 8000);
  }
  const summaryMessage = () => until(() => ws.slack.ephemeralsFor(user)[0], 'the summary message');
  const nextAnswer = (before: number) => until(() => ws.slack.ephemeralsFor(user)[before], 'the answer');

  it('Share in a channel that is gone: one sentence, nothing posted', async () => {
    await summary();
    const message = await summaryMessage();
    ws.slack.fail('chat.postMessage', { error: 'channel_not_found' }, { times: 1 });
    await ws.driver.clickButton({ userId: user, message, actionId: 'accounts.share' });
    const answer = await nextAnswer(1);
    expect(answer.text).toBe(
      ':warning: opsbot couldn’t post there: that channel is private and opsbot isn’t in it, or the channel is gone.',
    );
    expect(ws.slack.messagesIn(channel)).toEqual([]);
  });

  it('Show more and Share when every account is gone since: one sentence each, nothing posted', async () => {
    await summary();
    const message = await summaryMessage();
    ws.mgmt.accounts = [];
    for (const actionId of ['accounts.more', 'accounts.share']) {
      const before = ws.slack.ephemeralsFor(user).length;
      await ws.driver.clickButton({ userId: user, message, actionId });
      expect((await nextAnswer(before)).text).toBe('There are no messaging accounts.');
    }
    expect(ws.slack.messagesIn(channel)).toEqual([]);
  });

  it('a workspace that renamed the command to /opsbot sees /opsbot in the usage and the answers', async () => {
    const extra = await ws.driver.command('messaging accounts now', { userId: user, command: '/opsbot' });
    expect(JSON.parse(extra.body).text).toContain(
      '`/opsbot messaging accounts` takes no arguments, but got `now`. Type `/opsbot messaging accounts`.',
    );
    await summary('/opsbot');
    const message = await summaryMessage();
    const forged = {
      ...message,
      blocks: (message.blocks as Array<{ type: string }>).map((b) =>
        b.type === 'actions'
          ? {
              ...b,
              elements: [
                {
                  type: 'button',
                  action_id: 'accounts.more',
                  text: { type: 'plain_text', text: 'x' },
                  value: 'x',
                },
              ],
            }
          : b,
      ),
    };
    await ws.driver.clickButton({ userId: user, message: forged, actionId: 'accounts.more' });
    expect((await nextAnswer(1)).text).toBe(
      ':warning: That button is out of date — run `/opsbot messaging accounts` again.',
    );
    expect(textOf(message.blocks)).not.toContain('/ops ');
  });
});
