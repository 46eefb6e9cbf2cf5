import { describe, expect, it } from 'vitest';
import { DAY, HOUR, requestInput, T0 } from '../../support/store-inputs.ts';
import type { ContractContext } from './store.contract.ts';

export function approvalContract({ open, reopen, legacy }: ContractContext): void {
  describe('approvals', () => {
    it('keeps the policy a request was filed with; one approval short of it leaves the request pending', async () => {
      const store = await open();
      const { id } = await store.createRequest(requestInput({ approvalsRequired: 2 }));
      const first = await store.addApproval(id, {
        approverId: 'U0ALICE',
        at: T0 + 1,
        note: 'fine for launch',
      });
      expect(first).toMatchObject({ ok: true, completed: false, request: { state: 'pending' } });
      const progress = (await store.approvalProgress([id])).get(id);
      expect(progress).toEqual({
        requestId: id,
        required: 2,
        approvals: [
          { requestId: id, approverId: 'U0ALICE', at: T0 + 1, note: 'fine for launch', lapsedAt: null },
        ],
      });
      expect(await store.addApproval(id, { approverId: 'U0ALICE', at: T0 + 2 })).toMatchObject({
        ok: false,
        reason: 'already_approved',
      });

      const second = await store.addApproval(id, { approverId: 'U0BOB', at: T0 + 3 });
      expect(second).toMatchObject({
        ok: true,
        completed: true,
        request: { state: 'approved', decidedBy: 'U0BOB' },
      });
      expect(await store.addApproval(id, { approverId: 'U0CAROL', at: T0 + 4 })).toMatchObject({
        ok: false,
        reason: 'not_pending',
        current: { state: 'approved' },
      });
      const audit = await store.listAudit(id);
      expect(audit.map((e) => [e.actor, e.from, e.to, e.note])).toEqual([
        ['U0REQUESTER', null, 'pending', null],
        ['U0ALICE', 'pending', 'pending', 'approval 1 of 2: fine for launch'],
        ['U0BOB', 'pending', 'approved', 'approval 2 of 2'],
      ]);
    });

    it('stops counting a lapsed approval, with an audit entry, and renews it when its approver approves again', async () => {
      const store = await open();
      const { id } = await store.createRequest(requestInput({ approvalsRequired: 2 }));
      await store.addApproval(id, { approverId: 'U0ALICE', at: T0 + 1 });
      expect(await store.lapseApprovals(id, ['U0ALICE', 'U0NOBODY'], 'opsbot', T0 + 2)).toBe(1);
      expect(await store.lapseApprovals(id, ['U0ALICE'], 'opsbot', T0 + 3)).toBe(0);
      expect((await store.approvalProgress([id])).get(id)?.approvals[0]?.lapsedAt).toBe(T0 + 2);
      // Lapsed, so Bob's approval is only the first that counts.
      expect(await store.addApproval(id, { approverId: 'U0BOB', at: T0 + 4 })).toMatchObject({
        completed: false,
      });
      expect(await store.addApproval(id, { approverId: 'U0ALICE', at: T0 + 5 })).toMatchObject({
        ok: true,
        completed: true,
      });
      expect((await store.listAudit(id)).map((e) => e.note)).toContain(
        'approval by U0ALICE no longer counts: not an approver any more',
      );
    });

    it('completes a one-approval request in one step, and lets exactly one of concurrent approvals complete it', async () => {
      const store = await open();
      const other = reopen === undefined ? store : await reopen(store);
      const { id } = await store.createRequest(requestInput());
      const results = await Promise.all([
        store.addApproval(id, { approverId: 'U0ALICE', at: T0 + 1 }),
        other.addApproval(id, { approverId: 'U0BOB', at: T0 + 1 }),
        other.addApproval(id, { approverId: 'U0CAROL', at: T0 + 1 }),
      ]);
      expect(results.filter((r) => r.ok && r.completed)).toHaveLength(1);
      expect(results.filter((r) => !r.ok && r.reason === 'not_pending')).toHaveLength(2);
      expect((await store.listAudit(id)).map((e) => e.to)).toEqual(['pending', 'approved']);
    });

    it('of two approvals at once on a two-approval request, the second completes it and both count', async () => {
      const store = await open();
      const other = reopen === undefined ? store : await reopen(store);
      const { id } = await store.createRequest(requestInput({ approvalsRequired: 2 }));
      const results = await Promise.all([
        store.addApproval(id, { approverId: 'U0ALICE', at: T0 + 1 }),
        other.addApproval(id, { approverId: 'U0BOB', at: T0 + 1 }),
      ]);
      expect(results.map((r) => r.ok && r.completed).sort()).toEqual([false, true]);
      const progress = (await store.approvalProgress([id])).get(id);
      expect(progress?.approvals.map((a) => a.approverId).sort()).toEqual(['U0ALICE', 'U0BOB']);
      expect((await store.getRequest(id))?.state).toBe('approved');
    });

    it('claims each request’s reminder once, half-way to its expiry, only while it is pending', async () => {
      const store = await open();
      const a = await store.createRequest(requestInput({ createdAt: T0, expiresAt: T0 + DAY }));
      const b = await store.createRequest(
        requestInput({ name: 'b', createdAt: T0, expiresAt: T0 + 4 * DAY }),
      );
      expect(await store.listReminderDue(T0 + 11 * HOUR, 10)).toEqual([]);
      expect((await store.listReminderDue(T0 + 12 * HOUR, 10)).map((r) => r.id)).toEqual([a.id]);
      const claims = await Promise.all([store.claimReminder(a.id, T0), store.claimReminder(a.id, T0)]);
      expect(claims.sort()).toEqual([false, true]);
      expect(await store.listReminderDue(T0 + 12 * HOUR, 10)).toEqual([]);
      await store.transitionRequest(b.id, { from: 'pending', to: 'rejected', actor: 'U0X', at: T0 });
      expect(await store.claimReminder(b.id, T0 + 3 * DAY)).toBe(false);
    });

    it.skipIf(legacy === undefined)(
      'migrating keeps the pending requests of an older opsbot working under a policy of one',
      async () => {
        const old = await (legacy as NonNullable<typeof legacy>)(3);
        await old.exec(
          `INSERT INTO index_requests (requester_id, requester_channel_id, name, region, plan, reason, state,
             created_at, expires_at, updated_at)
           VALUES ('U0REQUESTER', 'C0TEAM', 'legacy-search', 'eu-west-1', 'payg', 'from before', 'pending',
             ${T0}, ${T0 + DAY}, ${T0})`,
        );
        const store = await old.open();
        const [request] = await store.listRecentRequests({ limit: 1 });
        expect(request?.name).toBe('legacy-search');
        const id = request?.id ?? 0;
        expect((await store.approvalProgress([id])).get(id)).toEqual({
          requestId: id,
          required: 1,
          approvals: [],
        });
        expect(await store.addApproval(id, { approverId: 'U0ALICE', at: T0 + 1 })).toMatchObject({
          ok: true,
          completed: true,
          request: { state: 'approved', decidedBy: 'U0ALICE' },
        });
      },
    );
  });
}
