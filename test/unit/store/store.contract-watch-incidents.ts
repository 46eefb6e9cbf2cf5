// Who to notify, the reminder interval and the incident record of a watch: kept as written, the
// newest 20 incidents per watch, and the two compare-and-sets (acknowledge, claim a reminder) that
// let one click and one check win however many replicas try at once.
import { describe, expect, it } from 'vitest';
import type { NewIncident } from '../../../src/store/types.ts';
import { T0 } from '../../support/store-inputs.ts';
import type { ContractContext } from './store.contract.ts';
import { watchInput } from './store.contract-watches.ts';

const MIN = 60_000;

const incident = (watchId: number, overrides: Partial<NewIncident> = {}): NewIncident => ({
  watchId,
  firedAt: T0,
  direction: 'above',
  threshold: 250,
  worstValue: 300,
  worstAt: T0,
  nextReminderAt: T0 + 30 * MIN,
  ...overrides,
});

export function watchIncidentContract({ open }: ContractContext): void {
  describe('watch owners and incidents', () => {
    it('keeps who to notify and the reminder interval; 30 min and nobody when not given; an edit may keep them', async () => {
      const store = await open();
      const plain = await store.createWatch(watchInput());
      expect(plain).toMatchObject({ notify: { users: [], groups: [] }, remindEveryMs: 30 * MIN });
      const owned = await store.createWatch(
        watchInput({ notify: { users: ['U0BOB', 'U0ALICE'], groups: ['S0ONCALL'] }, remindEveryMs: null }),
      );
      expect(await store.getWatch(owned.id)).toMatchObject({
        notify: { users: ['U0BOB', 'U0ALICE'], groups: ['S0ONCALL'] },
        remindEveryMs: null,
      });
      const { state, ...definition } = watchInput({ threshold: 70 });
      const kept = await store.updateWatch(owned.id, definition, state, T0);
      expect(kept).toMatchObject({ threshold: 70, notify: { groups: ['S0ONCALL'] }, remindEveryMs: null });
      const changed = await store.updateWatch(
        owned.id,
        { ...definition, notify: { users: ['U0CAROL'], groups: [] }, remindEveryMs: 2 * 3_600_000 },
        state,
        T0,
      );
      expect(changed).toMatchObject({ notify: { users: ['U0CAROL'], groups: [] }, remindEveryMs: 7_200_000 });
    });

    it('records an incident from fire to resolve: worst value, acknowledgement, resolve', async () => {
      const store = await open();
      const w = await store.createWatch(watchInput());
      const opened = await store.openIncident(incident(w.id));
      expect(opened).toEqual({
        ...incident(w.id),
        id: expect.any(Number),
        acknowledgedBy: null,
        acknowledgedByName: null,
        acknowledgedAt: null,
        resolvedAt: null,
        remindedAt: null,
        reminders: 0,
      });
      expect(await store.setIncidentWorst(opened.id, 412.5, T0 + 5 * MIN)).toBe(true);
      const acked = await store.acknowledgeIncident(opened.id, 'U0BOB', 'bob', T0 + 12 * MIN);
      expect(acked).toMatchObject({
        acknowledgedBy: 'U0BOB',
        acknowledgedByName: 'bob',
        acknowledgedAt: T0 + 12 * MIN,
      });
      // A second click, by anyone, finds it taken; the record still names the first.
      expect(await store.acknowledgeIncident(opened.id, 'U0ALICE', 'alice', T0 + 13 * MIN)).toBeUndefined();
      const resolved = await store.resolveIncident(opened.id, T0 + 42 * MIN);
      expect(resolved).toMatchObject({
        worstValue: 412.5,
        worstAt: T0 + 5 * MIN,
        acknowledgedBy: 'U0BOB',
        resolvedAt: T0 + 42 * MIN,
        nextReminderAt: null,
      });
      expect(await store.resolveIncident(opened.id, T0 + 43 * MIN)).toBeUndefined();
      expect(await store.setIncidentWorst(opened.id, 999, T0 + 44 * MIN)).toBe(false);
      expect(await store.getIncident(opened.id)).toEqual(resolved);
      expect(await store.acknowledgeIncident(9_999, 'U0BOB', 'bob', T0)).toBeUndefined();
    });

    it('a reminder is claimed once per due time: the loser of the compare-and-set posts nothing', async () => {
      const store = await open();
      const w = await store.createWatch(watchInput());
      const opened = await store.openIncident(incident(w.id));
      const due = T0 + 30 * MIN;
      const claims = await Promise.all(
        ['a', 'b', 'c'].map(() => store.claimIncidentReminder(opened.id, due, due, due + 30 * MIN)),
      );
      expect(claims.filter(Boolean)).toHaveLength(1);
      expect(await store.getIncident(opened.id)).toMatchObject({
        remindedAt: due,
        nextReminderAt: due + 30 * MIN,
        reminders: 1,
      });
      // Acknowledged: no reminder can be claimed any more.
      await store.acknowledgeIncident(opened.id, 'U0BOB', 'bob', due + MIN);
      expect(
        await store.claimIncidentReminder(opened.id, due + 30 * MIN, due + 30 * MIN, due + 60 * MIN),
      ).toBe(false);
    });

    it('forgets an incident whose alert was never posted, once; the watch keeps its can’t-post flag', async () => {
      const store = await open();
      const w = await store.createWatch(watchInput());
      const kept = await store.openIncident(incident(w.id));
      const unseen = await store.openIncident(incident(w.id, { firedAt: T0 + MIN }));
      expect(await store.discardIncident(unseen.id)).toBe(true);
      expect(await store.discardIncident(unseen.id)).toBe(false);
      expect((await store.listIncidents(w.id)).map((i) => i.id)).toEqual([kept.id]);
      await store.claimDueWatches(T0, 'worker-a', 60_000, 10);
      const flagged = { ...w.state, cantPost: { code: 'is_archived', since: T0 } };
      expect(await store.saveWatchState(w.id, 'worker-a', flagged, T0 + 60 * MIN)).toBe(true);
      expect((await store.getWatch(w.id))?.state.cantPost).toEqual({ code: 'is_archived', since: T0 });
    });

    it('keeps a watch’s newest 20 incidents, lists each watch’s last one, and goes with the watch', async () => {
      const store = await open();
      const a = await store.createWatch(watchInput());
      const b = await store.createWatch(watchInput({ channelId: 'C0OTHER' }));
      const ids: number[] = [];
      for (let i = 0; i < 23; i++)
        ids.push((await store.openIncident(incident(a.id, { firedAt: T0 + i }))).id);
      const lastOfB = await store.openIncident(incident(b.id));
      const kept = await store.listIncidents(a.id);
      expect(kept.map((i) => i.id)).toEqual(ids.slice(3).reverse());
      expect((await store.lastIncidents('C0WATCH')).map((i) => i.id)).toEqual([ids.at(-1)]);
      expect((await store.lastIncidents()).map((i) => i.id)).toEqual([ids.at(-1), lastOfB.id]);
      // The first three were let go: asked for, they are not there.
      const asked = [lastOfB.id, ids[0] ?? 0, ids.at(-1) ?? 0, 999_999];
      expect((await store.getIncidents(asked)).map((i) => i.id)).toEqual([ids.at(-1), lastOfB.id]);
      expect(await store.getIncidents([])).toEqual([]);
      await store.deleteWatch(a.id);
      expect(await store.listIncidents(a.id)).toEqual([]);
      expect(await store.getIncident(ids.at(-1) ?? 0)).toBeUndefined();
    });
  });
}
