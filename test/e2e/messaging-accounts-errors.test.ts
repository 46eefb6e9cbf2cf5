import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_PRESETS, type SimFault } from '../../src/sim/mgmt/index.ts';
import { findBlockKitViolations, type SimResponse } from '../../src/sim/slack/index.ts';
import { SIM_IDS, type SimulatedWorkspace, startSimulatedWorkspace } from '../../src/sim/workspace.ts';
import { buttonsIn, textOf } from '../support/blocks.ts';
import { until } from '../support/poll.ts';

const user = SIM_IDS.requester;
const channel = SIM_IDS.generalChannel;

describe('e2e: /ops messaging accounts when the management API or Slack fails', () => {
  let ws: SimulatedWorkspace;
  beforeAll(async () => {
    // A short budget so the "never answers" case ends quickly.
    ws = await startSimulatedWorkspace({ env: { MGMT_API_TIMEOUT_MS: '1000' } });
  });
  afterAll(async () => {
    await ws?.stop();
  });
  beforeEach(() => {
    ws.mgmt.reset();
    ws.slack.reset();
    ws.mgmt.accounts = [ACCOUNT_PRESETS.free(), ACCOUNT_PRESETS.paid()];
  });

  async function run(): Promise<SimResponse> {
    const res = await ws.driver.command('messaging accounts', { userId: user, channelId: channel });
    expect(res.status).toBe(200);
    return until(() => ws.slack.responses.find((r) => r.url === res.responseUrl), 'the answer', 8000);
  }

  const failures: Array<{ name: string; fault: SimFault; times: number; says: string; kind: string }> = [
    {
      name: 'rejected credentials',
      fault: { status: 401 },
      times: 1,
      says: 'The management API rejected opsbot’s credentials — check MGMT_API_USERNAME / MGMT_API_PASSWORD.',
      kind: 'auth',
    },
    {
      name: 'API down (503 on every attempt)',
      fault: { status: 503 },
      times: 3,
      says: 'The management API is unavailable right now; try again in a minute.',
      kind: 'unavailable',
    },
    {
      name: 'connection reset on every attempt',
      fault: { resetConnection: true },
      times: 3,
      says: 'The management API is unavailable right now; try again in a minute.',
      kind: 'unavailable',
    },
    {
      name: 'no answer in time',
      fault: { hang: true },
      times: 1,
      says: 'The management API didn’t answer in time; try again in a minute.',
      kind: 'timeout',
    },
    {
      name: 'malformed JSON',
      fault: { malformedJson: true },
      times: 1,
      says: 'The management API answered in a form opsbot doesn’t understand; the details are in the log.',
      kind: 'invalid_response',
    },
    {
      name: 'a list that is not a list',
      fault: { shape: 'unreadable' },
      times: 1,
      says: 'The management API answered in a form opsbot doesn’t understand; the details are in the log.',
      kind: 'invalid_response',
    },
    {
      name: 'rate limited for two minutes',
      fault: { status: 429, retryAfter: '120' },
      times: 1,
      says: 'The management API is rate-limiting opsbot; try again in 2 minutes.',
      kind: 'rate_limited',
    },
  ];

  for (const f of failures) {
    it(`${f.name}: one clear ephemeral sentence, logged with detail, and the next command works`, async () => {
      ws.mgmt.fail('accounts', f.fault, { times: f.times });
      const reply = await run();
      expect(reply.response_type).toBe('ephemeral');
      expect(reply.text).toBe(f.says);
      expect(textOf(reply.blocks)).toBe(`:warning: ${f.says}`);
      expect(buttonsIn(reply.blocks)).toEqual([]);
      expect(findBlockKitViolations('message', reply.blocks)).toEqual([]);
      const logged = ws.logs.map((l) => JSON.parse(l)).findLast((l) => l.event === 'accounts_list_failed');
      expect(logged?.err?.code).toBe(f.kind);
      expect(logged?.level).toBe('warn');

      const next = await run();
      expect(textOf(next.blocks)).toContain('*2 accounts*');
    });
  }

  it('"Show more" and "Share" during an outage answer privately and post nothing', async () => {
    ws.mgmt.accounts = Array.from({ length: 12 }, (_, i) =>
      ACCOUNT_PRESETS.free({ customer_id: `c${String(i).padStart(2, '0')}@example.com` }),
    );
    await run();
    const message = ws.slack.ephemeralsFor(user)[0];
    if (message === undefined) throw new Error('no summary');
    expect(buttonsIn(message.blocks).map((b) => b.action_id)).toEqual(['accounts.more', 'accounts.share']);
    ws.mgmt.fail('accounts', { status: 500 });
    for (const actionId of ['accounts.more', 'accounts.share']) {
      const before = ws.slack.ephemeralsFor(user).length;
      await ws.driver.clickButton({ userId: user, message, actionId });
      const answer = await until(() => ws.slack.ephemeralsFor(user)[before], `answer to ${actionId}`);
      expect(answer.text).toBe('The management API is unavailable right now; try again in a minute.');
    }
    expect(ws.slack.callsTo('chat.postMessage')).toEqual([]);
  });

  it('tells the user to invite the bot when Slack says it is not in the channel', async () => {
    await run();
    const message = ws.slack.ephemeralsFor(user)[0];
    if (message === undefined) throw new Error('no summary');
    ws.slack.fail('chat.postMessage', { error: 'not_in_channel' }, { times: 1 });
    await ws.driver.clickButton({ userId: user, message, actionId: 'accounts.share' });
    const answer = await until(() => ws.slack.ephemeralsFor(user)[1], 'the share failure');
    expect(answer.text).toBe(
      ':warning: opsbot couldn’t post there: opsbot isn’t a member of that channel — invite it with `/invite @opsbot`.',
    );
    expect(ws.slack.messagesIn(channel)).toEqual([]);
    const logged = ws.logs.map((l) => JSON.parse(l)).findLast((l) => l.event === 'action_failed');
    expect(logged?.err?.code).toBe('not_in_channel');

    // Invited now: the same button works.
    await ws.driver.clickButton({ userId: user, message, actionId: 'accounts.share' });
    await until(() => ws.slack.messagesIn(channel)[0], 'the shared message');
  });

  it('shares what is current when clicked, fetched again (the list changed since)', async () => {
    await run();
    const message = ws.slack.ephemeralsFor(user)[0];
    if (message === undefined) throw new Error('no summary');
    ws.mgmt.accounts = [ACCOUNT_PRESETS.enterprise()];
    await ws.driver.clickButton({ userId: user, message, actionId: 'accounts.share' });
    const posted = await until(() => ws.slack.messagesIn(channel)[0], 'the shared message');
    expect(textOf(posted.blocks)).toContain('platform@bigcorp.example.com');
    expect(textOf(posted.blocks)).toContain('*1 account*');
  });
});
