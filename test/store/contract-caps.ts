// Caps are checked where they are written: the count and the insert in one transaction, under a
// per-scope lock on PostgreSQL (two replicas, two pools) and the write lock on SQLite. And a
// Workflow Builder step's request is stored with its link, or not at all.
import { describe, expect, it } from 'vitest';
import { CapReachedError, StepRunGoneError } from '../../src/store/index.ts';
import type { Store } from '../../src/store/store.ts';
import type { ContractContext } from './contract.ts';
import { watchInput } from './contract-watches.ts';
import { DAY, HOUR, requestInput, T0 } from './fixtures.ts';

const caps = (maxPending: number, unapprovedMax = 100) => ({
  maxPending,
  now: T0,
  unapproved: { max: unapprovedMax, since: T0 - HOUR },
});

/** What each of `n` writes at once did: the values written, and the caps refused. */
async function settle<T>(writes: Array<Promise<T>>) {
  const results = await Promise.allSettled(writes);
  const refused = results.filter((r) => r.status === 'rejected').map((r) => r.reason as unknown);
  for (const reason of refused) expect(reason).toBeInstanceOf(CapReachedError);
  return { written: results.filter((r) => r.status === 'fulfilled').length, refused: refused.length };
}

/** Two stores on one database (two replicas) when the database can be shared; else the one. */
async function replicas(open: () => Promise<Store>, reopen: ContractContext['reopen']) {
  const store = await open();
  return [store, reopen === undefined ? store : await reopen(store)] as const;
}

export function capContract({ open, reopen }: ContractContext): void {
  describe('caps counted in the write', () => {
    it('a channel at its watch cap takes no more; another channel still does', async () => {
      const store = await open();
      for (let i = 0; i < 3; i++) await store.createWatch(watchInput({ maxInChannel: 3 }));
      await expect(store.createWatch(watchInput({ maxInChannel: 3 }))).rejects.toMatchObject({
        cap: 'watches_per_channel',
        count: 3,
        max: 3,
      });
      expect(await store.listWatches('C0WATCH')).toHaveLength(3);
      await store.createWatch(watchInput({ channelId: 'C0OTHER', maxInChannel: 3 }));
      expect(await store.listWatches('C0OTHER')).toHaveLength(1);
    });

    it('an edit may keep a watch in its full channel, not move one into a full channel', async () => {
      const store = await open();
      const kept = await store.createWatch(watchInput({ maxInChannel: 2 }));
      await store.createWatch(watchInput({ maxInChannel: 2 }));
      const elsewhere = await store.createWatch(watchInput({ channelId: 'C0OTHER' }));
      const edited = await store.updateWatch(
        kept.id,
        { ...watchInput(), threshold: 70, maxInChannel: 2 },
        kept.state,
        T0,
      );
      expect(edited?.threshold).toBe(70);
      await expect(
        store.updateWatch(elsewhere.id, { ...watchInput(), maxInChannel: 2 }, elsewhere.state, T0),
      ).rejects.toMatchObject({ cap: 'watches_per_channel', count: 2, max: 2 });
      expect((await store.getWatch(elsewhere.id))?.channelId).toBe('C0OTHER');
    });

    it('20 watches created at once on two replicas with a cap of 3: exactly 3', async () => {
      const [a, b] = await replicas(open, reopen);
      const writes = Array.from({ length: 20 }, (_, i) =>
        (i % 2 === 0 ? a : b).createWatch(watchInput({ threshold: i + 1, maxInChannel: 3 })),
      );
      expect(await settle(writes)).toEqual({ written: 3, refused: 17 });
      expect(await a.listWatches('C0WATCH')).toHaveLength(3);
    });

    it('pending requests per person: at the cap, the next is refused and nothing stored; expired ones do not count', async () => {
      const store = await open();
      await store.createRequest(requestInput({ expiresAt: T0 - 1, caps: caps(2) }));
      await store.createRequest(requestInput({ caps: caps(2) }));
      await store.createRequest(requestInput({ caps: caps(2) }));
      await expect(store.createRequest(requestInput({ caps: caps(2) }))).rejects.toMatchObject({
        cap: 'pending_per_requester',
        count: 2,
        max: 2,
      });
      expect(await store.listRecentRequests({ limit: 10 })).toHaveLength(3);
      // Someone else's requests are theirs to count.
      await store.createRequest(requestInput({ requesterId: 'U0OTHER', caps: caps(2) }));
    });

    it('10 unapproved requests at once on two replicas with a daily cap of 2: exactly 2', async () => {
      const [a, b] = await replicas(open, reopen);
      const writes = Array.from({ length: 10 }, (_, i) =>
        (i % 2 === 0 ? a : b).createRequest(
          requestInput({ name: `free-${i}`, approvalsRequired: 0, caps: caps(100, 2) }),
        ),
      );
      expect(await settle(writes)).toEqual({ written: 2, refused: 8 });
      expect(await a.countUnapprovedByRequester('U0REQUESTER', T0 - HOUR)).toBe(2);
      // A request needing approval is not counted against the unapproved cap.
      await a.createRequest(requestInput({ caps: caps(100, 2) }));
    });

    it('5 requests at once on two replicas with a pending cap of 2: exactly 2 pending', async () => {
      const [a, b] = await replicas(open, reopen);
      const writes = Array.from({ length: 5 }, (_, i) =>
        (i % 2 === 0 ? a : b).createRequest(requestInput({ name: `r-${i}`, caps: caps(2) })),
      );
      expect(await settle(writes)).toEqual({ written: 2, refused: 3 });
      expect(await a.countPendingByRequester('U0REQUESTER', T0)).toBe(2);
    });
  });

  describe('a step’s request and its link in one write', () => {
    it('stores the request linked to its claimed run', async () => {
      const store = await open();
      expect(await store.claimStepRun('Fx1', T0)).toBe(true);
      const request = await store.createRequest(requestInput({ stepExecutionId: 'Fx1' }));
      expect(await store.stepRunOfRequest(request.id)).toMatchObject({
        executionId: 'Fx1',
        requestId: request.id,
      });
    });

    it('a run that is unknown, already linked or ended takes no request, and none is stored', async () => {
      const store = await open();
      await expect(
        store.createRequest(requestInput({ stepExecutionId: 'Fx-unknown' })),
      ).rejects.toBeInstanceOf(StepRunGoneError);
      await store.claimStepRun('Fx2', T0);
      await store.createRequest(requestInput({ stepExecutionId: 'Fx2' }));
      await expect(store.createRequest(requestInput({ stepExecutionId: 'Fx2' }))).rejects.toBeInstanceOf(
        StepRunGoneError,
      );
      expect(await store.listRecentRequests({ limit: 10 })).toHaveLength(1);
    });

    it('a run left without its request past the grace is claimed once, and can then take no request', async () => {
      const store = await open();
      await store.claimStepRun('Fx-old', T0);
      await store.claimStepRun('Fx-new', T0 + HOUR);
      await store.claimStepRun('Fx-linked', T0);
      await store.createRequest(requestInput({ stepExecutionId: 'Fx-linked' }));
      const claimed = await store.claimStepRunsWithoutRequest(T0 + 1, 'me', T0 + DAY, 60_000, 10);
      expect(claimed.map((r) => r.executionId)).toEqual(['Fx-old']);
      expect(await store.claimStepRunsWithoutRequest(T0 + 1, 'other', T0 + DAY, 60_000, 10)).toEqual([]);
      await expect(store.createRequest(requestInput({ stepExecutionId: 'Fx-old' }))).rejects.toBeInstanceOf(
        StepRunGoneError,
      );
      expect(await store.finishStepRun('Fx-old', 'me', 'refused', T0 + DAY)).toBe(true);
      expect(await store.listRecentRequests({ limit: 10 })).toHaveLength(1);
    });
  });
}
