// Three opsbot instances on one PostgreSQL database, one Slack and one management API: a request
// filed through one replica, approved at the same moment through the two others (one approver
// double-submitting), is created exactly once. Only the database can make that so: nothing is
// shared between the instances but it and the simulators.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SlackDriver } from '../../src/sim/driver/driver.ts';
import { userContext } from '../../src/sim/slack/index.ts';
import { SIM_IDS, type SimulatedWorkspace, startSimulatedWorkspace } from '../../src/sim/workspace.ts';
import {
  cardFor,
  dmsTo,
  fileRequest,
  openDecision,
  textOf,
  waitForCard,
  waitForDm,
} from '../support/search-requests.ts';
import { completionLogs, requestFiledBy } from '../support/workflow-steps.ts';
import { createTestSchema, TEST_DATABASE_URL, type TestSchema } from './database-support.ts';

const { requester, approver, secondApprover } = SIM_IDS;

const fieldErrors = (result: { ack: unknown }) =>
  (result.ack as { errors?: Record<string, string> } | undefined)?.errors ?? {};

describe.skipIf(TEST_DATABASE_URL === undefined)('e2e: three replicas on one PostgreSQL database', () => {
  let schema: TestSchema;
  let ws: SimulatedWorkspace;
  let b: { driver: SlackDriver };
  let c: { driver: SlackDriver };

  beforeAll(async () => {
    schema = await createTestSchema();
    ws = await startSimulatedWorkspace({ env: { DATABASE_URL: schema.urlFor(), LOG_LEVEL: 'info' } });
    [b, c] = await Promise.all([ws.startAnotherInstance(), ws.startAnotherInstance()]);
  });
  afterAll(async () => {
    await ws?.stop();
    await schema?.drop();
  });

  it('approved through two replicas at once (and twice on one): one create call, one card update', async () => {
    await fileRequest(ws); // through A
    const card = await cardFor(ws, 1);
    // Each approver's click lands on a different replica, as a load balancer would spread them.
    const viaB = await openDecision(ws, approver, 1, 'approve', b.driver);
    const viaC = await openDecision(ws, secondApprover, 1, 'approve', c.driver);

    const [first, second, again] = await Promise.all([
      b.driver.submitView({ userId: approver, view: viaB }),
      c.driver.submitView({ userId: secondApprover, view: viaC }),
      c.driver.submitView({ userId: secondApprover, view: viaC }),
    ]);
    const results = [
      { userId: approver, ...first },
      { userId: secondApprover, ...second },
      { userId: secondApprover, ...again },
    ];
    const accepted = results.filter((r) => r.ack === undefined);
    expect(accepted).toHaveLength(1);
    const winner = accepted[0]?.userId;
    for (const refused of results.filter((r) => r.ack !== undefined)) {
      const who = refused.userId === winner ? 'you' : 'another approver';
      expect(fieldErrors(refused).search_comment).toMatch(
        new RegExp(`^Request #1 was already approved by ${who}`),
      );
    }

    const created = await waitForCard(ws, 1, (t) => t.includes('*Created*'));
    expect(created.ts).toBe(card.ts);
    expect(textOf(created.blocks)).toContain(`<@${winner}>`);
    await waitForDm(ws, requester, 'Your search index is ready');
    expect(ws.mgmt.createCalls).toHaveLength(1);
    expect(ws.mgmt.created.map((r) => r.name)).toEqual(['product-search']);

    // What the approvals channel saw: the card, then each state once — "Created" exactly once.
    const updates = ws.slack
      .callsTo('chat.update')
      .filter((u) => u.ok && u.args.ts === card.ts)
      .map((u) => textOf(u.args.blocks as unknown[]));
    expect(updates.filter((t) => t.includes('*Created*'))).toHaveLength(1);
    expect(updates.at(-1)).toContain('*Created*');
    expect(ws.slack.messagesIn(SIM_IDS.approvalChannel)).toHaveLength(1);
    expect((await dmsTo(ws, requester)).filter((t) => t.includes('Your search index is ready'))).toHaveLength(
      1,
    );

    // The trail, read back through any replica, tells one story.
    const audit = await ws.store.listAudit(1);
    expect(audit.map((e) => [e.actor, e.from, e.to])).toEqual([
      [requester, null, 'pending'],
      [winner, 'pending', 'approved'],
      [expect.any(String), 'approved', 'creating'],
      [expect.any(String), 'creating', 'created'],
    ]);
    expect(await ws.store.getRequest(1)).toMatchObject({ state: 'created', decidedBy: winner });
  });
});

describe.skipIf(TEST_DATABASE_URL === undefined)(
  'e2e: three replicas, a request needing two approvals',
  () => {
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

    it('the last two approvals at the same moment on two replicas: one create, the card names both', async () => {
      await fileRequest(ws); // payg, through A
      const viaB = await openDecision(ws, approver, 1, 'approve', b.driver);
      const viaC = await openDecision(ws, secondApprover, 1, 'approve', c.driver);
      const [first, second] = await Promise.all([
        b.driver.submitView({ userId: approver, view: viaB }),
        c.driver.submitView({ userId: secondApprover, view: viaC }),
      ]);
      // Both count: neither is refused, and exactly one of them completes the count.
      expect([first.ack, second.ack]).toEqual([undefined, undefined]);
      const created = await waitForCard(ws, 1, (t) => t.includes('*Created*'));
      expect(textOf(created.blocks)).toContain(`<@${approver}>`);
      expect(textOf(created.blocks)).toContain(`<@${secondApprover}>`);
      await waitForDm(ws, requester, 'Your search index is ready');
      expect(ws.mgmt.createCalls).toHaveLength(1);
      const audit = await ws.store.listAudit(1);
      expect(audit.filter((e) => e.to === 'creating')).toHaveLength(1);
      expect(audit.filter((e) => e.from === 'pending' && e.to === 'approved')).toHaveLength(1);
    });

    it('the event told to every replica files one request, and one completion follows the approvals', async () => {
      const event = await ws.slack.functions.start('request_search_index', {
        name: 'replicated-search',
        region: 'us-central1',
        plan: 'payg',
        user_context: userContext(SIM_IDS.requester),
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
      expect(ws.mgmt.created.filter((r) => r.name === 'replicated-search')).toHaveLength(1);
    });
  },
);
