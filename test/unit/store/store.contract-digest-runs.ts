import { describe, expect, it } from 'vitest';
import type { Store } from '../../../src/store/store.ts';
import type { ClaimDigestRunInput } from '../../../src/store/types.ts';
import { DAY, subscriptionInput, T0 } from '../../support/store-inputs.ts';
import type { ContractContext } from './store.contract.ts';

const LEASE = 60_000;

function claimInput(overrides: Partial<ClaimDigestRunInput> = {}): ClaimDigestRunInput {
  return {
    channelId: 'C0DIGEST',
    localDate: '2025-03-10',
    scheduledFor: T0,
    owner: 'worker-a',
    leaseMs: LEASE,
    now: T0,
    ...overrides,
  };
}

const claim = (store: Store, overrides: Partial<ClaimDigestRunInput> = {}) =>
  store.claimDigestRun(claimInput(overrides));

export function digestRunContract({ open }: ContractContext): void {
  describe('digest runs', () => {
    it('claims a day once: a second claim while the first holds its lease is refused', async () => {
      const store = await open();
      const first = await claim(store);
      expect(first).toEqual({
        claimed: true,
        run: {
          channelId: 'C0DIGEST',
          localDate: '2025-03-10',
          scheduledFor: T0,
          status: 'running',
          leaseOwner: 'worker-a',
          leaseExpiresAt: T0 + LEASE,
          attempts: 1,
          startedAt: T0,
          finishedAt: null,
          messageTs: null,
          note: null,
        },
      });
      const second = await claim(store, { owner: 'worker-b', now: T0 + LEASE - 1 });
      expect(second).toEqual({ claimed: false, run: first.run });
    });

    it('keeps days and channels apart', async () => {
      const store = await open();
      expect((await claim(store)).claimed).toBe(true);
      expect((await claim(store, { localDate: '2025-03-11', scheduledFor: T0 + DAY })).claimed).toBe(true);
      expect((await claim(store, { channelId: 'C0OTHER' })).claimed).toBe(true);
      expect((await claim(store)).claimed).toBe(false);
    });

    it('lets exactly one of several concurrent claims win', async () => {
      const store = await open();
      const owners = ['w1', 'w2', 'w3', 'w4', 'w5'];
      const results = await Promise.all(owners.map((owner) => claim(store, { owner })));
      const winners = results.filter((r) => r.claimed);
      expect(winners).toHaveLength(1);
      for (const r of results) expect(r.run.leaseOwner).toBe(winners[0]?.run.leaseOwner);
    });

    it('completes a run only for its lease owner', async () => {
      const store = await open();
      await claim(store);
      const intruder = await store.completeDigestRun('C0DIGEST', '2025-03-10', 'worker-b', {
        status: 'posted',
        messageTs: '1.1',
        at: T0 + 1,
      });
      expect(intruder.ok).toBe(false);
      expect(intruder.run?.status).toBe('running');

      const done = await store.completeDigestRun('C0DIGEST', '2025-03-10', 'worker-a', {
        status: 'posted',
        messageTs: '1741597200.000200',
        note: '3 indexes',
        at: T0 + 2,
      });
      expect(done).toEqual({
        ok: true,
        run: expect.objectContaining({
          status: 'posted',
          messageTs: '1741597200.000200',
          note: '3 indexes',
          finishedAt: T0 + 2,
          leaseOwner: 'worker-a',
        }),
      });
      const again = await store.completeDigestRun('C0DIGEST', '2025-03-10', 'worker-a', {
        status: 'failed',
        at: T0 + 3,
      });
      expect(again).toEqual({ ok: false, run: done.run });
      const missing = await store.completeDigestRun('C0NONE', '2025-03-10', 'worker-a', {
        status: 'posted',
        at: T0,
      });
      expect(missing).toEqual({ ok: false, run: undefined });
    });

    it('never reclaims a posted or skipped day, however late', async () => {
      const store = await open();
      await claim(store);
      await store.completeDigestRun('C0DIGEST', '2025-03-10', 'worker-a', { status: 'posted', at: T0 + 1 });
      await claim(store, { channelId: 'C0SKIP' });
      await store.completeDigestRun('C0SKIP', '2025-03-10', 'worker-a', {
        status: 'skipped',
        note: 'too late',
        at: T0,
      });

      const later = T0 + 10 * LEASE;
      const posted = await claim(store, { owner: 'worker-b', now: later });
      expect(posted.claimed).toBe(false);
      expect(posted.run).toMatchObject({ status: 'posted', leaseOwner: 'worker-a', attempts: 1 });
      const skipped = await claim(store, { channelId: 'C0SKIP', owner: 'worker-b', now: later });
      expect(skipped.claimed).toBe(false);
      expect(skipped.run).toMatchObject({ status: 'skipped', note: 'too late' });
    });

    it('hands a run whose lease expired to a new owner, and the old owner can no longer finish it', async () => {
      const store = await open();
      await claim(store);
      const takeover = await claim(store, { owner: 'worker-b', now: T0 + LEASE });
      expect(takeover.claimed).toBe(true);
      expect(takeover.run).toMatchObject({
        status: 'running',
        leaseOwner: 'worker-b',
        leaseExpiresAt: T0 + 2 * LEASE,
        attempts: 2,
        scheduledFor: T0,
      });
      const late = await store.completeDigestRun('C0DIGEST', '2025-03-10', 'worker-a', {
        status: 'posted',
        at: T0,
      });
      expect(late.ok).toBe(false);
      const finished = await store.completeDigestRun('C0DIGEST', '2025-03-10', 'worker-b', {
        status: 'posted',
        at: T0 + LEASE + 1,
      });
      expect(finished.ok).toBe(true);
    });

    it('extends a lease for its owner only', async () => {
      const store = await open();
      await claim(store);
      expect(await store.renewDigestRun('C0DIGEST', '2025-03-10', 'worker-b', LEASE, T0 + 1)).toBe(false);
      expect(await store.renewDigestRun('C0DIGEST', '2025-03-10', 'worker-a', LEASE, T0 + LEASE - 1)).toBe(
        true,
      );
      expect((await claim(store, { owner: 'worker-b', now: T0 + LEASE + 1 })).claimed).toBe(false);
      expect((await claim(store, { owner: 'worker-b', now: T0 + 2 * LEASE - 1 })).claimed).toBe(true);
      expect(await store.renewDigestRun('C0DIGEST', '2025-03-10', 'worker-a', LEASE, T0 + 2 * LEASE)).toBe(
        false,
      );
    });

    it('allows another attempt after a failed run', async () => {
      const store = await open();
      await claim(store);
      await store.completeDigestRun('C0DIGEST', '2025-03-10', 'worker-a', {
        status: 'failed',
        note: 'channel_not_found',
        at: T0 + 1,
      });
      const retry = await claim(store, { owner: 'worker-b', now: T0 + 2 });
      expect(retry.claimed).toBe(true);
      expect(retry.run).toMatchObject({ status: 'running', leaseOwner: 'worker-b', attempts: 2, note: null });
    });

    it('lists a channel’s runs, newest day first, and keeps them after the subscription is removed', async () => {
      const store = await open();
      await store.upsertSubscription(subscriptionInput());
      for (const localDate of ['2025-03-09', '2025-03-11', '2025-03-10']) await claim(store, { localDate });
      await claim(store, { channelId: 'C0OTHER' });
      await store.completeDigestRun('C0DIGEST', '2025-03-10', 'worker-a', { status: 'posted', at: T0 + 1 });
      await store.deleteSubscription('C0DIGEST');

      expect((await store.listDigestRuns('C0DIGEST', 10)).map((r) => r.localDate)).toEqual([
        '2025-03-11',
        '2025-03-10',
        '2025-03-09',
      ]);
      expect((await store.listDigestRuns('C0DIGEST', 1)).map((r) => r.localDate)).toEqual(['2025-03-11']);
      // Re-adding the digest the same day must not allow a second post.
      await store.upsertSubscription(subscriptionInput());
      expect((await claim(store, { owner: 'worker-b', now: T0 + DAY })).claimed).toBe(false);
    });

    it('reads every subscribed channel’s newest run at once', async () => {
      const store = await open();
      for (const channelId of ['C0DIGEST', 'C0NEVERRUN', 'C0OTHER'])
        await store.upsertSubscription(subscriptionInput({ channelId }));
      for (const localDate of ['2025-03-09', '2025-03-11', '2025-03-10']) await claim(store, { localDate });
      await claim(store, { channelId: 'C0OTHER' });
      // A channel whose digest was removed is not listed, however many runs it kept.
      await claim(store, { channelId: 'C0REMOVED' });
      const last = await store.listLastDigestRuns();
      expect(last.map((r) => [r.channelId, r.localDate])).toEqual([
        ['C0DIGEST', '2025-03-11'],
        ['C0OTHER', '2025-03-10'],
      ]);
      expect(last[0]).toEqual((await store.listDigestRuns('C0DIGEST', 1))[0]);
      expect((await store.listLastDigestRuns(['C0OTHER', 'C0NEVERRUN'])).map((r) => r.channelId)).toEqual([
        'C0OTHER',
      ]);
    });
  });
}
