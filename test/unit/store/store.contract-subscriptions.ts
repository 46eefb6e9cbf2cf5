import { describe, expect, it } from 'vitest';
import { InvalidStoreInputError } from '../../../src/store/guards.ts';
import { HOUR, subscriptionInput, T0 } from '../../support/store-inputs.ts';
import type { ContractContext } from './store.contract.ts';

export function subscriptionContract({ open }: ContractContext): void {
  describe('digest subscriptions', () => {
    it('saves one subscription per channel and reads it back', async () => {
      const store = await open();
      const saved = await store.upsertSubscription(subscriptionInput({ days: [5, 1, 3, 1] }));
      const { at: _at, ...rest } = subscriptionInput();
      expect(saved).toEqual({ ...rest, days: [1, 3, 5], createdAt: T0, updatedAt: T0 });
      expect(await store.getSubscription('C0DIGEST')).toEqual(saved);
      expect(await store.getSubscription('C0NONE')).toBeUndefined();
    });

    it('replaces a subscription on edit, keeping when it was first created', async () => {
      const store = await open();
      await store.upsertSubscription(subscriptionInput());
      // Every field a user can edit, each changed.
      const changes = {
        configuredBy: 'U0EDITOR',
        indexIds: ['vec-9'],
        localTime: '17:05',
        timeZone: 'America/New_York',
        days: [0, 6],
        includeAccounts: false,
        includeRequests: true,
        period: '7d',
        nextRunAt: T0 + 5 * HOUR,
      };
      const edited = await store.upsertSubscription(subscriptionInput({ ...changes, at: T0 + HOUR }));
      expect(edited).toEqual({ channelId: 'C0DIGEST', ...changes, createdAt: T0, updatedAt: T0 + HOUR });
      expect(await store.listSubscriptions()).toEqual([edited]);
    });

    it('lists all subscriptions by channel and deletes one', async () => {
      const store = await open();
      await store.upsertSubscription(subscriptionInput({ channelId: 'C0B' }));
      await store.upsertSubscription(subscriptionInput({ channelId: 'C0A' }));
      await store.upsertSubscription(subscriptionInput({ channelId: 'C0C' }));
      expect((await store.listSubscriptions()).map((s) => s.channelId)).toEqual(['C0A', 'C0B', 'C0C']);

      expect(await store.deleteSubscription('C0B')).toBe(true);
      expect(await store.deleteSubscription('C0B')).toBe(false);
      expect(await store.getSubscription('C0B')).toBeUndefined();
      expect((await store.listSubscriptions()).map((s) => s.channelId)).toEqual(['C0A', 'C0C']);
    });

    it('lists the subscribed channels, and only the subscriptions of the channels asked for', async () => {
      const store = await open();
      for (const channelId of ['C0B', 'C0A', 'C0C'])
        await store.upsertSubscription(subscriptionInput({ channelId }));
      expect(await store.listSubscribedChannels()).toEqual(['C0A', 'C0B', 'C0C']);
      expect((await store.listSubscriptions(['C0C', 'C0A', 'C0GONE'])).map((s) => s.channelId)).toEqual([
        'C0A',
        'C0C',
      ]);
      expect(await store.listSubscriptions([])).toEqual([]);
    });

    it('finds due subscriptions, most overdue first, up to a limit', async () => {
      const store = await open();
      await store.upsertSubscription(subscriptionInput({ channelId: 'C0LATER', nextRunAt: T0 + 3 * HOUR }));
      await store.upsertSubscription(subscriptionInput({ channelId: 'C0FIRST', nextRunAt: T0 + HOUR }));
      await store.upsertSubscription(subscriptionInput({ channelId: 'C0SECOND', nextRunAt: T0 + 2 * HOUR }));
      const due = async (now: number, limit: number) =>
        (await store.listDueSubscriptions(now, limit)).map((s) => s.channelId);

      expect(await due(T0, 10)).toEqual([]);
      expect(await due(T0 + 2 * HOUR, 10)).toEqual(['C0FIRST', 'C0SECOND']);
      expect(await due(T0 + 5 * HOUR, 2)).toEqual(['C0FIRST', 'C0SECOND']);
    });

    it('advances the next run, and only if it is still the expected one when asked', async () => {
      const store = await open();
      await store.upsertSubscription(subscriptionInput({ nextRunAt: T0 + HOUR }));

      expect(await store.advanceSubscription('C0DIGEST', T0 + 25 * HOUR, T0 + HOUR)).toBe(true);
      expect((await store.getSubscription('C0DIGEST'))?.nextRunAt).toBe(T0 + 25 * HOUR);
      expect(await store.listDueSubscriptions(T0 + 2 * HOUR, 10)).toEqual([]);

      // The user changed the schedule meanwhile: the scheduler's stale advance must not undo it.
      expect(await store.advanceSubscription('C0DIGEST', T0 + 99 * HOUR, T0 + HOUR)).toBe(false);
      expect((await store.getSubscription('C0DIGEST'))?.nextRunAt).toBe(T0 + 25 * HOUR);

      expect(await store.advanceSubscription('C0DIGEST', T0 + 49 * HOUR)).toBe(true);
      expect((await store.getSubscription('C0DIGEST'))?.nextRunAt).toBe(T0 + 49 * HOUR);
      expect(await store.advanceSubscription('C0NONE', T0)).toBe(false);
    });

    it('refuses a subscription it could not schedule', async () => {
      const store = await open();
      for (const bad of [
        subscriptionInput({ localTime: '25:00' }),
        subscriptionInput({ localTime: '9:30' }),
        subscriptionInput({ days: [] }),
        subscriptionInput({ days: [7] }),
        subscriptionInput({ indexIds: [] }),
      ]) {
        await expect(store.upsertSubscription(bad)).rejects.toBeInstanceOf(InvalidStoreInputError);
      }
      expect(await store.listSubscriptions()).toEqual([]);
    });
  });
}
