// The approval rule as the service applies it: distinct approvers counted against the rule the
// request was filed with, authority re-checked at each decision, rejection after a partial count,
// a rule of 0, Slack not answering, and the half-way reminder (an injected clock throughout).
import { describe, expect, it } from 'vitest';
import { canStillApprove, parseApprovalRule } from '../../../src/approval-rule.ts';
import { setup } from './service-helpers.ts';

const HOUR = 3_600_000;
const TWO_FOR_PAYG = { required: 1, plans: { free: 0, payg: 2, fixed: 2 } };

describe('the approval rule', () => {
  it('parses one number or one per plan; a plan not named needs 1; anything else is refused', () => {
    expect(parseApprovalRule('2')).toEqual({ required: 2, plans: {} });
    expect(parseApprovalRule('free=0,payg=2')).toEqual({ required: 1, plans: { free: 0, payg: 2 } });
    expect(parseApprovalRule(undefined)).toEqual({ required: 1, plans: {} });
    for (const bad of ['two', 'payg=', 'pro=2', 'payg=2,payg=3', '-1', '11', 'payg=2=3'])
      expect(typeof parseApprovalRule(bad)).toBe('string');
  });

  it('counts distinct approvers: the first of two creates nothing, the same one again is not counted', async () => {
    const t = await setup({ rule: TWO_FOR_PAYG });
    await t.newRequest();
    const first = await t.service.approve(1, 'U0APPROVER', 'fine for launch');
    expect(first).toMatchObject({ ok: true, completed: false, request: { state: 'pending' } });
    expect(await t.service.approve(1, 'U0APPROVER', undefined)).toMatchObject({
      ok: false,
      denial: { code: 'already_approved' },
    });
    const second = await t.service.approve(1, 'U0APPROVER2', undefined);
    expect(second).toMatchObject({ ok: true, completed: true, request: { state: 'approved' } });
    if (second.ok) await t.service.settle(second, 'U0APPROVER2');
    expect(t.mgmt.calls).toHaveLength(1);
    expect((await t.store.getRequest(1))?.state).toBe('created');
  });

  it('nobody who caused a request approves or retries it: not who filed it, not who it was filed for', async () => {
    const t = await setup({ rule: TWO_FOR_PAYG });
    const submitted = await t.service.submit({
      requesterId: 'U0APPROVER',
      onBehalfOf: 'U0APPROVER2',
      channelId: '',
      form: { name: 'behalf-search', region: 'eu-west-1', plan: 'payg', reason: 'catalogue' },
    });
    if (!submitted.ok) throw new Error('submit refused');
    expect(submitted.request).toMatchObject({ requesterId: 'U0APPROVER', onBehalfOf: 'U0APPROVER2' });
    for (const who of ['U0APPROVER', 'U0APPROVER2']) {
      expect(await t.service.approve(submitted.request.id, who, undefined)).toMatchObject({
        ok: false,
        denial: { code: 'own_request' },
      });
      expect(await t.service.retry(submitted.request.id, who)).toMatchObject({
        ok: false,
        denial: { code: 'own_request' },
      });
      expect(
        canStillApprove(
          submitted.request,
          { requestId: submitted.request.id, required: 2, approvals: [] },
          who,
        ),
      ).toBe(false);
    }
  });

  it('keeps the policy in force when the request was filed', async () => {
    const t = await setup({ rule: { required: 3, plans: {} } });
    await t.newRequest();
    expect((await t.store.approvalProgress([1])).get(1)?.required).toBe(3);
  });

  it('an approver who left the group stops counting: the request waits for another approval', async () => {
    const t = await setup({ rule: TWO_FOR_PAYG, approvers: ['U0APPROVER', 'U0APPROVER2', 'U0CAROL'] });
    await t.newRequest();
    await t.service.approve(1, 'U0APPROVER', undefined);
    t.group.remove('U0APPROVER');
    const second = await t.service.approve(1, 'U0APPROVER2', undefined);
    expect(second).toMatchObject({ ok: true, completed: false });
    if (second.ok) await t.service.settle(second, 'U0APPROVER2');
    expect(t.notices.at(-1)?.kind).toBe('update');
    const progress = (await t.store.approvalProgress([1])).get(1);
    expect(progress?.approvals.find((a) => a.approverId === 'U0APPROVER')?.lapsedAt).not.toBeNull();
    // The one who left is refused; someone added meanwhile counts.
    expect(await t.service.approve(1, 'U0APPROVER', undefined)).toMatchObject({
      ok: false,
      denial: { code: 'not_approver' },
    });
    t.group.add('U0DAVE');
    expect(await t.service.approve(1, 'U0DAVE', undefined)).toMatchObject({ ok: true, completed: true });
  });

  it('a rejection after one approval ends the request and tells the requester', async () => {
    const t = await setup({ rule: TWO_FOR_PAYG });
    await t.newRequest();
    await t.service.approve(1, 'U0APPROVER', undefined);
    const rejected = await t.service.reject(1, 'U0APPROVER2', 'use the shared index');
    expect(rejected).toMatchObject({ ok: true, request: { state: 'rejected', decidedBy: 'U0APPROVER2' } });
    if (rejected.ok) await t.service.publishRejection(rejected.request);
    expect(t.notices.at(-1)?.kind).toBe('rejected');
    expect(await t.service.approve(1, 'U0APPROVER', undefined)).toMatchObject({
      ok: false,
      denial: { code: 'decided' },
    });
    expect(t.mgmt.calls).toEqual([]);
  });

  it('refuses a decision when Slack cannot say who the approvers are: never fails open', async () => {
    const t = await setup({ rule: TWO_FOR_PAYG });
    await t.newRequest();
    t.group.unknown();
    expect(await t.service.approve(1, 'U0APPROVER', undefined)).toMatchObject({
      ok: false,
      denial: { code: 'approvers_unknown' },
    });
    expect(await t.store.approvalProgress([1])).toEqual(
      new Map([[1, { requestId: 1, required: 2, approvals: [] }]]),
    );
  });

  it('a plan with a policy of 0 is approved on the requester’s word, and the audit says so', async () => {
    const t = await setup({ rule: TWO_FOR_PAYG });
    const submitted = await t.service.submit({
      requesterId: 'U0REQUESTER',
      channelId: 'C0GENERAL',
      form: { name: 'free-one', region: 'eu-west-1', plan: 'free', reason: 'try it' },
    });
    expect(submitted).toMatchObject({ ok: true, completed: true, request: { state: 'approved' } });
    if (submitted.ok) await t.service.settle(submitted, 'U0REQUESTER');
    expect(t.mgmt.calls).toHaveLength(1);
    const audit = await t.store.listAudit(1);
    expect(audit[1]).toMatchObject({
      actor: 'U0REQUESTER',
      to: 'approved',
      note: 'created without approval: plan free needs none',
    });
  });

  it('reminds once, half-way to the expiry', async () => {
    const t = await setup({ rule: TWO_FOR_PAYG });
    await t.newRequest();
    const { createRequestQueries } = await import('../../../src/features/search-requests/queries.ts');
    const { createLogger } = await import('../../../src/log.ts');
    const reminders: number[] = [];
    const queries = createRequestQueries({
      store: t.store,
      clock: t.clock,
      logger: createLogger({ level: 'silent' }),
      approvers: t.group.approvers,
      approvals: { approverIds: [] },
      outbound: { remind: async (request) => void reminders.push(request.id) },
    });
    t.advance(11 * HOUR);
    expect(await queries.remindDue()).toBe(0);
    t.advance(HOUR);
    expect(await queries.remindDue()).toBe(1);
    expect(await queries.remindDue()).toBe(0);
    expect(reminders).toEqual([1]);
  });
});
