// Threshold watches on SQLite.
import type { DatabaseSync } from 'node:sqlite';
import { assertNoSecrets, assertPositiveLease } from '../guards.ts';
import type { WatchMethods } from '../store.ts';
import type { Watch } from '../types.ts';
import { checkWatch, toWatch } from '../watch-rows.ts';
import { immediate } from './db.ts';

export function watchMethods(db: DatabaseSync): WatchMethods {
  const insert = db.prepare(`
    INSERT INTO watches (channel_id, index_id, metric, direction, threshold, for_checks, note, created_by,
      created_at, state, controls, next_check_at)
    VALUES (:channelId, :indexId, :metric, :direction, :threshold, :forChecks, :note, :createdBy, :createdAt,
      :state, :controls, :nextCheckAt)
    RETURNING *`);
  const selectOne = db.prepare('SELECT * FROM watches WHERE id = ?');
  const selectAll = db.prepare('SELECT * FROM watches ORDER BY id');
  const selectChannel = db.prepare('SELECT * FROM watches WHERE channel_id = ? ORDER BY id');
  const deleteOne = db.prepare('DELETE FROM watches WHERE id = ? RETURNING *');
  const selectDue = db.prepare(`
    SELECT id FROM watches WHERE next_check_at <= :now AND (lease_until IS NULL OR lease_until <= :now)
    ORDER BY next_check_at, id LIMIT :limit`);
  const lease = db.prepare(`
    UPDATE watches SET lease_owner = :owner, lease_until = :until
    WHERE id = :id AND next_check_at <= :now AND (lease_until IS NULL OR lease_until <= :now)
    RETURNING *`);
  const save = db.prepare(`
    UPDATE watches SET state = :state, next_check_at = :nextCheckAt,
      lease_owner = CASE WHEN :keep IS NULL THEN NULL ELSE lease_owner END,
      lease_until = :keep
    WHERE id = :id AND lease_owner = :owner`);
  const controls = db.prepare('UPDATE watches SET controls = :controls WHERE id = :id');
  const update = db.prepare(`
    UPDATE watches SET channel_id = :channelId, index_id = :indexId, metric = :metric, direction = :direction,
      threshold = :threshold, for_checks = :forChecks, note = :note, state = :state, next_check_at = :nextCheckAt,
      lease_owner = NULL, lease_until = NULL
    WHERE id = :id RETURNING *`);

  return {
    async createWatch(input) {
      checkWatch(input);
      assertNoSecrets(input);
      const row = insert.get({
        channelId: input.channelId,
        indexId: input.indexId,
        metric: input.metric,
        direction: input.direction,
        threshold: input.threshold,
        forChecks: input.forChecks,
        note: input.note,
        createdBy: input.createdBy,
        createdAt: input.createdAt,
        state: JSON.stringify(input.state),
        controls: JSON.stringify(input.controls),
        nextCheckAt: input.nextCheckAt,
      });
      if (row === undefined) throw new Error('insert returned no row');
      return toWatch(row);
    },
    async getWatch(id) {
      const row = selectOne.get(id);
      return row === undefined ? undefined : toWatch(row);
    },
    async listWatches(channelId) {
      return (channelId === undefined ? selectAll.all() : selectChannel.all(channelId)).map(toWatch);
    },
    async deleteWatch(id) {
      const row = deleteOne.get(id);
      return row === undefined ? undefined : toWatch(row);
    },
    async claimDueWatches(now, owner, leaseMs, limit) {
      assertPositiveLease(leaseMs);
      // One write transaction: another process sharing the file waits, then sees the leases.
      return immediate(db, () => {
        const claimed: Watch[] = [];
        for (const { id } of selectDue.all({ now, limit }) as Array<{ id: number }>) {
          const row = lease.get({ id, owner, until: now + leaseMs, now });
          if (row !== undefined) claimed.push(toWatch(row));
        }
        return claimed;
      });
    },
    async saveWatchState(id, owner, state, nextCheckAt, keepLeaseUntil) {
      assertNoSecrets(state);
      const result = save.run({
        id,
        owner,
        state: JSON.stringify(state),
        nextCheckAt,
        keep: keepLeaseUntil ?? null,
      });
      return Number(result.changes) === 1;
    },
    async updateWatch(id, d, state, nextCheckAt) {
      checkWatch(d);
      assertNoSecrets(d);
      const row = update.get({
        id,
        channelId: d.channelId,
        indexId: d.indexId,
        metric: d.metric,
        direction: d.direction,
        threshold: d.threshold,
        forChecks: d.forChecks,
        note: d.note,
        state: JSON.stringify(state),
        nextCheckAt,
      });
      return row === undefined ? undefined : toWatch(row);
    },
    async setWatchControls(id, value) {
      return Number(controls.run({ id, controls: JSON.stringify(value) }).changes) === 1;
    },
  };
}
