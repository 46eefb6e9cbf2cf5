// Every click and submission of the search-requests feature answers the person who acted with one
// sentence when the store fails or the request is no longer there to act on, and changes nothing.
// The card's buttons run in both transports: signed HTTP and Socket Mode.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SIM_IDS, type SimulatedWorkspace, startSimulatedWorkspace } from '../../src/sim/workspace.ts';
import { DatabaseUnavailableError } from '../../src/store/index.ts';
import { openHome } from '../support/home.ts';
import {
  cardFor,
  countViews,
  fieldErrors,
  fileRequest,
  openDecision,
  originalCard,
  replyTo,
  viewFor,
  waitForCard,
  waitForDm,
} from '../support/search-requests.ts';

const { approver, secondApprover, outsider } = SIM_IDS;
const HOUR = 3_600_000;
const DATABASE_DOWN =
  'opsbot’s database isn’t answering just now, so nothing was changed. Try again in a minute.';
const down = () => new DatabaseUnavailableError('PostgreSQL at 127.0.0.1:5432/test is unavailable');

describe.each(['http', 'socket'] as const)('e2e (%s): search-index clicks when things go wrong', (mode) => {
  let ws: SimulatedWorkspace;
  let now = Date.now();
  beforeAll(async () => {
    ws = await startSimulatedWorkspace({ mode, clock: () => now });
    await fileRequest(ws); // #1, pending
    // #2: the create call fails, so its card offers Retry.
    ws.mgmt.fail('create', { status: 400, body: '{"error":"quota exceeded"}' }, { times: 1 });
    await fileRequest(ws, { userId: outsider, text: 'search create second-index eu-west-1 free' });
    await ws.driver.submitView({ userId: approver, view: await openDecision(ws, approver, 2, 'approve') });
    await waitForCard(ws, 2, (t) => t.includes('*Creation failed*'));
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  afterAll(async () => {
    await ws?.stop();
  });

  const click = async (userId: string, message: Awaited<ReturnType<typeof cardFor>>, actionId: string) => {
    const reply = await replyTo(ws, (await ws.driver.clickButton({ userId, message, actionId })).responseUrl);
    expect(reply).toMatchObject({ response_type: 'ephemeral', replace_original: false });
    return reply.text;
  };

  it('Approve and Reject with the store failing: one sentence, no modal, nothing decided', async () => {
    for (const kind of ['approve', 'reject'] as const) {
      const opened = countViews(ws, approver, `search.${kind}`);
      vi.spyOn(ws.store, 'getRequest').mockRejectedValueOnce(down());
      expect(await click(approver, await cardFor(ws, 1), `search.${kind}`)).toBe(
        `:warning: ${DATABASE_DOWN}`,
      );
      expect(countViews(ws, approver, `search.${kind}`)).toBe(opened);
    }
    expect((await ws.store.getRequest(1))?.state).toBe('pending');
  });

  it('Retry with the store failing: one sentence, no create call', async () => {
    vi.spyOn(ws.store, 'getRequest').mockRejectedValueOnce(down());
    expect(await click(secondApprover, await cardFor(ws, 2), 'search.retry')).toBe(
      `:warning: ${DATABASE_DOWN}`,
    );
    expect((await ws.store.getRequest(2))?.state).toBe('failed');
    expect(ws.mgmt.createCalls).toHaveLength(1);
  });

  it('the decision modals’ submissions with the store failing: the sentence in the modal', async () => {
    const approve = await openDecision(ws, approver, 1, 'approve');
    // An approval is recorded (and, completing the count, decided) by addApproval.
    vi.spyOn(ws.store, 'addApproval').mockRejectedValueOnce(down());
    expect(fieldErrors(await ws.driver.submitView({ userId: approver, view: approve }))).toEqual({
      search_comment: DATABASE_DOWN,
    });
    const reject = await openDecision(ws, approver, 1, 'reject');
    vi.spyOn(ws.store, 'transitionRequest').mockRejectedValueOnce(down());
    const values = { search_reject_reason: { search_reject_reason: 'not needed' } };
    expect(fieldErrors(await ws.driver.submitView({ userId: approver, view: reject, values }))).toEqual({
      search_reject_reason: DATABASE_DOWN,
    });
    expect((await ws.store.getRequest(1))?.state).toBe('pending');
    expect(ws.mgmt.createCalls).toHaveLength(1);
  });

  it('the request form’s submission with the store failing: the sentence in the form, nothing stored', async () => {
    const before = countViews(ws, secondApprover, 'search.request');
    await ws.driver.command('search create stored-later eu-west-1 free', { userId: secondApprover });
    const form = await viewFor(ws, secondApprover, 'search.request', before);
    vi.spyOn(ws.store, 'createRequest').mockRejectedValueOnce(down());
    const values = { search_reason: { search_reason: 'catalogue' } };
    expect(fieldErrors(await ws.driver.submitView({ userId: secondApprover, view: form, values }))).toEqual({
      search_name: DATABASE_DOWN,
    });
    expect(await ws.store.listRecentRequests({ limit: 10, requesterId: secondApprover })).toEqual([]);
  });

  it('a click on a request that is gone or decided says so', async () => {
    const card = await cardFor(ws, 1);
    const forged = { ...card, blocks: JSON.parse(JSON.stringify(card.blocks).replaceAll('"1"', '"999"')) };
    expect(await click(approver, forged, 'search.approve')).toBe(':warning: There is no request #999.');

    const reject = await openDecision(ws, secondApprover, 1, 'reject');
    const values = { search_reject_reason: { search_reject_reason: 'use the shared index' } };
    expect(
      (await ws.driver.submitView({ userId: secondApprover, view: reject, values })).ack,
    ).toBeUndefined();
    await waitForCard(ws, 1, (t) => t.includes('*Rejected*'));
    const opened = countViews(ws, approver, 'search.approve_modal');
    for (const actionId of ['search.approve', 'search.reject']) {
      expect(await click(approver, await originalCard(ws, 1), actionId)).toBe(
        ':warning: Request #1 was already rejected by <@U0APPROVER2>.',
      );
    }
    expect(countViews(ws, approver, 'search.approve_modal')).toBe(opened);
    expect(ws.mgmt.createCalls).toHaveLength(1);
  });

  it('Retry on a request already retried says it was created; no second create call', async () => {
    const failedCard = await cardFor(ws, 2);
    await ws.driver.clickButton({ userId: secondApprover, message: failedCard, actionId: 'search.retry' });
    await waitForCard(ws, 2, (t) => t.includes('*Created*'));
    expect(await click(approver, failedCard, 'search.retry')).toBe(
      ':warning: Request #2 was already approved by you and the index has been created.',
    );
    expect(ws.mgmt.createCalls).toHaveLength(2);
  });

  it('a decision submitted after someone else decided is refused in the modal', async () => {
    await fileRequest(ws, { text: 'search create raced-index eu-west-1 free' }); // #3
    const approve = await openDecision(ws, approver, 3, 'approve');
    const reject = await openDecision(ws, secondApprover, 3, 'reject');
    const values = { search_reject_reason: { search_reject_reason: 'duplicate' } };
    expect(
      (await ws.driver.submitView({ userId: secondApprover, view: reject, values })).ack,
    ).toBeUndefined();
    expect(fieldErrors(await ws.driver.submitView({ userId: approver, view: approve }))).toEqual({
      search_comment: 'Request #3 was already rejected by another approver.',
    });
    await fileRequest(ws, { text: 'search create raced-again eu-west-1 free' }); // #4
    const late = await openDecision(ws, secondApprover, 4, 'reject');
    await ws.driver.submitView({ userId: approver, view: await openDecision(ws, approver, 4, 'approve') });
    const refused = fieldErrors(await ws.driver.submitView({ userId: secondApprover, view: late, values }));
    expect(refused.search_reject_reason).toMatch(/^Request #4 was already approved by another approver/);
    await waitForCard(ws, 4, (t) => t.includes('*Created*'));
    expect((await ws.store.getRequest(3))?.state).toBe('rejected');
    expect(ws.mgmt.createCalls).toHaveLength(3);
  });

  it('a click on an expired request says it expired, and marks it so', async () => {
    await fileRequest(ws, { userId: outsider, text: 'search create late-index eu-west-1 free' }); // #5
    const card = await cardFor(ws, 5);
    const opened = countViews(ws, approver, 'search.reject_modal');
    now += 25 * HOUR;
    expect(await click(approver, card, 'search.reject')).toMatch(
      /^:warning: Request #5 expired at .* UTC without a decision; the requester can file it again\.$/,
    );
    expect((await ws.store.getRequest(5))?.state).toBe('expired');
    expect(countViews(ws, approver, 'search.reject_modal')).toBe(opened);
  });
});

describe('e2e: Approve on the Home tab when things go wrong', () => {
  let ws: SimulatedWorkspace;
  beforeAll(async () => {
    ws = await startSimulatedWorkspace();
    await fileRequest(ws); // #1
  });
  afterAll(async () => {
    await ws?.stop();
  });

  it('the store failing, then the request decided meanwhile: a direct message says so each time', async () => {
    const home = await openHome(ws, secondApprover);
    vi.spyOn(ws.store, 'getRequest').mockRejectedValueOnce(down());
    await ws.driver.clickInView({
      userId: secondApprover,
      view: home,
      actionId: 'search.approve',
      value: '1',
    });
    await waitForDm(ws, secondApprover, DATABASE_DOWN);
    vi.restoreAllMocks();

    const reject = await openDecision(ws, approver, 1, 'reject');
    const values = { search_reject_reason: { search_reject_reason: 'not now' } };
    await ws.driver.submitView({ userId: approver, view: reject, values });
    await waitForCard(ws, 1, (t) => t.includes('*Rejected*'));
    await ws.driver.clickInView({
      userId: secondApprover,
      view: home,
      actionId: 'search.approve',
      value: '1',
    });
    const dms = await waitForDm(ws, secondApprover, 'Request #1 was already rejected by <@U0APPROVER>.');
    expect(dms.at(-1)).toBe(':warning: Request #1 was already rejected by <@U0APPROVER>.');
    expect(countViews(ws, secondApprover, 'search.approve_modal')).toBe(0);
    expect(ws.mgmt.createCalls).toEqual([]);
  });
});
