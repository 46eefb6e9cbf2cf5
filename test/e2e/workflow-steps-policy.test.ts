// A step obeys the policy of its command: the requester's `search.request` rule for the request
// step; `stats` and `accounts` for the others, which run as nobody in particular, so only a rule
// open to everyone lets them through. A refusal ends the step with the policy's sentence.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIM_IDS, type SimulatedWorkspace, startSimulatedWorkspace } from '../../src/sim/workspace.ts';
import { REQUEST_INPUTS } from '../support/workflow-steps.ts';

const POLICY = `allow:
  search.request: { who: [${SIM_IDS.approver}] }
  stats: { who: [${SIM_IDS.approver}] }
`;

describe('e2e: Workflow Builder steps under a policy', () => {
  let ws: SimulatedWorkspace;
  beforeAll(async () => {
    ws = await startSimulatedWorkspace({ env: { POLICY } });
  });
  afterAll(async () => {
    await ws?.stop();
  });

  it('refuses a request for someone the policy doesn’t let request, filing nothing', async () => {
    const run = await ws.driver.executeFunction('request_search_index', REQUEST_INPUTS);
    const completion = await ws.slack.functions.waitForCompletion(run.executionId, 5000);
    expect(completion).toMatchObject({ outcome: 'error' });
    expect(completion.error).toMatch(/^Only .+ can request search indexes\.$/);
    expect(await ws.store.listRecentRequests({ limit: 5 })).toEqual([]);
  });

  it('lets the requester the policy names file it', async () => {
    const run = await ws.driver.executeFunction('request_search_index', {
      ...REQUEST_INPUTS,
      requester: SIM_IDS.approver,
    });
    await ws.slack.waitFor(() => ws.slack.messagesIn(SIM_IDS.approvalChannel).length > 0, 5000);
    expect(ws.slack.functions.completions(run.executionId)).toEqual([]);
    expect((await ws.store.listRecentRequests({ limit: 5 })).map((r) => r.requesterId)).toEqual([
      SIM_IDS.approver,
    ]);
  });

  it('refuses the stats step, which acts for nobody, when stats are limited to some people', async () => {
    const run = await ws.driver.executeFunction('vector_index_stats', { index: 'idx-1' });
    const completion = await ws.slack.functions.waitForCompletion(run.executionId, 5000);
    expect(completion.error).toMatch(/^Only .+ can read vector index statistics\.$/);
  });

  it('lets the accounts step through where its rule is open to everyone', async () => {
    const run = await ws.driver.executeFunction('messaging_accounts_summary');
    const completion = await ws.slack.functions.waitForCompletion(run.executionId, 5000);
    expect(completion).toMatchObject({ outcome: 'success', outputs: { accounts: expect.any(Number) } });
  });
});
