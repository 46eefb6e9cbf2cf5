// The request step completes exactly once whatever happens between filing and the end: a restart
// before the approval, a request that ended while no process was listening, and a process that
// stopped between the approval and the completion. (Replicas: replicas-approvals.test.ts.)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPLETION_LEASE_MS } from '../../src/features/workflow-steps/request-step.ts';
import { SIM_IDS, type SimulatedWorkspace, startSimulatedWorkspace } from '../../src/sim/workspace.ts';
import { cardFor, openDecision, waitForCard } from '../support/search-requests.ts';
import { completionLogs, runRequestStep } from '../support/workflow-steps.ts';

const { approver, secondApprover } = SIM_IDS;

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

  it('filed before a restart, approved after it, or ended while no process listened: completed once', async () => {
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

describe('e2e: a process stops between the approval and the completion', () => {
  let ws: SimulatedWorkspace;
  let dir: string;
  let now = Date.now();
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'opsbot-steps-stop-'));
    ws = await startSimulatedWorkspace({
      clock: () => now,
      env: { DATABASE_PATH: join(dir, 'opsbot.sqlite'), LOG_LEVEL: 'info' },
    });
  });
  afterAll(async () => {
    await ws?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the next process completes the step once the first one’s claim runs out', async () => {
    const { executionId, requestId } = await runRequestStep(ws);
    // Slack fails the first process's completion; it stops before trying again.
    ws.slack.fail('functions.completeSuccess', { error: 'internal_error' }, { times: 1 });
    await ws.driver.submitView({
      userId: approver,
      view: await openDecision(ws, approver, requestId, 'approve'),
    });
    await waitForCard(ws, requestId, (t) => t.includes('*Created*'));
    await ws.slack.waitFor((c) => c.method === 'functions.completeSuccess' && !c.ok);
    await ws.opsbot.stop(1_000);

    const next = await ws.startAnotherInstance();
    // Its start-up catch-up leaves a live claim alone; once the claim has run out, it completes.
    await next.opsbot.features.workflowSteps.catchUp();
    expect(ws.slack.functions.completions(executionId)).toEqual([]);
    now += COMPLETION_LEASE_MS;
    await next.opsbot.features.workflowSteps.catchUp();
    const completion = await ws.slack.functions.waitForCompletion(executionId, 5000);
    expect(completion.outputs).toMatchObject({
      request_id: requestId,
      state: 'created',
      decided_by: approver,
    });
    expect(ws.mgmt.created.filter((r) => r.name === 'orders-search')).toHaveLength(1);
    await next.opsbot.features.workflowSteps.catchUp();
    expect(ws.slack.functions.completions(executionId)).toHaveLength(1);
  });
});
