import { describe, expect, it } from 'vitest';
import { INITIAL_STATE, NO_CONTROLS } from '../../../src/features/watches/evaluate.ts';
import type { NewWatch, WatchState } from '../../../src/store/types.ts';
import { T0 } from '../../support/store-inputs.ts';
import type { ContractContext } from './store.contract.ts';

const LEASE = 60_000;

const FRESH: WatchState = INITIAL_STATE;

export function watchInput(overrides: Partial<NewWatch> = {}): NewWatch {
  return {
    channelId: 'C0WATCH',
    indexId: 'idx-1',
    metric: 'monthly_cost',
    direction: 'above',
    threshold: 50,
    forChecks: 3,
    note: 'page #search-oncall',
    createdBy: 'U0REQUESTER',
    createdAt: T0,
    state: FRESH,
    controls: NO_CONTROLS,
    nextCheckAt: T0,
    ...overrides,
  };
}

export function watchContract({ open, reopen, legacy }: ContractContext): void {
  describe('threshold watches', () => {
    it('keeps what was created, lists by channel oldest first, and removes returning the watch', async () => {
      const store = await open();
      const a = await store.createWatch(watchInput());
      const b = await store.createWatch(watchInput({ channelId: 'C0OTHER', threshold: 1.5 }));
      const c = await store.createWatch(watchInput({ note: null, direction: 'below' }));
      expect(a).toMatchObject({ ...watchInput(), id: expect.any(Number) });
      expect(await store.getWatch(b.id)).toEqual(b);
      expect((await store.listWatches('C0WATCH')).map((w) => w.id)).toEqual([a.id, c.id]);
      expect(await store.listWatches()).toHaveLength(3);
      expect(await store.deleteWatch(a.id)).toEqual(a);
      expect(await store.deleteWatch(a.id)).toBeUndefined();
      expect(await store.getWatch(a.id)).toBeUndefined();
    });

    it('reads only the watches that need attention: firing, or refused by their channel', async () => {
      const store = await open();
      await store.createWatch(watchInput());
      const firing = await store.createWatch(watchInput({ state: { ...FRESH, status: 'firing' } }));
      await store.createWatch(watchInput({ state: { ...FRESH, cantPost: null } }));
      const refused = await store.createWatch(
        watchInput({ state: { ...FRESH, cantPost: { code: 'not_in_channel', since: T0 } } }),
      );
      await store.createWatch(watchInput({ state: { ...FRESH, status: 'no_data' } }));
      const needing = await store.listFiringWatches();
      expect(needing).toEqual([firing, refused]);
      expect(needing).toEqual(
        (await store.listWatches()).filter((w) => w.state.status === 'firing' || w.state.cantPost != null),
      );
    });

    it('counts the watches needing attention per channel and reads the oldest trouble first, as filtered', async () => {
      const store = await open();
      const firingSince = (since: number) => ({ ...FRESH, status: 'firing' as const, incidentSince: since });
      const late = await store.createWatch(watchInput({ state: firingSince(T0 + 30) }));
      const early = await store.createWatch(watchInput({ channelId: 'C0B', state: firingSince(T0 + 10) }));
      const refused = await store.createWatch(
        watchInput({
          createdBy: 'U0OTHER',
          state: { ...FRESH, cantPost: { code: 'not_in_channel', since: T0 + 20 } },
        }),
      );
      await store.createWatch(watchInput({ channelId: 'C0B' }));
      expect(Object.fromEntries(await store.countFiringWatches())).toEqual({ C0WATCH: 2, C0B: 1 });
      expect(Object.fromEntries(await store.countFiringWatches('U0OTHER'))).toEqual({ C0WATCH: 1 });
      expect((await store.listFiringWatches()).map((w) => w.id)).toEqual([early.id, refused.id, late.id]);
      expect((await store.listFiringWatches({ channelIds: ['C0WATCH'] })).map((w) => w.id)).toEqual([
        refused.id,
        late.id,
      ]);
      expect(
        (await store.listFiringWatches({ createdBy: 'U0REQUESTER', limit: 1 })).map((w) => w.id),
      ).toEqual([early.id]);
      expect(await store.listFiringWatches({ channelIds: [] })).toEqual([]);
    });

    it('reads only the watches whose mute has ended, not the muted ones nor the rest', async () => {
      const store = await open();
      const mute = (until: number | null) => ({
        ...NO_CONTROLS,
        mutedBy: 'U0ALICE',
        mutedAt: T0,
        mutedUntil: until,
      });
      const [ended, endsNow, later, unmuted] = [
        await store.createWatch(watchInput()),
        await store.createWatch(watchInput()),
        await store.createWatch(watchInput()),
        await store.createWatch(watchInput()),
      ];
      await store.setWatchControls(ended.id, mute(T0 - 1));
      await store.setWatchControls(endsNow.id, mute(T0));
      await store.setWatchControls(later.id, mute(T0 + 3_600_000));
      expect((await store.listEndedMutes(T0)).map((w) => w.id)).toEqual([ended.id, endsNow.id]);
      expect((await store.listEndedMutes(T0 + 3_600_000)).map((w) => w.id)).toEqual([
        ended.id,
        endsNow.id,
        later.id,
      ]);
      expect((await store.listEndedMutes(T0)).map((w) => w.id)).not.toContain(unmuted.id);
    });

    it('counts the watches in each state: muted and snoozed first, then the last check’s status', async () => {
      const store = await open();
      const make = async (status: WatchState['status'], controls: Partial<typeof NO_CONTROLS> = {}) => {
        const w = await store.createWatch(watchInput({ state: { ...FRESH, status } }));
        if (Object.keys(controls).length > 0)
          await store.setWatchControls(w.id, { ...NO_CONTROLS, ...controls });
      };
      await make('ok');
      await make('firing');
      await make('firing');
      await make('no_data');
      await make('firing', { mutedBy: 'U0ALICE', mutedAt: T0, mutedUntil: T0 + 60_000 });
      await make('ok', { mutedBy: 'U0ALICE', mutedAt: T0, mutedUntil: T0 - 1 }); // ended: ok
      await make('firing', { snoozedBy: 'U0ALICE', snoozedUntil: T0 + 60_000 });
      await make('firing', { snoozedBy: 'U0ALICE', snoozedUntil: T0 - 1 }); // over: firing
      expect(Object.fromEntries(await store.countWatchStates(T0))).toEqual({
        ok: 2,
        firing: 3,
        no_data: 1,
        muted: 1,
        snoozed: 1,
      });
    });

    it('refuses a watch that could never be checked, and a state carrying a secret', async () => {
      const store = await open();
      await expect(store.createWatch(watchInput({ threshold: Number.NaN }))).rejects.toThrow(/threshold/);
      await expect(store.createWatch(watchInput({ forChecks: 0 }))).rejects.toThrow(/forChecks/);
      const w = await store.createWatch(watchInput());
      const [claimed] = await store.claimDueWatches(T0, 'worker-a', LEASE, 10);
      const secret = { ...FRESH, token: 'fake-token-0000' } as WatchState;
      await expect(store.saveWatchState(w.id, 'worker-a', secret, T0)).rejects.toThrow();
      expect(claimed?.id).toBe(w.id);
    });

    it('leases a due watch to one owner; its saved state releases it and sets the next check', async () => {
      const store = await open();
      const w = await store.createWatch(watchInput());
      await store.createWatch(watchInput({ nextCheckAt: T0 + 10_000 }));
      const first = await store.claimDueWatches(T0, 'worker-a', LEASE, 10);
      expect(first.map((x) => x.id)).toEqual([w.id]);
      expect(await store.claimDueWatches(T0, 'worker-b', LEASE, 10)).toEqual([]);
      const firing: WatchState = { ...FRESH, status: 'firing', breaches: 3, incidentSince: T0 };
      expect(await store.saveWatchState(w.id, 'worker-b', firing, T0 + 300_000)).toBe(false);
      expect(await store.saveWatchState(w.id, 'worker-a', firing, T0 + 300_000)).toBe(true);
      expect((await store.getWatch(w.id))?.state).toEqual(firing);
      // Not due again until its next check; then anyone may take it.
      expect(await store.claimDueWatches(T0 + 1, 'worker-b', LEASE, 10)).toHaveLength(0);
      expect((await store.claimDueWatches(T0 + 300_000, 'worker-b', LEASE, 10)).map((x) => x.id)).toContain(
        w.id,
      );
    });

    it('a lease that runs out (its owner died mid-check) is taken over', async () => {
      const store = await open();
      const w = await store.createWatch(watchInput());
      await store.claimDueWatches(T0, 'worker-a', LEASE, 10);
      expect(await store.claimDueWatches(T0 + LEASE - 1, 'worker-b', LEASE, 10)).toEqual([]);
      expect((await store.claimDueWatches(T0 + LEASE, 'worker-b', LEASE, 10)).map((x) => x.id)).toEqual([
        w.id,
      ]);
      expect(await store.saveWatchState(w.id, 'worker-a', FRESH, T0)).toBe(false);
    });

    it('a state saved with its lease kept (an alert on its way) stays leased', async () => {
      const store = await open();
      const w = await store.createWatch(watchInput());
      await store.claimDueWatches(T0, 'worker-a', LEASE, 10);
      const pending: WatchState = { ...FRESH, status: 'firing' };
      expect(await store.saveWatchState(w.id, 'worker-a', pending, T0, T0 + LEASE)).toBe(true);
      expect(await store.claimDueWatches(T0 + 1, 'worker-b', LEASE, 10)).toEqual([]);
      expect(await store.saveWatchState(w.id, 'worker-a', pending, T0 + 300_000)).toBe(true);
    });

    it('controls (snooze, mute) are written apart from the state: a check never undoes a click', async () => {
      const store = await open();
      const w = await store.createWatch(watchInput());
      await store.claimDueWatches(T0, 'worker-a', LEASE, 10);
      const snoozed = {
        ...NO_CONTROLS,
        snoozedUntil: T0 + 3_600_000,
        snoozedBy: 'U0ALICE',
        history: [{ action: 'snooze' as const, by: 'U0ALICE', at: T0, until: T0 + 3_600_000 }],
      };
      expect(await store.setWatchControls(w.id, snoozed)).toBe(true);
      await store.saveWatchState(w.id, 'worker-a', { ...FRESH, status: 'firing' }, T0 + 1);
      expect((await store.getWatch(w.id))?.controls).toEqual(snoozed);
      expect(await store.setWatchControls(9_999, snoozed)).toBe(false);
    });

    it('an edit changes the definition, starts the state afresh and drops a check’s lease', async () => {
      const store = await open();
      const w = await store.createWatch(watchInput());
      await store.claimDueWatches(T0, 'worker-a', LEASE, 10);
      const edited = await store.updateWatch(
        w.id,
        {
          channelId: 'C0WATCH',
          indexId: 'idx-9',
          metric: 'storage_usage',
          direction: 'below',
          threshold: 1e9,
          forChecks: 2,
          note: null,
        },
        FRESH,
        T0 + 5,
      );
      expect(edited).toMatchObject({
        id: w.id,
        indexId: 'idx-9',
        metric: 'storage_usage',
        threshold: 1e9,
        note: null,
        nextCheckAt: T0 + 5,
      });
      // The check that held the old watch can no longer save over the edit.
      expect(await store.saveWatchState(w.id, 'worker-a', { ...FRESH, status: 'firing' }, T0)).toBe(false);
      expect(await store.updateWatch(9_999, watchInput(), FRESH, T0)).toBeUndefined();
    });

    it.skipIf(reopen === undefined)('two stores on one database never lease the same watch', async () => {
      const a = await open();
      const b = await (reopen as NonNullable<typeof reopen>)(a);
      for (let i = 0; i < 20; i++) await a.createWatch(watchInput({ indexId: `idx-${i}` }));
      const [x, y] = await Promise.all([
        a.claimDueWatches(T0, 'replica-a', LEASE, 20),
        b.claimDueWatches(T0, 'replica-b', LEASE, 20),
      ]);
      const ids = [...x, ...y].map((w) => w.id);
      expect(ids).toHaveLength(20);
      expect(new Set(ids).size).toBe(20);
    });

    it.skipIf(legacy === undefined)(
      'migrating gives a mute of an older opsbot an end 7 days after the upgrade; others stay unmuted',
      async () => {
        const old = await (legacy as NonNullable<typeof legacy>)(6);
        const muted = JSON.stringify({ ...NO_CONTROLS, mutedBy: 'U0ALICE', mutedAt: T0 });
        for (const controls of [muted, JSON.stringify(NO_CONTROLS)])
          await old.exec(
            `INSERT INTO watches (channel_id, index_id, metric, direction, threshold, for_checks, created_by,
               created_at, state, controls, next_check_at)
             VALUES ('C0OLD', 'idx-1', 'monthly_cost', 'above', 50, 1, 'U0ALICE', ${T0},
               '${JSON.stringify(FRESH)}', '${controls}', ${T0})`,
          );
        const before = Date.now();
        const store = await old.open();
        const [wasMuted, never] = await store.listWatches('C0OLD');
        const week = 7 * 86_400_000;
        expect(wasMuted?.controls.mutedUntil).toBeGreaterThanOrEqual(before - 1_000 + week);
        expect(wasMuted?.controls.mutedUntil).toBeLessThanOrEqual(Date.now() + 1_000 + week);
        expect(wasMuted?.controls).toMatchObject({ mutedBy: 'U0ALICE', mutedAt: T0 });
        expect(never?.controls.mutedUntil ?? null).toBeNull();
      },
    );
  });
}
