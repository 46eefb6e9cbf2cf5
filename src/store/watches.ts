// Threshold watches, on either database. The state and the controls are JSON text on both.
import type { Db } from './db.ts';
import { assertNoSecrets, assertPositiveLease, checkWatch } from './guards.ts';
import { toWatch } from './rows.ts';
import type { WatchMethods } from './store.ts';
import type { WatchDefinition } from './types.ts';

const definitionColumns = (d: WatchDefinition) => ({
  channel_id: d.channelId,
  index_id: d.indexId,
  metric: d.metric,
  direction: d.direction,
  threshold: d.threshold,
  for_checks: d.forChecks,
  note: d.note,
});

export function watchMethods(db: Db): WatchMethods {
  // One statement leases the due watches, so of any number of processes asking at once each watch
  // goes to exactly one: PostgreSQL skips the rows another replica is leasing, SQLite runs one
  // writer at a time.
  const claim = `
    UPDATE watches SET lease_owner = :owner, lease_until = :until
    WHERE id IN (
      SELECT id FROM watches
      WHERE next_check_at <= :now AND (lease_until IS NULL OR lease_until <= :now)
      ORDER BY next_check_at, id LIMIT :limit${db.dialect.skipLocked})
    RETURNING *`;

  return {
    async createWatch(input) {
      checkWatch(input);
      assertNoSecrets(input);
      const row = await db.one(
        `INSERT INTO watches (channel_id, index_id, metric, direction, threshold, for_checks, note, created_by,
           created_at, state, controls, next_check_at)
         VALUES (:channel_id, :index_id, :metric, :direction, :threshold, :for_checks, :note, :created_by,
           :created_at, :state, :controls, :next_check_at)
         RETURNING *`,
        {
          ...definitionColumns(input),
          created_by: input.createdBy,
          created_at: input.createdAt,
          state: JSON.stringify(input.state),
          controls: JSON.stringify(input.controls),
          next_check_at: input.nextCheckAt,
        },
      );
      if (row === undefined) throw new Error('insert returned no row');
      return toWatch(row);
    },
    async getWatch(id) {
      const row = await db.one('SELECT * FROM watches WHERE id = :id', { id });
      return row === undefined ? undefined : toWatch(row);
    },
    async listWatches(channelId) {
      const rows = await db.all(
        `SELECT * FROM watches ${channelId === undefined ? '' : 'WHERE channel_id = :channel_id'} ORDER BY id`,
        { channel_id: channelId },
      );
      return rows.map(toWatch);
    },
    async deleteWatch(id) {
      const row = await db.one('DELETE FROM watches WHERE id = :id RETURNING *', { id });
      return row === undefined ? undefined : toWatch(row);
    },
    async claimDueWatches(now, owner, leaseMs, limit) {
      assertPositiveLease(leaseMs);
      const rows = await db.all(claim, { owner, until: now + leaseMs, now, limit });
      return rows.map(toWatch).sort((a, b) => a.nextCheckAt - b.nextCheckAt || a.id - b.id);
    },
    async saveWatchState(id, owner, state, nextCheckAt, keepLeaseUntil) {
      assertNoSecrets(state);
      // Released, or kept (the owner's, until then) while an alert is still pending.
      const lease =
        keepLeaseUntil === undefined ? 'lease_owner = NULL, lease_until = NULL' : 'lease_until = :keep';
      const changed = await db.run(
        `UPDATE watches SET state = :state, next_check_at = :next_check_at, ${lease}
         WHERE id = :id AND lease_owner = :owner`,
        { id, owner, state: JSON.stringify(state), next_check_at: nextCheckAt, keep: keepLeaseUntil },
      );
      return changed === 1;
    },
    async updateWatch(id, definition, state, nextCheckAt) {
      checkWatch(definition);
      assertNoSecrets(definition);
      const row = await db.one(
        `UPDATE watches SET channel_id = :channel_id, index_id = :index_id, metric = :metric,
           direction = :direction, threshold = :threshold, for_checks = :for_checks, note = :note,
           state = :state, next_check_at = :next_check_at, lease_owner = NULL, lease_until = NULL
         WHERE id = :id RETURNING *`,
        { id, ...definitionColumns(definition), state: JSON.stringify(state), next_check_at: nextCheckAt },
      );
      return row === undefined ? undefined : toWatch(row);
    },
    async setWatchControls(id, controls) {
      const changed = await db.run('UPDATE watches SET controls = :controls WHERE id = :id', {
        id,
        controls: JSON.stringify(controls),
      });
      return changed === 1;
    },
  };
}
