// The request step's request and its link are one write: a blip on the link leaves no pending
// request behind (nothing for approvers to approve that no workflow waits for), and a step whose
// request never appeared (the process stopped between the claim and the write) is ended with an
// error by the catch-up once its grace has passed, rather than waiting until Slack gives up.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORPHAN_GRACE_MS, REQUEST_NEVER_FILED } from '../../src/features/workflow-steps/request-step.ts';
import { type SimulatedWorkspace, startSimulatedWorkspace } from '../../src/sim/workspace.ts';
import { REQUEST_INPUTS, runRequestStep } from '../support/workflow-steps.ts';

describe('e2e: a request step and its request, one write', () => {
  let ws: SimulatedWorkspace;
  let dir: string;
  let path: string;
  let now = Date.UTC(2026, 10, 24, 10, 0);
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'opsbot-step-one-write-'));
    path = join(dir, 'opsbot.sqlite');
    ws = await startSimulatedWorkspace({ clock: () => now, env: { DATABASE_PATH: path, LOG_LEVEL: 'info' } });
  });
  afterAll(async () => {
    await ws?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Runs `sql` on the app's database through a connection of its own (a fault from outside). */
  const onDatabase = (sql: string) => {
    const db = new DatabaseSync(path);
    try {
      db.exec(sql);
    } finally {
      db.close();
    }
  };

  it('a blip on the step’s link: the step ends with an error and no pending request is left', async () => {
    onDatabase(`CREATE TRIGGER link_blip BEFORE UPDATE OF request_id ON workflow_step_runs
      BEGIN SELECT RAISE(ABORT, 'disk I/O error'); END`);
    const run = await ws.driver.executeFunction('request_search_index', REQUEST_INPUTS);
    const completion = await ws.slack.functions.waitForCompletion(run.executionId, 5_000);
    expect(completion.outcome).toBe('error');
    expect(await ws.store.listRecentRequests({ limit: 10 })).toEqual([]);
    expect(ws.slack.calls.filter((c) => c.method === 'chat.postMessage')).toEqual([]);

    // The blip over, the workflow run again files its request as ever.
    onDatabase('DROP TRIGGER link_blip');
    const again = await runRequestStep(ws);
    expect(await ws.store.getRequest(again.requestId)).toMatchObject({ state: 'pending' });
  });

  it('a step whose request never appeared is ended by the catch-up after the grace, once', async () => {
    const event = await ws.slack.functions.start('request_search_index', REQUEST_INPUTS);
    const executionId = event.function_execution_id;
    // What a process that stopped between the claim and the request's write leaves.
    expect(await ws.store.claimStepRun(executionId, now)).toBe(true);
    await ws.opsbot.features.workflowSteps.catchUp();
    expect(ws.slack.functions.completions(executionId)).toEqual([]);

    now += ORPHAN_GRACE_MS + 1;
    await ws.opsbot.features.workflowSteps.catchUp();
    const completion = await ws.slack.functions.waitForCompletion(executionId, 5_000);
    expect(completion).toMatchObject({ outcome: 'error', error: REQUEST_NEVER_FILED });
    await ws.opsbot.features.workflowSteps.catchUp();
    expect(ws.slack.functions.completions(executionId)).toHaveLength(1);
    expect(await ws.store.getStepRun(executionId)).toMatchObject({ requestId: null, outcome: 'refused' });
  });
});
