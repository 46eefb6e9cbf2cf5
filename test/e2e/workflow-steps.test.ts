// opsbot's Workflow Builder steps end to end, in both transports: what the workflow receives (the
// completion's outputs or its error), what people see (the card, the DM, the stats post) and the
// row kept. The request step waits for people: two approvals, a rejection, an expiry, none at all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PRESETS } from '../../src/sim/mgmt/index.ts';
import { userContext } from '../../src/sim/slack/index.ts';
import { SIM_IDS, type SimulatedWorkspace, startSimulatedWorkspace } from '../../src/sim/workspace.ts';
import { textOf } from '../support/blocks.ts';
import { parsedLogs } from '../support/logs.ts';
import { eventually } from '../support/poll.ts';
import {
  cardFor,
  fieldErrors,
  fileRequest,
  openDecision,
  waitForCard,
  waitForDm,
} from '../support/search-requests.ts';
import { runRequestStep } from '../support/workflow-steps.ts';

const { requester, approver, secondApprover, generalChannel } = SIM_IDS;
const HOUR = 3_600_000;

describe.each(['http', 'socket'] as const)('Workflow Builder steps over %s', (mode) => {
  let ws: SimulatedWorkspace;
  let now = Date.now();
  beforeAll(async () => {
    ws = await startSimulatedWorkspace({
      mode,
      clock: () => now,
      env: { APPROVALS_REQUIRED: 'free=0,payg=2', LOG_LEVEL: 'info' },
    });
  });
  afterAll(async () => {
    await ws?.stop();
  });

  const approve = async (userId: string, id: number) =>
    ws.driver.submitView({ userId, view: await openDecision(ws, userId, id, 'approve') });

  it('request: files the request as the form does, and completes after the second approval', async () => {
    const { executionId, requestId } = await runRequestStep(ws);
    expect(textOf((await cardFor(ws, requestId)).blocks)).toContain('orders-search');
    await waitForDm(ws, requester, `#${requestId}`);

    await approve(approver, requestId);
    await waitForCard(ws, requestId, (t) => t.includes('Approvals 1 of 2'));
    expect(ws.slack.functions.completions(executionId)).toEqual([]);

    await approve(secondApprover, requestId);
    const completion = await ws.slack.functions.waitForCompletion(executionId, 5000);
    const created = ws.mgmt.created.find((r) => r.name === 'orders-search');
    expect(completion).toMatchObject({
      outcome: 'success',
      token: 'bot',
      outputs: {
        request_id: requestId,
        state: 'created',
        index_name: 'orders-search',
        index_id: created?.id,
        endpoint: created?.endpoint,
        decided_by: secondApprover,
      },
    });
    await eventually(
      async () => (await ws.store.getStepRun(executionId))?.outcome === 'completed',
      'the step run kept as completed',
    );
  });

  it('request: a rejection completes with who rejected it', async () => {
    const { executionId, requestId } = await runRequestStep(ws, { name: 'rejected-search' });
    await ws.driver.submitView({
      userId: approver,
      view: await openDecision(ws, approver, requestId, 'reject'),
      values: { search_reject_reason: { search_reject_reason: 'use the shared index' } },
    });
    const completion = await ws.slack.functions.waitForCompletion(executionId, 5000);
    expect(completion.outputs).toEqual({
      request_id: requestId,
      state: 'rejected',
      index_name: 'rejected-search',
      decided_by: approver,
    });
  });

  it('request: an expiry completes with no one named', async () => {
    const { executionId, requestId } = await runRequestStep(ws, { name: 'late-search' });
    await cardFor(ws, requestId);
    now += 25 * HOUR;
    await ws.opsbot.features.searchRequests.sweep();
    const completion = await ws.slack.functions.waitForCompletion(executionId, 5000);
    expect(completion.outputs).toEqual({
      request_id: requestId,
      state: 'expired',
      index_name: 'late-search',
    });
  });

  it('request: a plan needing no approval completes once the index is created', async () => {
    const { executionId, requestId } = await runRequestStep(ws, { name: 'free-search', plan: 'free' });
    const completion = await ws.slack.functions.waitForCompletion(executionId, 5000);
    expect(completion.outputs).toMatchObject({
      request_id: requestId,
      state: 'created',
      index_name: 'free-search',
    });
    expect(completion.outputs).not.toHaveProperty('decided_by');
    expect(ws.mgmt.created.filter((r) => r.name === 'free-search')).toHaveLength(1);
  });

  it('request: the event delivered twice files one request and completes once', async () => {
    const { executionId } = await runRequestStep(
      ws,
      { name: 'twice-search', plan: 'free' },
      { deliverTwice: true },
    );
    await ws.slack.functions.waitForCompletion(executionId, 5000);
    const filed = await ws.store.listRecentRequests({ limit: 50 });
    expect(filed.filter((r) => r.name === 'twice-search')).toHaveLength(1);
    expect(ws.slack.functions.completions(executionId)).toHaveLength(1);
    expect(ws.mgmt.created.filter((r) => r.name === 'twice-search')).toHaveLength(1);
  });

  it('request: invalid input completes with the sentence the form shows under its field', async () => {
    const form = await fileRequest(ws, { values: { search_name: { search_name: 'Bad Name!' } } });
    const sentence = fieldErrors(form).search_name;
    expect(sentence).toBeDefined();
    const run = await ws.driver.executeFunction('request_search_index', {
      name: 'Bad Name!',
      region: 'eu-west-1',
      plan: 'payg',
      user_context: userContext(requester),
    });
    const completion = await ws.slack.functions.waitForCompletion(run.executionId, 5000);
    expect(completion).toMatchObject({ outcome: 'error', error: sentence });
  });

  it('request: a cancelled workflow is logged, and the request goes on', async () => {
    const { executionId, requestId } = await runRequestStep(ws, { name: 'cancelled-search' });
    ws.driver.cancelFunction(executionId);
    await ws.driver.submitView({
      userId: approver,
      view: await openDecision(ws, approver, requestId, 'reject'),
      values: { search_reject_reason: { search_reject_reason: 'not needed' } },
    });
    await waitForCard(ws, requestId, (t) => t.includes('*Rejected*'));
    await eventually(
      () =>
        parsedLogs(ws.logs).some((l) => l.event === 'workflow_step_gone' && l.executionId === executionId),
      'the log line saying the workflow no longer runs the step',
    );
    expect(ws.slack.functions.completions(executionId)).toEqual([]);
    expect(await ws.store.getRequest(requestId)).toMatchObject({ state: 'rejected', decidedBy: approver });
    await eventually(
      async () => (await ws.store.getStepRun(executionId))?.outcome === 'gone',
      'the step run kept as gone',
    );
  });

  it('stats: completes with the numbers and the highlights, and posts the card in the channel', async () => {
    const before = ws.slack.messagesIn(generalChannel).length;
    const run = await ws.driver.executeFunction('vector_index_stats', {
      index: 'idx-1',
      period: '1d',
      channel: generalChannel,
    });
    const completion = await ws.slack.functions.waitForCompletion(run.executionId, 5000);
    expect(completion.outcome).toBe('success');
    expect(completion.outputs?.summary).toMatch(/^Vector index idx-1, /);
    expect(String(completion.outputs?.summary).length).toBeLessThanOrEqual(1000);
    expect(completion.outputs?.vectors).toEqual(expect.any(Number));
    const posted = ws.slack.messagesIn(generalChannel).slice(before);
    expect(posted.map((m) => textOf(m.blocks)).join('\n')).toContain('Requested by a workflow');
  });

  it('stats: an unknown index completes with the command’s sentence', async () => {
    const run = await ws.driver.executeFunction('vector_index_stats', { index: 'idx-nope' });
    const completion = await ws.slack.functions.waitForCompletion(run.executionId, 5000);
    expect(completion).toMatchObject({ outcome: 'error' });
    expect(completion.error).toContain('opsbot knows no vector index named `idx-nope`');
  });

  it('accounts: counts them and names those needing attention, never a secret', async () => {
    ws.mgmt.accounts = [
      ACCOUNT_PRESETS.free(),
      ACCOUNT_PRESETS.suspending(),
      ACCOUNT_PRESETS.unknownState(),
      ACCOUNT_PRESETS.extraSecrets(),
    ];
    const run = await ws.driver.executeFunction('messaging_accounts_summary');
    const completion = await ws.slack.functions.waitForCompletion(run.executionId, 5000);
    expect(completion.outputs).toMatchObject({ accounts: 4, needing_attention: 2 });
    const lines = String(completion.outputs?.summary).split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^T0LAPSED \(.+\): suspension in progress$/);
    expect(lines[1]).toMatch(/^migration@example\.com \(.+\): unknown state migrating$/);
    expect(JSON.stringify(completion.outputs)).not.toMatch(/fake|password|token|signing/i);
  });
});
