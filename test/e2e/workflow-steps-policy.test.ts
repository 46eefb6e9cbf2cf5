// A step obeys the policy of its command, for the person Slack says runs the workflow (user_context)
// and in the channel the step names, in both transports. The `requester` input is only who a request
// is for: shown on the card, never the person whose permission counts, and like the person who ran
// the step never its approver. A step naming no channel is refused where its command is limited to
// channels; a DM counts only when it is the person's own with opsbot. A refusal ends the step with
// the sentence the command gives; a slash command naming nobody is refused wherever the policy
// restricts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userContext } from '../../src/sim/slack/index.ts';
import { SIM_IDS, type SimulatedWorkspace, startSimulatedWorkspace } from '../../src/sim/workspace.ts';
import { SIM_CHANNEL_IDS, SIM_CHANNELS } from '../../src/sim/workspace-channels.ts';
import { parsedLogs } from '../support/logs.ts';
import { cardFor, replyTo, textOf } from '../support/search-requests.ts';
import { REQUEST_INPUTS, requestFiledBy } from '../support/workflow-steps.ts';

const { requester, approver, secondApprover, approvalChannel } = SIM_IDS;
const { ops, general } = SIM_CHANNEL_IDS;

const POLICY = `allow:
  search.request: { who: [${requester}, ${secondApprover}], where: [${ops}] }
  stats: { who: everyone, where: [${ops}] }
  accounts: { who: [${requester}, ${approver}], where: [${ops}] }
`;

describe.each(['http', 'socket'] as const)('e2e: Workflow Builder steps under a policy (%s)', (mode) => {
  let ws: SimulatedWorkspace;
  beforeAll(async () => {
    ws = await startSimulatedWorkspace({
      mode,
      env: { POLICY, APPROVALS_REQUIRED: '1' },
      slack: { channels: SIM_CHANNELS },
    });
  });
  afterAll(async () => {
    await ws?.stop();
  });

  /** Runs a step and returns how Slack saw it end. */
  const run = async (callbackId: string, inputs: Record<string, unknown>) => {
    const started = await ws.driver.executeFunction(callbackId, inputs);
    return ws.slack.functions.waitForCompletion(started.executionId, 5000);
  };
  /** The sentence a person typing the command is refused with. */
  const commandRefusal = async (
    text: string,
    options: { userId?: string; channelId: string; nobody?: boolean },
  ) => {
    const res = await ws.driver.command(text, options);
    const answer = JSON.parse(res.body) as { text?: string };
    expect(answer.text).toMatch(/^:warning: /);
    return String(answer.text).replace(/^:warning: /, '');
  };

  it('request: run by someone not allowed to request, naming someone who is, files nothing for anyone', async () => {
    const cards = ws.slack.messagesIn(approvalChannel).length;
    const completion = await run('request_search_index', {
      ...REQUEST_INPUTS,
      user_context: userContext(approver),
      requester,
      channel: ops,
    });
    expect(completion).toMatchObject({
      outcome: 'error',
      error: `Only <@${requester}> and <@${secondApprover}> can request search indexes, in <#${ops}>.`,
    });
    expect(await ws.store.listRecentRequests({ limit: 5 })).toEqual([]);
    expect(await ws.store.countPendingByRequester(requester, Date.now())).toBe(0);
    expect(ws.slack.messagesIn(approvalChannel)).toHaveLength(cards);
    expect(ws.mgmt.createCalls).toEqual([]);
  });

  it('request: filed as the person running it, on behalf of the one named; neither of them can approve it', async () => {
    const started = await ws.driver.executeFunction('request_search_index', {
      ...REQUEST_INPUTS,
      name: 'behalf-search',
      user_context: userContext(secondApprover),
      requester: approver,
      channel: ops,
    });
    const id = await requestFiledBy(ws.store, started.executionId);
    expect(await ws.store.getRequest(id)).toMatchObject({
      requesterId: secondApprover,
      onBehalfOf: approver,
    });
    // The caps count against the person who ran the step, not the one it was for.
    expect(await ws.store.countPendingByRequester(secondApprover, Date.now())).toBe(1);
    expect(await ws.store.countPendingByRequester(approver, Date.now())).toBe(0);
    expect(textOf((await cardFor(ws, id)).blocks)).toContain(
      `<@${secondApprover}> on behalf of <@${approver}>`,
    );

    for (const [who, says] of [
      [secondApprover, `You asked for request #${id}`],
      [approver, `Request #${id} was filed on your behalf`],
    ] as const) {
      const click = await ws.driver.clickButton({
        userId: who,
        message: await cardFor(ws, id),
        actionId: 'search.approve',
      });
      expect((await replyTo(ws, click.responseUrl))?.text).toContain(says);
    }
    expect(ws.mgmt.createCalls).toEqual([]);
    expect((await ws.store.getRequest(id))?.state).toBe('pending');
    expect(ws.slack.functions.completions(started.executionId)).toEqual([]);
  });

  it('request: outside `where`, or with no channel, files nothing and says what the command says there', async () => {
    const says = await commandRefusal('search create general-search eu-west-1 payg', {
      userId: requester,
      channelId: general,
    });
    expect(says).toBe(`This channel isn’t one where you can request search indexes: use <#${ops}>.`);
    for (const channel of [general, undefined]) {
      const completion = await run('request_search_index', {
        ...REQUEST_INPUTS,
        name: 'general-search',
        user_context: userContext(requester),
        ...(channel ? { channel } : {}),
      });
      expect(completion).toMatchObject({ outcome: 'error', error: says });
    }
    expect((await ws.store.listRecentRequests({ limit: 10 })).map((r) => r.name)).not.toContain(
      'general-search',
    );
  });

  it('request: naming another person’s DM with opsbot as its channel, files nothing', async () => {
    const completion = await run('request_search_index', {
      ...REQUEST_INPUTS,
      name: 'dm-search',
      user_context: userContext(requester),
      channel: ws.slack.dmWith(approver),
    });
    expect(completion.error).toBe(
      'That direct message isn’t yours with opsbot, so opsbot won’t act there: pick a channel, or your own direct message with opsbot.',
    );
    expect((await ws.store.listRecentRequests({ limit: 10 })).map((r) => r.name)).not.toContain('dm-search');
  });

  it('stats: outside `where`, or with no channel, refused with the sentence the command gives there', async () => {
    const says = await commandRefusal('vector stats idx-1 1h', { userId: requester, channelId: general });
    expect(says).toBe(`This channel isn’t one where you can read vector index statistics: use <#${ops}>.`);
    const inGeneral = await run('vector_index_stats', {
      index: 'idx-1',
      channel: general,
      user_context: userContext(requester),
    });
    expect(inGeneral).toMatchObject({ outcome: 'error', error: says });
    const nowhere = await run('vector_index_stats', { index: 'idx-1', user_context: userContext(requester) });
    expect(nowhere).toMatchObject({ outcome: 'error', error: says });
    expect(ws.slack.messagesIn(general)).toEqual([]);
    // Logged as every refusal of the policy is, with the step it ended.
    const refused = parsedLogs(ws.logs).filter(
      (l) => l.event === 'policy_refused' && l.capability === 'stats' && typeof l.executionId === 'string',
    );
    expect(refused).toEqual([
      expect.objectContaining({ user: requester, channel: general, reason: 'where' }),
      expect.objectContaining({ user: requester, reason: 'where' }),
    ]);
  });

  it('stats: another person’s DM with opsbot is refused and nothing is posted there; the person’s own works', async () => {
    const theirs = ws.slack.dmWith(approver);
    const before = ws.slack.messagesIn(theirs).length;
    const refused = await run('vector_index_stats', {
      index: 'idx-1',
      channel: theirs,
      user_context: userContext(requester),
    });
    expect(refused.error).toMatch(/^That direct message isn’t yours with opsbot/);
    expect(ws.slack.messagesIn(theirs)).toHaveLength(before);

    const own = ws.slack.dmWith(requester);
    const mine = await run('vector_index_stats', {
      index: 'idx-1',
      channel: own,
      user_context: userContext(requester),
    });
    expect(mine.outcome).toBe('success');
    expect(
      ws.slack
        .messagesIn(own)
        .map((m) => textOf(m.blocks))
        .join('\n'),
    ).toContain('idx-1');
  });

  it('stats: in a channel `where` names, the card is posted there', async () => {
    const completion = await run('vector_index_stats', { index: 'idx-1', channel: ops });
    expect(completion.outcome).toBe('success');
    expect(ws.slack.messagesIn(ops).length).toBeGreaterThan(0);
  });

  it('accounts: refused outside `where` and without a channel, as the command; allowed in #ops for those it names', async () => {
    const says = await commandRefusal('messaging accounts', { userId: requester, channelId: general });
    for (const channel of [general, undefined]) {
      const completion = await run('messaging_accounts_summary', {
        user_context: userContext(requester),
        ...(channel ? { channel } : {}),
      });
      expect(completion).toMatchObject({ outcome: 'error', error: says });
    }
    const allowed = await run('messaging_accounts_summary', {
      user_context: userContext(requester),
      channel: ops,
    });
    expect(allowed).toMatchObject({ outcome: 'success', outputs: { accounts: expect.any(Number) } });
    const outsider = await run('messaging_accounts_summary', {
      user_context: userContext(secondApprover),
      channel: ops,
    });
    expect(outsider.error).toBe(
      `Only <@${requester}> and <@${approver}> can see the messaging accounts, in <#${ops}>.`,
    );
  });

  it('a step run by nobody Slack names gets only what is open to everyone', async () => {
    const accounts = await run('messaging_accounts_summary', { channel: ops });
    expect(accounts.error).toBe(
      `Slack didn’t say who sent this, and only <@${requester}> and <@${approver}> can see the messaging accounts, in <#${ops}>.`,
    );
  });

  it('a slash command without user_id is refused wherever the policy restricts, in one sentence', async () => {
    const apiCalls = ws.apiRequestsAfterStart().length;
    expect(await commandRefusal('messaging accounts', { channelId: ops, nobody: true })).toBe(
      `Slack didn’t say who sent this, and only <@${requester}> and <@${approver}> can see the messaging accounts, in <#${ops}>.`,
    );
    expect(
      await commandRefusal('search create nobody-search eu-west-1 free', { channelId: ops, nobody: true }),
    ).toBe(
      `Slack didn’t say who sent this, and only <@${requester}> and <@${secondApprover}> can request search indexes, in <#${ops}>.`,
    );
    expect(await commandRefusal('vector stats idx-1 1h', { channelId: general, nobody: true })).toBe(
      `This channel isn’t one where you can read vector index statistics: use <#${ops}>.`,
    );
    expect(ws.apiRequestsAfterStart()).toHaveLength(apiCalls);
    expect((await ws.store.listRecentRequests({ limit: 10 })).map((r) => r.name)).not.toContain(
      'nobody-search',
    );
  });
});
