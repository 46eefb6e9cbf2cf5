// The request step completes exactly once whatever happens between filing and the end: a restart
// between the approval and the completion, a request that ended while no process was listening,
// and replicas sharing one PostgreSQL database, each told the same event.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SlackDriver } from '../../src/sim/driver/driver.ts';
import { SIM_IDS, type SimulatedWorkspace, startSimulatedWorkspace } from '../../src/sim/workspace.ts';
import { parsedLogs } from '../support/logs.ts';
import { eventually } from '../support/poll.ts';
import { cardFor, openDecision, waitForCard } from '../support/search-requests.ts';
import { requestFiledBy, runRequestStep } from '../support/workflow-steps.ts';
import { createTestSchema, TEST_DATABASE_URL, type TestSchema } from './database-support.ts';

const { approver, secondApprover } = SIM_IDS;

/** The log lines of the completion (a process logs it once Slack has answered). */
async function completionLogs(ws: SimulatedWorkspace, executionId: string) {
  const lines = () =>
    parsedLogs(ws.logs).filter((l) => l.event === 'workflow_step_completed' && l.executionId === executionId);
  await eventually(() => lines().length > 0, 'the completion logged');
  return lines();
}

describe('e2e: the request step across a restart', () => {
  let ws: SimulatedWorkspace;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'opsbot-steps-restart-'));
    ws = await startSimulatedWorkspace({
      env: { DATABASE_PATH: join(dir, 'opsbot.sqlite'), LOG_LEVEL: 'info' },
    });
  });
  afterAll(async () => {
    await ws?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('filed before a restart, approved after it: the new process completes it, once', async () => {
    const { executionId, requestId } = await runRequestStep(ws);
    await cardFor(ws, requestId);
    await ws.opsbot.stop(1_000);

    const next = await ws.startAnotherInstance();
    await next.driver.submitView({
      userId: approver,
      view: await openDecision(ws, approver, requestId, 'approve', next.driver),
    });
    const completion = await ws.slack.functions.waitForCompletion(executionId, 5000);
    expect(completion.outputs).toMatchObject({
      request_id: requestId,
      state: 'created',
      decided_by: approver,
    });
    await waitForCard(ws, requestId, (t) => t.includes('*Created*'));
    expect(ws.slack.functions.completions(executionId)).toHaveLength(1);
    expect(await completionLogs(ws, executionId)).toHaveLength(1);

    // A request that ended with no process listening (written straight to the database) is
    // completed by the catch-up job.
    const late = await runRequestStep(ws, { name: 'quiet-search' }, { driver: next.driver });
    await cardFor(ws, late.requestId);
    await next.store.transitionRequest(late.requestId, {
      from: 'pending',
      to: 'rejected',
      actor: secondApprover,
      at: Date.now(),
      patch: { decidedBy: secondApprover, decisionComment: 'not now' },
    });
    expect(ws.slack.functions.completions(late.executionId)).toEqual([]);
    await next.opsbot.features.workflowSteps.catchUp();
    const caughtUp = await ws.slack.functions.waitForCompletion(late.executionId, 5000);
    expect(caughtUp.outputs).toMatchObject({ state: 'rejected', decided_by: secondApprover });
    await next.opsbot.features.workflowSteps.catchUp();
    expect(ws.slack.functions.completions(late.executionId)).toHaveLength(1);
  });
});

describe.skipIf(TEST_DATABASE_URL === undefined)('e2e: the request step on three replicas', () => {
  let schema: TestSchema;
  let ws: SimulatedWorkspace;
  let b: { driver: SlackDriver };
  let c: { driver: SlackDriver };
  beforeAll(async () => {
    schema = await createTestSchema();
    ws = await startSimulatedWorkspace({
      env: { DATABASE_URL: schema.urlFor(), LOG_LEVEL: 'info', APPROVALS_REQUIRED: 'payg=2' },
    });
    [b, c] = await Promise.all([ws.startAnotherInstance(), ws.startAnotherInstance()]);
  });
  afterAll(async () => {
    await ws?.stop();
    await schema?.drop();
  });

  it('the event told to every replica files one request, and one completion follows the approvals', async () => {
    const event = await ws.slack.functions.start('request_search_index', {
      name: 'replicated-search',
      region: 'us-central1',
      plan: 'payg',
      requester: SIM_IDS.requester,
    });
    await Promise.all([ws.driver, b.driver, c.driver].map((d) => d.deliverFunctionExecuted(event)));
    const executionId = event.function_execution_id;
    const requestId = await requestFiledBy(ws.store, executionId);
    expect(
      (await ws.store.listRecentRequests({ limit: 10 })).filter((r) => r.name === 'replicated-search'),
    ).toHaveLength(1);

    await b.driver.submitView({
      userId: approver,
      view: await openDecision(ws, approver, requestId, 'approve', b.driver),
    });
    await waitForCard(ws, requestId, (t) => t.includes('Approvals 1 of 2'));
    await c.driver.submitView({
      userId: secondApprover,
      view: await openDecision(ws, secondApprover, requestId, 'approve', c.driver),
    });
    const completion = await ws.slack.functions.waitForCompletion(executionId, 5000);
    expect(completion.outputs).toMatchObject({ state: 'created', decided_by: secondApprover });
    await waitForCard(ws, requestId, (t) => t.includes('*Created*'));
    expect(ws.slack.functions.completions(executionId)).toHaveLength(1);
    expect(await completionLogs(ws, executionId)).toHaveLength(1);
    expect(ws.mgmt.createCalls).toHaveLength(1);
  });
});
