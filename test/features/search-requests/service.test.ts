import { describe, expect, it } from 'vitest';
import { T0 } from '../../support/index-requests.ts';
import { apiError, setup } from './service-helpers.ts';

const HOUR = 3_600_000;

describe('submitting', () => {
  it('stores the request as pending with its expiry, then posts the card and records where', async () => {
    const t = await setup();
    const request = await t.newRequest();
    expect(request).toMatchObject({ id: 1, state: 'pending', expiresAt: request.createdAt + 24 * HOUR });
    expect(t.notices.map((n) => n.kind)).toEqual(['card', 'submitted']);
    expect((await t.store.getRequest(1))?.card).toEqual({ channel: 'C0APPROVALS', ts: '1700000000.000001' });
  });

  it('keeps the request when the card cannot be posted, and tells the requester why', async () => {
    const t = await setup({ postCardError: 'not_in_channel' });
    await t.newRequest();
    expect((await t.store.getRequest(1))?.state).toBe('pending');
    expect(t.notices.map((n) => n.news)).toEqual([{ kind: 'submitted', cardError: 'not_in_channel' }]);
  });

  it('refuses a request past the per-user cap; expired ones do not count', async () => {
    const t = await setup({ maxPending: 2 });
    await t.newRequest();
    await t.newRequest();
    expect(await t.service.capDenial('U0REQUESTER')).toEqual({ code: 'at_cap', pending: 2, max: 2 });
    expect(await t.service.capDenial('U0SOMEONE')).toBeUndefined();
    t.advance(25 * HOUR);
    expect(await t.service.capDenial('U0REQUESTER')).toBeUndefined();
  });
});

describe('approving', () => {
  it('re-checks who clicks: approvers only, never the requester', async () => {
    const t = await setup();
    await t.newRequest();
    await t.newRequest('U0APPROVER');
    expect(await t.service.approve(1, 'U0OUTSIDER', undefined)).toMatchObject({
      ok: false,
      denial: { code: 'not_approver' },
    });
    expect(await t.service.approve(2, 'U0APPROVER', undefined)).toMatchObject({
      ok: false,
      denial: { code: 'own_request' },
    });
    expect(await t.service.approve(99, 'U0APPROVER', undefined)).toEqual({
      ok: false,
      denial: { code: 'not_found', requestId: 99 },
    });
    expect(t.mgmt.calls).toEqual([]);
  });

  it('creates the index once and keeps only allowlisted fields, never a token', async () => {
    const t = await setup();
    await t.newRequest();
    const approved = await t.service.approve(1, 'U0APPROVER', 'fine by me');
    expect(approved).toMatchObject({ ok: true, request: { state: 'approved', decidedBy: 'U0APPROVER' } });
    if (!approved.ok) return;
    const created = await t.service.settle(approved, 'U0APPROVER');
    expect(t.mgmt.calls).toEqual([{ name: 'product-search', region: 'eu-west-1', type: 'payg' }]);
    const record = t.mgmt.created[0];
    const stored = await t.store.getRequest(1);
    expect(created).toEqual({ ok: true, request: stored });
    expect(stored).toMatchObject({ state: 'created', decisionComment: 'fine by me' });
    expect(stored?.result).toEqual({
      indexId: record?.id,
      endpoint: record?.endpoint,
      region: 'eu-west-1',
      type: 'payg',
      creationTime: record?.creation_time,
      limits: expect.objectContaining({ max_daily_queries: -1, max_vector_count: 100_000_000 }),
    });
    const storedJson = JSON.stringify(stored);
    for (const secret of [record?.token, record?.read_only_token, 'fake-billing-secret']) {
      expect(storedJson).not.toContain(secret);
    }
    const news = t.notices.find((n) => n.kind === 'created')?.news;
    expect(news).toEqual({
      kind: 'created',
      tokens: {
        token: `••••${record?.token.slice(-4)}`,
        readOnlyToken: `••••${record?.read_only_token.slice(-4)}`,
      },
    });
  });

  it('writes every step to the audit trail with its actor', async () => {
    const t = await setup();
    await t.newRequest();
    const approved = await t.service.approve(1, 'U0APPROVER', undefined);
    if (approved.ok) await t.service.settle(approved, 'U0APPROVER');
    const audit = await t.store.listAudit(1);
    expect(audit.map((a) => [a.actor, a.from, a.to])).toEqual([
      ['U0REQUESTER', null, 'pending'],
      ['U0APPROVER', 'pending', 'approved'],
      ['U0APPROVER', 'approved', 'creating'],
      ['opsbot', 'creating', 'created'],
    ]);
  });

  it('lets exactly one of two simultaneous approvals through, and calls the API once', async () => {
    const t = await setup();
    await t.newRequest();
    const [a, b] = await Promise.all([
      t.service.approve(1, 'U0APPROVER', undefined),
      t.service.approve(1, 'U0APPROVER2', undefined),
    ]);
    expect([a.ok, b.ok].sort()).toEqual([false, true]);
    const loser = a.ok ? b : a;
    expect(loser).toMatchObject({ ok: false, denial: { code: 'decided' } });
    const winner = a.ok ? a : b;
    if (!winner.ok) return;
    // A replayed submit reaching create twice is still one call.
    await Promise.all([t.service.settle(winner, 'x'), t.service.settle(winner, 'x')]);
    expect(t.mgmt.calls).toHaveLength(1);
  });

  it('refuses an expired request at approval time and expires it on the spot', async () => {
    const t = await setup();
    await t.newRequest();
    t.advance(24 * HOUR);
    expect(await t.service.approve(1, 'U0APPROVER', undefined)).toMatchObject({
      ok: false,
      denial: { code: 'expired', request: { state: 'expired' } },
    });
    await t.settle();
    expect(t.notices.filter((n) => n.kind === 'expired')).toHaveLength(1);
    expect(t.mgmt.calls).toEqual([]);
  });
});

describe('failures and retry', () => {
  it('records the API’s message, offers a retry to approvers (not the requester), and retries once', async () => {
    const t = await setup();
    await t.newRequest();
    t.mgmt.failNext = apiError('rejected', false, 'name already taken');
    const approved = await t.service.approve(1, 'U0APPROVER', undefined);
    if (approved.ok) await t.service.settle(approved, 'U0APPROVER');
    expect(await t.store.getRequest(1)).toMatchObject({
      state: 'failed',
      failureMessage: 'The management API refused the request: name already taken',
      outcomeUnknown: false,
    });
    expect(await t.service.retry(1, 'U0REQUESTER')).toMatchObject({
      ok: false,
      denial: { code: 'not_approver' },
    });
    const [first, second] = await Promise.all([
      t.service.retry(1, 'U0APPROVER2'),
      t.service.retry(1, 'U0APPROVER'),
    ]);
    expect([first.ok, second.ok].filter(Boolean)).toHaveLength(1);
    expect(t.mgmt.calls).toHaveLength(2);
    expect((await t.store.getRequest(1))?.state).toBe('created');
  });

  it('marks a timeout as an unknown outcome', async () => {
    const t = await setup();
    await t.newRequest();
    t.mgmt.failNext = apiError('timeout', true);
    const approved = await t.service.approve(1, 'U0APPROVER', undefined);
    if (approved.ok) await t.service.settle(approved, 'U0APPROVER');
    const failed = await t.store.getRequest(1);
    expect(failed).toMatchObject({ state: 'failed', outcomeUnknown: true });
    expect(failed?.failureMessage).toContain('can’t tell whether the index was created');
    expect(t.notices.filter((n) => n.kind === 'failed')).toHaveLength(1);
  });
});

describe('rejecting and expiring', () => {
  it('rejects with the reason, approvers only', async () => {
    const t = await setup();
    await t.newRequest();
    expect(await t.service.reject(1, 'U0OUTSIDER', 'no')).toMatchObject({ ok: false });
    const rejected = await t.service.reject(1, 'U0APPROVER2', 'Use the shared index');
    expect(rejected).toMatchObject({
      ok: true,
      request: { state: 'rejected', decidedBy: 'U0APPROVER2', decisionComment: 'Use the shared index' },
    });
    expect(await t.service.approve(1, 'U0APPROVER', undefined)).toMatchObject({
      ok: false,
      denial: { code: 'decided', request: { state: 'rejected' } },
    });
  });

  it('expires only overdue pending requests and tells their requesters', async () => {
    const t = await setup();
    await t.newRequest();
    t.advance(2 * HOUR);
    await t.newRequest('U0OTHER');
    t.advance(22 * HOUR);
    expect(await t.service.expireDue()).toBe(1);
    expect(await t.service.expireDue()).toBe(0);
    await t.settle();
    expect((await t.store.getRequest(1))?.state).toBe('expired');
    expect((await t.store.getRequest(2))?.state).toBe('pending');
    expect(t.notices.filter((n) => n.kind === 'expired').map((n) => n.request.id)).toEqual([1]);
    expect(t.notices.filter((n) => n.kind === 'update').map((n) => n.request.state)).toEqual(['expired']);
  });
});

describe('recovering from a stop half-way', () => {
  it('fails requests left in approved (no call made) or creating (outcome unknown), leaving fresh ones', async () => {
    const t = await setup();
    for (let i = 0; i < 3; i += 1) await t.newRequest(`U0REQ${i}`);
    // As a process that died right after each step would leave them.
    await t.store.transitionRequest(1, { from: 'pending', to: 'approved', actor: 'U0APPROVER', at: 0 });
    await t.store.transitionRequest(2, { from: 'pending', to: 'approved', actor: 'U0APPROVER', at: 0 });
    await t.store.transitionRequest(2, { from: 'approved', to: 'creating', actor: 'U0APPROVER', at: 0 });
    t.advance(60_000);
    await t.store.transitionRequest(3, {
      from: 'pending',
      to: 'approved',
      actor: 'U0APPROVER',
      at: T0 + 60_000,
    });
    t.advance(9 * 60_000);
    expect(await t.service.recoverStalled()).toBe(2);
    expect(await t.store.getRequest(1)).toMatchObject({
      state: 'failed',
      outcomeUnknown: false,
      failureMessage: 'opsbot stopped before it called the management API, so no index was created.',
    });
    expect(await t.store.getRequest(2)).toMatchObject({ state: 'failed', outcomeUnknown: true });
    expect((await t.store.getRequest(3))?.state).toBe('approved');
    await t.settle();
    expect(
      t.notices
        .filter((n) => n.kind === 'failed')
        .map((n) => n.request.id)
        .sort(),
    ).toEqual([1, 2]);
    expect(t.mgmt.calls).toEqual([]);
  });
});
