import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SIM_IDS, type SimulatedWorkspace, startSimulatedWorkspace } from '../../src/sim/workspace.ts';
import { fileRequest, openDecision, textOf, waitForCard, waitForDm } from '../support/search-requests.ts';

const { requester, approver, secondApprover, outsider } = SIM_IDS;
const HOUR = 3_600_000;

describe('e2e: the requests list, and expiry (injected clock)', () => {
  let ws: SimulatedWorkspace;
  let now = Date.now();
  beforeAll(async () => {
    ws = await startSimulatedWorkspace({ clock: () => now });
  });
  afterAll(async () => {
    await ws?.stop();
  });

  async function listRequests(userId: string): Promise<string> {
    const res = await ws.driver.command('search requests', { userId });
    await ws.slack.waitFor(() => ws.slack.responses.some((r) => r.url === res.responseUrl));
    const reply = ws.slack.responses.find((r) => r.url === res.responseUrl);
    expect(reply?.response_type).toBe('ephemeral');
    return textOf(reply?.blocks);
  }

  it('lists recent requests with their state and who acted', async () => {
    await fileRequest(ws); // #1 → created
    await ws.driver.submitView({ userId: approver, view: await openDecision(ws, approver, 1, 'approve') });
    await waitForCard(ws, 1, (t) => t.includes('*Created*'));
    await fileRequest(ws, { userId: outsider, text: 'search create other-index us-central1 free' }); // #2 → rejected
    await ws.driver.submitView({
      userId: secondApprover,
      view: await openDecision(ws, secondApprover, 2, 'reject'),
      values: { search_reject_reason: { search_reject_reason: 'duplicate' } },
    });
    await waitForCard(ws, 2, (t) => t.includes('*Rejected*'));
    ws.mgmt.fail('create', { status: 400, body: '{"error":"quota exceeded"}' }, { times: 1 });
    await fileRequest(ws, { text: 'search create third-index eu-west-1 free' }); // #3 → failed
    await ws.driver.submitView({ userId: approver, view: await openDecision(ws, approver, 3, 'approve') });
    await waitForCard(ws, 3, (t) => t.includes('*Creation failed*'));
    await fileRequest(ws, { text: 'search create fourth-index eu-west-1 free' }); // #4 stays pending

    const list = await listRequests(outsider);
    expect(list).toContain('*#4* `fourth-index` (eu-west-1, free) — *pending*');
    expect(list).toContain('*#3* `third-index` (eu-west-1, free) — *failed*');
    expect(list).toContain('*#2* `other-index` (us-central1, free) — *rejected*');
    expect(list).toContain('rejected by <@U0APPROVER2>');
    expect(list).toContain('*#1* `product-search` (eu-west-1, payg (pay as you go)) — *created*');
    expect(list).toContain('asked by <@U0REQUESTER>');
    expect(list).toContain('approved by <@U0APPROVER>');
    expect(list.indexOf('*#4*')).toBeLessThan(list.indexOf('*#1*'));
  });

  it('refuses an approval submitted after the request expired, and expires it there and then', async () => {
    await fileRequest(ws, { userId: outsider, text: 'search create late-index eu-west-1 free' }); // #5
    const modal = await openDecision(ws, approver, 5, 'approve');
    now += 25 * HOUR;
    const ack = await ws.driver.submitView({ userId: approver, view: modal });
    expect((ack.ack as { errors: Record<string, string> }).errors.search_comment).toMatch(
      /^Request #5 expired at .* UTC without a decision/,
    );
    const card = await waitForCard(ws, 5, (t) => t.includes('*Expired*'));
    expect(textOf(card.blocks)).toContain('no approver decided within 24 hours');
    expect(JSON.stringify(card.blocks)).not.toContain('"action_id"');
    expect(ws.mgmt.createCalls).toHaveLength(2); // #1 and #3 only
  });

  it('expires the rest when the list is asked for: cards updated, buttons gone, requesters told', async () => {
    const list = await listRequests(outsider);
    expect(list).toContain('*#4* `fourth-index` (eu-west-1, free) — *expired*');
    const card = await waitForCard(ws, 4, (t) => t.includes('*Expired*'));
    expect(JSON.stringify(card.blocks)).not.toContain('search.approve');
    const dms = await waitForDm(ws, requester, 'fourth-index');
    expect(dms.find((t) => t.includes('fourth-index'))).toContain(
      'expired: no approver decided within 24 hours',
    );
    expect((await ws.store.listAudit(4)).at(-1)).toMatchObject({
      actor: 'opsbot',
      from: 'pending',
      to: 'expired',
    });
  });
});

describe('e2e: expiry on a timer, with nobody asking', () => {
  let ws: SimulatedWorkspace;
  let now = Date.now();
  beforeAll(async () => {
    // Only the intervals are the test's: the sweep's minute passes when the test says so.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    ws = await startSimulatedWorkspace({ clock: () => now });
  });
  afterAll(async () => {
    vi.useRealTimers();
    await ws?.stop();
  });

  it('expires an overdue request a minute later: card updated, requester told', async () => {
    await fileRequest(ws, { userId: outsider, text: 'search create timer-index eu-west-1 free' });
    await waitForCard(ws, 1, (t) => t.includes('*Expires*'));
    now += 25 * HOUR;
    vi.advanceTimersByTime(60_000);
    const card = await waitForCard(ws, 1, (t) => t.includes('*Expired*'));
    expect(JSON.stringify(card.blocks)).not.toContain('search.approve');
    const dms = await waitForDm(ws, outsider, 'timer-index');
    expect(dms.find((t) => t.includes('timer-index'))).toContain(
      'expired: no approver decided within 24 hours',
    );
  });
});
