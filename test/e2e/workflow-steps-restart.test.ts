// The request step completes exactly once whatever happens between filing and the end: a restart
// before the approval, and a request that ended while no process was listening. (Replicas:
// replicas-approvals.test.ts.)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
