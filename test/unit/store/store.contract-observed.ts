// The store as features get it (wrapped by observedStore) tells the change feed about every write a
// person could see, and nothing else: these announcements are what refresh an open Home tab.
import { describe, expect, it } from 'vitest';
import { type Change, ChangeFeed } from '../../../src/changes.ts';
import { NO_CONTROLS } from '../../../src/features/watches/evaluate.ts';
import { observedStore } from '../../../src/store/observed-store.ts';
import type { Store } from '../../../src/store/store.ts';
import type { WatchState } from '../../../src/store/types.ts';
import { DAY, subscriptionInput, T0 } from '../../support/store-inputs.ts';
import type { ContractContext } from './store.contract.ts';
import { watchInput } from './store.contract-watches.ts';

const LEASE = 60_000;

async function observed(open: () => Promise<Store>) {
  const changes = new ChangeFeed();
  const told: Change[] = [];
  changes.subscribe((change) => told.push(change));
  const store = observedStore(await open(), changes);
  /** What was announced since the last call. */
  const announced = () => told.splice(0);
  return { store, announced };
}

export function observedContract({ open }: ContractContext): void {
  describe('announced changes (what refreshes a Home tab)', () => {
    it('announces every watch write a person could see, once it succeeded, and no read', async () => {
      const { store, announced } = await observed(open);
      const inChannel = [{ kind: 'watch', channelId: 'C0WATCH' }];

      const w = await store.createWatch(watchInput());
      expect(announced()).toEqual(inChannel);

      // A check that changes nothing visible (a first breach) is saved quietly…
      await store.claimDueWatches(T0, 'worker-a', LEASE, 10);
      const breached: WatchState = { ...w.state, breaches: 1, breachSince: T0, lastValue: 60 };
      expect(await store.saveWatchState(w.id, 'worker-a', breached, T0 + 1)).toBe(true);
      expect(announced()).toEqual([]);
      // …one that fires, or posts the alert, is announced; one refused (lease lost) is not.
      await store.claimDueWatches(T0 + 1, 'worker-a', LEASE, 10);
      const firing: WatchState = { ...breached, status: 'firing', breaches: 3, incidentSince: T0 };
      expect(await store.saveWatchState(w.id, 'worker-b', firing, T0 + 2)).toBe(false);
      expect(announced()).toEqual([]);
      expect(await store.saveWatchState(w.id, 'worker-a', firing, T0 + 2, T0 + LEASE)).toBe(true);
      expect(announced()).toEqual(inChannel);
      const alerted = { ...firing, alert: { channel: 'C0WATCH', ts: '1700000000.000100' } };
      expect(await store.saveWatchState(w.id, 'worker-a', alerted, T0 + 3)).toBe(true);
      expect(announced()).toEqual(inChannel);

      const snoozed = { ...NO_CONTROLS, snoozedUntil: T0 + DAY, snoozedBy: 'U0ALICE' };
      expect(await store.setWatchControls(w.id, snoozed)).toBe(true);
      expect(announced()).toEqual(inChannel);
      expect(await store.setWatchControls(9_999, snoozed)).toBe(false);
      expect(announced()).toEqual([]);

      await store.updateWatch(w.id, { ...watchInput(), threshold: 80 }, w.state, T0 + 4);
      expect(announced()).toEqual(inChannel);

      await store.getWatch(w.id);
      await store.listWatches('C0WATCH');
      await store.claimDueWatches(T0 + DAY, 'worker-a', LEASE, 10);
      expect(announced()).toEqual([]);

      expect(await store.deleteWatch(w.id)).toBeDefined();
      expect(announced()).toEqual(inChannel);
      expect(await store.deleteWatch(w.id)).toBeUndefined();
      expect(announced()).toEqual([]);
    });

    it('announces a digest set up, advanced, run and removed', async () => {
      const { store, announced } = await observed(open);
      const inChannel = [{ kind: 'digest', channelId: 'C0DIGEST' }];
      const subscription = await store.upsertSubscription(subscriptionInput());
      expect(announced()).toEqual(inChannel);

      const claim = {
        channelId: 'C0DIGEST',
        localDate: '2025-03-10',
        scheduledFor: T0,
        owner: 'replica-a',
        leaseMs: LEASE,
        now: T0,
      };
      expect((await store.claimDigestRun(claim)).claimed).toBe(true);
      expect(announced()).toEqual(inChannel);
      expect((await store.claimDigestRun({ ...claim, owner: 'replica-b' })).claimed).toBe(false);
      expect(announced()).toEqual([]);
      await store.completeDigestRun('C0DIGEST', '2025-03-10', 'replica-a', { status: 'posted', at: T0 });
      expect(announced()).toEqual(inChannel);
      const next = subscription.nextRunAt + DAY;
      expect(await store.advanceSubscription('C0DIGEST', next, subscription.nextRunAt)).toBe(true);
      expect(announced()).toEqual(inChannel);
      expect(await store.advanceSubscription('C0DIGEST', next + DAY, subscription.nextRunAt)).toBe(false);
      expect(announced()).toEqual([]);

      expect(await store.deleteSubscription('C0DIGEST')).toBe(true);
      expect(announced()).toEqual(inChannel);
    });
  });
}
