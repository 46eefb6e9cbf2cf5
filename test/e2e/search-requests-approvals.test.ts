import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIM_IDS, type SimulatedWorkspace, startSimulatedWorkspace } from '../../src/sim/workspace.ts';
import {
  cardFor,
  countViews,
  fileRequest,
  openDecision,
  originalCard,
  textOf,
  waitForCard,
  waitForDm,
} from '../support/search-requests.ts';

const { requester, approver, secondApprover, outsider } = SIM_IDS;

async function replyTo(ws: SimulatedWorkspace, url: string | undefined) {
  await ws.slack.waitFor(() => ws.slack.responses.some((r) => r.url === url));
  return ws.slack.responses.find((r) => r.url === url);
}

const errorsOf = (ack: { ack: unknown }) => (ack.ack as { errors?: Record<string, string> }).errors ?? {};

describe('e2e: who may approve, and exactly one create call', () => {
  let ws: SimulatedWorkspace;
  beforeAll(async () => {
    ws = await startSimulatedWorkspace();
    await fileRequest(ws); // #1, by the requester
    await cardFor(ws, 1);
  });
  afterAll(async () => {
    await ws?.stop();
  });

  it('refuses a clicker who is not an approver, privately and without a modal', async () => {
    const click = await ws.driver.clickButton({
      userId: outsider,
      message: await cardFor(ws, 1),
      actionId: 'search.approve',
    });
    const reply = await replyTo(ws, click.responseUrl);
    expect(reply).toMatchObject({ response_type: 'ephemeral', replace_original: false });
    expect(reply?.text).toContain('Only approvers can decide on search index requests, and you aren’t one.');
    expect(countViews(ws, outsider, 'search.approve_modal')).toBe(0);
  });

  it('refuses a forged approval submitted by a non-approver', async () => {
    const modal = await openDecision(ws, approver, 1, 'approve');
    const ack = await ws.driver.submitView({ userId: outsider, view: modal });
    expect(errorsOf(ack).search_comment).toContain('Only approvers can decide');
    expect(ws.mgmt.createCalls).toEqual([]);
    expect((await ws.store.getRequest(1))?.state).toBe('pending');
  });

  it('never lets a requester approve their own request', async () => {
    await fileRequest(ws, { userId: approver, text: 'search create own-index us-central1 free' }); // #2
    const click = await ws.driver.clickButton({
      userId: approver,
      message: await cardFor(ws, 2),
      actionId: 'search.approve',
    });
    expect((await replyTo(ws, click.responseUrl))?.text).toContain(
      'You asked for request #2, so another approver has to approve it — nobody approves their own request.',
    );
    const modal = await openDecision(ws, secondApprover, 2, 'approve');
    const ack = await ws.driver.submitView({ userId: approver, view: modal });
    expect(errorsOf(ack).search_comment).toContain('nobody approves their own request');
    expect(ws.mgmt.createCalls).toEqual([]);
  });

  it('lets one of two approvers submitting at once through; the other is told', async () => {
    const first = await openDecision(ws, approver, 1, 'approve');
    const second = await openDecision(ws, secondApprover, 1, 'approve');
    const acks = await Promise.all([
      ws.driver.submitView({ userId: approver, view: first }),
      ws.driver.submitView({ userId: secondApprover, view: second }),
    ]);
    const refused = acks.filter((a) => a.ack !== undefined);
    expect(refused).toHaveLength(1);
    expect(errorsOf(refused[0] ?? { ack: undefined }).search_comment).toMatch(
      /^Request #1 was already approved by another approver/,
    );
    await waitForCard(ws, 1, (t) => t.includes('*Created*'));
    expect(ws.mgmt.createCalls).toHaveLength(1);
  });

  it('ignores a double submit and a replayed click: still one create call', async () => {
    const modal = await openDecision(ws, secondApprover, 2, 'approve');
    const [a, b] = await Promise.all([
      ws.driver.submitView({ userId: secondApprover, view: modal }),
      ws.driver.submitView({ userId: secondApprover, view: modal }),
    ]);
    expect([a.ack, b.ack].filter((x) => x === undefined)).toHaveLength(1);
    await waitForCard(ws, 2, (t) => t.includes('*Created*'));
    const again = await ws.driver.submitView({ userId: secondApprover, view: modal });
    expect(errorsOf(again).search_comment).toContain('Request #2 was already approved by you');
    // A click on the card as it looked before the update (a replayed payload).
    const click = await ws.driver.clickButton({
      userId: secondApprover,
      message: await originalCard(ws, 2),
      actionId: 'search.approve',
    });
    expect((await replyTo(ws, click.responseUrl))?.text).toContain('already approved by you');
    expect(ws.mgmt.createCalls).toHaveLength(2); // one for #1, one for #2
  });
});

describe('e2e: rejecting a request', () => {
  let ws: SimulatedWorkspace;
  beforeAll(async () => {
    ws = await startSimulatedWorkspace();
    await fileRequest(ws);
  });
  afterAll(async () => {
    await ws?.stop();
  });

  it('asks for a reason, updates the card and tells the requester who rejected and why', async () => {
    const modal = await openDecision(ws, secondApprover, 1, 'reject');
    const empty = await ws.driver.submitView({ userId: secondApprover, view: modal });
    expect(errorsOf(empty)).toEqual({ search_reject_reason: 'Say why — the requester sees this.' });
    const ack = await ws.driver.submitView({
      userId: secondApprover,
      view: modal,
      values: { search_reject_reason: { search_reject_reason: 'Use the shared <!here> index' } },
    });
    expect(ack.ack).toBeUndefined();
    const card = await waitForCard(ws, 1, (t) => t.includes('*Rejected*'));
    expect(textOf(card.blocks)).toContain('by <@U0APPROVER2>');
    expect(JSON.stringify(card.blocks)).not.toContain('search.approve');
    const dms = await waitForDm(ws, requester, 'was rejected');
    expect(dms.join('\n')).toContain(
      'was rejected by <@U0APPROVER2>.\n*Reason:*\n>Use the shared &lt;!here&gt; index',
    );
    const click = await ws.driver.clickButton({
      userId: approver,
      message: await originalCard(ws, 1),
      actionId: 'search.approve',
    });
    expect((await replyTo(ws, click.responseUrl))?.text).toContain(
      'Request #1 was already rejected by <@U0APPROVER2>.',
    );
    expect(ws.mgmt.createCalls).toEqual([]);
  });
});

describe('e2e: the create call fails', () => {
  let ws: SimulatedWorkspace;
  beforeAll(async () => {
    ws = await startSimulatedWorkspace({ env: { MGMT_API_TIMEOUT_MS: '300' } });
  });
  afterAll(async () => {
    await ws?.stop();
  });

  it('shows the API’s message on the card with a Retry for approvers; a retry calls once more', async () => {
    ws.mgmt.fail('create', { status: 400, body: '{"error":"name already taken"}' }, { times: 1 });
    await fileRequest(ws);
    await ws.driver.submitView({ userId: approver, view: await openDecision(ws, approver, 1, 'approve') });
    const card = await waitForCard(ws, 1, (t) => t.includes('*Creation failed*'));
    expect(textOf(card.blocks)).toContain('The management API refused the request: name already taken');
    const dms = await waitForDm(ws, requester, 'creating the index failed');
    expect(dms.find((t) => t.includes('creating the index failed'))).toContain('product-search');
    const byRequester = await ws.driver.clickButton({
      userId: requester,
      message: card,
      actionId: 'search.retry',
    });
    expect((await replyTo(ws, byRequester.responseUrl))?.text).toContain('Only approvers can decide');
    expect(ws.mgmt.createCalls).toHaveLength(1);
    await ws.driver.clickButton({ userId: secondApprover, message: card, actionId: 'search.retry' });
    await waitForCard(ws, 1, (t) => t.includes('*Created*'));
    expect(ws.mgmt.createCalls).toHaveLength(2);
    expect((await ws.store.listAudit(1)).map((a) => a.to)).toEqual([
      'pending',
      'approved',
      'creating',
      'failed',
      'creating',
      'created',
    ]);
  });

  it('says on the card that after a timeout the index may or may not exist, and does not retry by itself', async () => {
    ws.mgmt.fail('create', { hang: true }, { times: 1 });
    await fileRequest(ws, { text: 'search create slow-index us-central1 free' });
    await ws.driver.submitView({ userId: approver, view: await openDecision(ws, approver, 2, 'approve') });
    const card = await waitForCard(ws, 2, (t) => t.includes('*Creation failed*'));
    const text = textOf(card.blocks);
    expect(text).toContain('so the index *may or may not exist*');
    expect(text).toContain(
      'Check the provider’s console for an index named `slow-index` in us-central1 before retrying',
    );
    expect(JSON.stringify(card.blocks)).toContain(
      'Only retry if the console shows no index named slow-index',
    );
    expect(await ws.store.getRequest(2)).toMatchObject({ state: 'failed', outcomeUnknown: true });
    const dms = await waitForDm(ws, requester, 'slow-index');
    expect(dms.at(-1)).toContain('may or may not exist');
    expect(ws.mgmt.createCalls).toHaveLength(3);
  });
});
