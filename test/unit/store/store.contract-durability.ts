import { describe, expect, it } from 'vitest';
import { createdIndex, HOUR, requestInput, subscriptionInput, T0 } from '../../support/store-inputs.ts';
import type { ContractContext } from './store.contract.ts';

export function durabilityContract({ open, reopen }: ContractContext): void {
  describe('health', () => {
    it('reports healthy while open and unhealthy, without throwing, once closed', async () => {
      const store = await open();
      expect(await store.health()).toEqual({ ok: true });
      await store.close();
      await store.close();
      expect((await store.health()).ok).toBe(false);
    });
  });

  describe.skipIf(reopen === undefined)('one database, several stores (restarts and replicas)', () => {
    const again = reopen ?? (() => Promise.reject(new Error('reopen is not available')));

    it('keeps everything across a restart, and a pending request can still be approved', async () => {
      const first = await open();
      const done = await first.createRequest(requestInput({ name: 'done' }));
      await first.setRequestCard(done.id, { channel: 'C0APPROVALS', ts: '1.000100' });
      await first.transitionRequest(done.id, { from: 'pending', to: 'approved', actor: 'U0A', at: T0 + 1 });
      await first.transitionRequest(done.id, {
        from: 'approved',
        to: 'creating',
        actor: 'opsbot',
        at: T0 + 2,
      });
      await first.transitionRequest(done.id, {
        from: 'creating',
        to: 'created',
        actor: 'opsbot',
        at: T0 + 3,
        patch: { result: createdIndex() },
      });
      const waiting = await first.createRequest(requestInput({ name: 'waiting' }));
      const subscription = await first.upsertSubscription(subscriptionInput());
      const run = await first.claimDigestRun({
        channelId: 'C0DIGEST',
        localDate: '2025-03-10',
        scheduledFor: T0,
        owner: 'worker-a',
        leaseMs: HOUR,
        now: T0,
      });
      const before = {
        requests: await first.listRecentRequests({ limit: 10 }),
        audit: await first.listAudit(done.id),
        subscriptions: await first.listSubscriptions(),
        runs: await first.listDigestRuns('C0DIGEST', 10),
      };
      await first.close();

      const second = await again(first);
      expect(await second.listRecentRequests({ limit: 10 })).toEqual(before.requests);
      expect(await second.listAudit(done.id)).toEqual(before.audit);
      expect(await second.listSubscriptions()).toEqual([subscription]);
      expect(await second.listDigestRuns('C0DIGEST', 10)).toEqual([run.run]);
      expect(before.runs).toEqual([run.run]);

      const approved = await second.transitionRequest(waiting.id, {
        from: 'pending',
        to: 'approved',
        actor: 'U0A',
        at: T0 + HOUR,
      });
      expect(approved.ok).toBe(true);
      const next = await second.createRequest(requestInput({ name: 'next' }));
      expect(next.id > waiting.id).toBe(true);
      // The claim survived too: the restarted process cannot post the same day while the lease lives.
      const reclaim = await second.claimDigestRun({
        channelId: 'C0DIGEST',
        localDate: '2025-03-10',
        scheduledFor: T0,
        owner: 'worker-b',
        leaseMs: HOUR,
        now: T0 + 1,
      });
      expect(reclaim.claimed).toBe(false);
    });

    it('lets one of two stores on the same database win a race, for approvals and digest claims', async () => {
      const a = await open();
      const b = await again(a);
      const { id } = await a.createRequest(requestInput());
      const approve = (actor: string) => ({
        from: 'pending' as const,
        to: 'approved' as const,
        actor,
        at: T0,
      });
      const approvals = await Promise.all([
        a.transitionRequest(id, approve('U0ANN')),
        b.transitionRequest(id, approve('U0BEN')),
        a.transitionRequest(id, approve('U0CAT')),
        b.transitionRequest(id, approve('U0DAN')),
      ]);
      expect(approvals.filter((r) => r.ok)).toHaveLength(1);
      expect((await b.listAudit(id)).filter((e) => e.to === 'approved')).toHaveLength(1);

      const claimFor = (owner: string) => ({
        channelId: 'C0DIGEST',
        localDate: '2025-03-10',
        scheduledFor: T0,
        owner,
        leaseMs: HOUR,
        now: T0,
      });
      const claims = await Promise.all([
        a.claimDigestRun(claimFor('replica-a')),
        b.claimDigestRun(claimFor('replica-b')),
        a.claimDigestRun(claimFor('replica-c')),
      ]);
      expect(claims.filter((c) => c.claimed)).toHaveLength(1);
    });
  });
}
