import { describe, expect, it } from 'vitest';
import { SecretInStoreError } from '../../src/store/guards.ts';
import type { NewIndexRequest, RequestPatch, RequestState } from '../../src/store/types.ts';
import type { ContractContext } from './contract.ts';
import { createdIndex, DAY, HOUR, requestInput, T0 } from './fixtures.ts';

export function requestContract({ open }: ContractContext): void {
  describe('index requests', () => {
    it('stores a new request as pending, with nothing decided yet', async () => {
      const store = await open();
      const created = await store.createRequest(requestInput());
      expect(Number.isInteger(created.id) && created.id > 0).toBe(true);
      expect(created).toEqual({
        id: created.id,
        ...requestInput(),
        onBehalfOf: null,
        state: 'pending',
        updatedAt: T0,
        decidedBy: null,
        decisionComment: null,
        card: null,
        result: null,
        failureMessage: null,
        outcomeUnknown: false,
      });
      expect(await store.getRequest(created.id)).toEqual(created);
      expect(await store.getRequest(created.id + 1000)).toBeUndefined();
    });

    it('keeps who a request was filed on behalf of', async () => {
      const store = await open();
      const created = await store.createRequest(requestInput({ onBehalfOf: 'U0BEHALF' }));
      expect(created.onBehalfOf).toBe('U0BEHALF');
      expect((await store.getRequest(created.id))?.onBehalfOf).toBe('U0BEHALF');
    });

    it('numbers requests in increasing order and lists the newest first', async () => {
      const store = await open();
      const a = await store.createRequest(requestInput({ name: 'a' }));
      const b = await store.createRequest(requestInput({ name: 'b', requesterId: 'U0OTHER' }));
      const c = await store.createRequest(requestInput({ name: 'c' }));
      expect(a.id < b.id && b.id < c.id).toBe(true);
      await store.transitionRequest(b.id, {
        from: 'pending',
        to: 'rejected',
        actor: 'U0APPROVER',
        at: T0 + 1,
      });

      const names = async (o: Parameters<typeof store.listRecentRequests>[0]) =>
        (await store.listRecentRequests(o)).map((r) => r.name);
      expect(await names({ limit: 10 })).toEqual(['c', 'b', 'a']);
      expect(await names({ limit: 2 })).toEqual(['c', 'b']);
      expect(await names({ limit: 10, states: ['rejected'] })).toEqual(['b']);
      expect(await names({ limit: 10, states: ['pending', 'rejected'] })).toEqual(['c', 'b', 'a']);
      expect(await names({ limit: 10, requesterId: 'U0REQUESTER' })).toEqual(['c', 'a']);
      expect(await names({ limit: 10, states: [] })).toEqual([]);
    });

    it('records where the approval card was posted', async () => {
      const store = await open();
      const { id } = await store.createRequest(requestInput());
      expect(await store.setRequestCard(id, { channel: 'C0APPROVALS', ts: '1741597200.000100' })).toBe(true);
      expect((await store.getRequest(id))?.card).toEqual({ channel: 'C0APPROVALS', ts: '1741597200.000100' });
      expect(await store.setRequestCard(id + 1000, { channel: 'C0APPROVALS', ts: '1.2' })).toBe(false);
    });

    it("counts a user's pending requests, leaving out decided and (with now) expired ones", async () => {
      const store = await open();
      await store.createRequest(requestInput());
      await store.createRequest(requestInput({ expiresAt: T0 + HOUR }));
      const decided = await store.createRequest(requestInput());
      await store.createRequest(requestInput({ requesterId: 'U0OTHER' }));
      await store.transitionRequest(decided.id, { from: 'pending', to: 'rejected', actor: 'U0A', at: T0 });

      expect(await store.countPendingByRequester('U0REQUESTER')).toBe(2);
      expect(await store.countPendingByRequester('U0REQUESTER', T0 + 2 * HOUR)).toBe(1);
      expect(await store.countPendingByRequester('U0NOBODY')).toBe(0);
    });

    it("counts a user's requests needing no approval filed since a time, whatever their state", async () => {
      const store = await open();
      const free = requestInput({ approvalsRequired: 0 });
      await store.createRequest({ ...free, createdAt: T0 - HOUR });
      const created = await store.createRequest(free);
      await store.transitionRequest(created.id, {
        from: 'pending',
        to: 'approved',
        actor: 'U0REQUESTER',
        at: T0,
      });
      await store.createRequest({ ...free, createdAt: T0 + HOUR });
      await store.createRequest(requestInput());
      await store.createRequest({ ...free, requesterId: 'U0OTHER' });

      expect(await store.countUnapprovedByRequester('U0REQUESTER', T0)).toBe(2);
      expect(await store.countUnapprovedByRequester('U0REQUESTER', T0 - DAY)).toBe(3);
      expect(await store.countUnapprovedByRequester('U0NOBODY', T0 - DAY)).toBe(0);
    });

    it('moves a request with compare-and-set and writes the patch and the audit entry together', async () => {
      const store = await open();
      const { id } = await store.createRequest(requestInput());
      const result = await store.transitionRequest(id, {
        from: 'pending',
        to: 'approved',
        actor: 'U0APPROVER',
        at: T0 + HOUR,
        note: 'looks fine',
        patch: { decidedBy: 'U0APPROVER', decisionComment: 'go ahead' },
      });
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      expect(result.request).toMatchObject({
        state: 'approved',
        updatedAt: T0 + HOUR,
        decidedBy: 'U0APPROVER',
        decisionComment: 'go ahead',
        createdAt: T0,
      });
      expect(await store.getRequest(id)).toEqual(result.request);
      expect(await store.listAudit(id)).toEqual([
        {
          id: expect.any(Number),
          requestId: id,
          actor: 'U0REQUESTER',
          from: null,
          to: 'pending',
          at: T0,
          note: null,
        },
        {
          id: expect.any(Number),
          requestId: id,
          actor: 'U0APPROVER',
          from: 'pending',
          to: 'approved',
          at: T0 + HOUR,
          note: 'looks fine',
        },
      ]);
    });

    it('refuses a transition from a stale state and hands back the request as it is', async () => {
      const store = await open();
      const { id } = await store.createRequest(requestInput());
      await store.transitionRequest(id, { from: 'pending', to: 'rejected', actor: 'U0A', at: T0 + 1 });
      const stale = await store.transitionRequest(id, {
        from: 'pending',
        to: 'approved',
        actor: 'U0B',
        at: T0 + 2,
        patch: { decidedBy: 'U0B' },
      });
      expect(stale.ok).toBe(false);
      if (stale.ok) return;
      expect(stale.current?.state).toBe('rejected');
      expect(stale.current?.decidedBy).toBeNull();
      expect((await store.listAudit(id)).map((e) => e.to)).toEqual(['pending', 'rejected']);

      const missing = await store.transitionRequest(id + 1000, {
        from: 'pending',
        to: 'approved',
        actor: 'U0B',
        at: 1,
      });
      expect(missing).toEqual({ ok: false, current: undefined });
    });

    it('lets exactly one of several concurrent approvals through', async () => {
      const store = await open();
      const { id } = await store.createRequest(requestInput());
      const approvers = ['U0ANN', 'U0BEN', 'U0CAT', 'U0DAN', 'U0EVE'];
      const results = await Promise.all(
        approvers.map((actor) =>
          store.transitionRequest(id, {
            from: 'pending',
            to: 'approved',
            actor,
            at: T0 + 1,
            patch: { decidedBy: actor },
          }),
        ),
      );
      const winners = results.filter((r) => r.ok);
      expect(winners).toHaveLength(1);
      for (const loser of results.filter((r) => !r.ok)) {
        expect(loser.ok === false && loser.current?.state).toBe('approved');
      }
      const audit = await store.listAudit(id);
      expect(audit.filter((e) => e.to === 'approved')).toHaveLength(1);
      expect((await store.getRequest(id))?.decidedBy).toBe(audit[1]?.actor);
    });

    it('keeps the whole lifecycle, results and failures, with the audit trail in order', async () => {
      const store = await open();
      const { id } = await store.createRequest(requestInput());
      const go = (from: RequestState, to: RequestState, at: number, patch?: RequestPatch) =>
        store.transitionRequest(id, { from: [from], to, actor: 'opsbot', at, ...(patch ? { patch } : {}) });
      expect((await go('pending', 'approved', T0)).ok).toBe(true);
      expect((await go('approved', 'creating', T0 + 1)).ok).toBe(true);
      const failed = await go('creating', 'failed', T0 + 2, {
        failureMessage: 'create timed out',
        outcomeUnknown: true,
      });
      expect(failed.ok && failed.request).toMatchObject({
        state: 'failed',
        outcomeUnknown: true,
        failureMessage: 'create timed out',
      });

      // A retry starts from failed and clears the old failure.
      const retry = await store.transitionRequest(id, {
        from: ['failed', 'approved'],
        to: 'creating',
        actor: 'U0APPROVER',
        at: T0 + 3,
        note: 'retry',
        patch: { failureMessage: null, outcomeUnknown: false },
      });
      expect(retry.ok && retry.request).toMatchObject({
        state: 'creating',
        failureMessage: null,
        outcomeUnknown: false,
      });

      const done = await go('creating', 'created', T0 + 4, { result: createdIndex() });
      expect(done.ok && done.request.result).toEqual(createdIndex());
      expect((await store.getRequest(id))?.result).toEqual(createdIndex());

      const trail = await store.listAudit(id);
      expect(trail.map((e) => [e.from, e.to])).toEqual([
        [null, 'pending'],
        ['pending', 'approved'],
        ['approved', 'creating'],
        ['creating', 'failed'],
        ['failed', 'creating'],
        ['creating', 'created'],
      ]);
      expect(trail.map((e) => e.id)).toEqual([...trail.map((e) => e.id)].sort((a, b) => a - b));
      expect(trail[4]?.note).toBe('retry');
      expect(await store.listAudit(id + 1000)).toEqual([]);
    });

    it('refuses to store anything that carries a credential, and changes nothing', async () => {
      const store = await open();
      const withToken = { ...requestInput(), token: 'fake-token-1234' } as NewIndexRequest;
      await expect(store.createRequest(withToken)).rejects.toBeInstanceOf(SecretInStoreError);
      expect(await store.listRecentRequests({ limit: 10 })).toEqual([]);

      const { id } = await store.createRequest(requestInput());
      await store.transitionRequest(id, { from: 'pending', to: 'approved', actor: 'U0A', at: T0 });
      await store.transitionRequest(id, { from: 'approved', to: 'creating', actor: 'opsbot', at: T0 });
      const leaky = [
        createdIndex({ limits: { read_only_token: 'fake-ro-token-5678' } }),
        createdIndex({ limits: { nested: [{ ok: 1 }, { password: 'fake-password-9' }] } }),
        { ...createdIndex(), token: 'fake-token-1234' },
      ];
      for (const result of leaky) {
        const attempt = store.transitionRequest(id, {
          from: 'creating',
          to: 'created',
          actor: 'opsbot',
          at: T0 + 1,
          patch: { result },
        });
        await expect(attempt).rejects.toBeInstanceOf(SecretInStoreError);
        await expect(attempt).rejects.not.toThrow(/fake-/);
      }
      expect((await store.getRequest(id))?.state).toBe('creating');
      expect((await store.listAudit(id)).map((e) => e.to)).toEqual(['pending', 'approved', 'creating']);
    });

    it('lists pending requests past their expiry, soonest first, for the sweep', async () => {
      const store = await open();
      const late = await store.createRequest(requestInput({ name: 'late', expiresAt: T0 + 2 * HOUR }));
      const early = await store.createRequest(requestInput({ name: 'early', expiresAt: T0 + HOUR }));
      await store.createRequest(requestInput({ name: 'future', expiresAt: T0 + DAY }));
      const decided = await store.createRequest(requestInput({ name: 'decided', expiresAt: T0 + HOUR }));
      await store.transitionRequest(decided.id, { from: 'pending', to: 'approved', actor: 'U0A', at: T0 });

      const now = T0 + 2 * HOUR;
      expect((await store.listExpiredPending(now)).map((r) => r.id)).toEqual([early.id, late.id]);
      expect((await store.listExpiredPending(now, 1)).map((r) => r.id)).toEqual([early.id]);
      expect(await store.listExpiredPending(T0)).toEqual([]);

      await store.transitionRequest(early.id, { from: 'pending', to: 'expired', actor: 'opsbot', at: now });
      expect((await store.listExpiredPending(now)).map((r) => r.id)).toEqual([late.id]);
    });
  });
}
