// Threshold watches on PostgreSQL.
import { assertNoSecrets, assertPositiveLease } from '../guards.ts';
import type { WatchMethods } from '../store.ts';
import { checkWatch, toWatch } from '../watch-rows.ts';
import type { Db } from './db.ts';

// One statement leases the due watches: rows another replica has locked are skipped, so of any
// number of replicas asking at once each watch goes to exactly one.
const CLAIM = `
  UPDATE watches SET lease_owner = $1, lease_until = $2
  WHERE id IN (
    SELECT id FROM watches
    WHERE next_check_at <= $3 AND (lease_until IS NULL OR lease_until <= $3)
    ORDER BY next_check_at, id LIMIT $4
    FOR UPDATE SKIP LOCKED)
  RETURNING *`;

export function watchMethods(db: Db): WatchMethods {
  return {
    async createWatch(input) {
      checkWatch(input);
      assertNoSecrets(input);
      const [row] = await db.query(
        `INSERT INTO watches (channel_id, index_id, metric, direction, threshold, for_checks, note, created_by,
           created_at, state, controls, next_check_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING *`,
        [
          input.channelId,
          input.indexId,
          input.metric,
          input.direction,
          input.threshold,
          input.forChecks,
          input.note,
          input.createdBy,
          input.createdAt,
          JSON.stringify(input.state),
          JSON.stringify(input.controls),
          input.nextCheckAt,
        ],
      );
      if (row === undefined) throw new Error('insert returned no row');
      return toWatch(row);
    },
    async getWatch(id) {
      const [row] = await db.query('SELECT * FROM watches WHERE id = $1', [id], true);
      return row === undefined ? undefined : toWatch(row);
    },
    async listWatches(channelId) {
      const rows =
        channelId === undefined
          ? await db.query('SELECT * FROM watches ORDER BY id', [], true)
          : await db.query('SELECT * FROM watches WHERE channel_id = $1 ORDER BY id', [channelId], true);
      return rows.map(toWatch);
    },
    async deleteWatch(id) {
      const [row] = await db.query('DELETE FROM watches WHERE id = $1 RETURNING *', [id]);
      return row === undefined ? undefined : toWatch(row);
    },
    async claimDueWatches(now, owner, leaseMs, limit) {
      assertPositiveLease(leaseMs);
      const rows = await db.query(CLAIM, [owner, now + leaseMs, now, limit]);
      return rows.map(toWatch).sort((a, b) => a.nextCheckAt - b.nextCheckAt || a.id - b.id);
    },
    async saveWatchState(id, owner, state, nextCheckAt, keepLeaseUntil) {
      assertNoSecrets(state);
      const rows = await db.query(
        `UPDATE watches SET state = $3, next_check_at = $4,
           lease_owner = CASE WHEN $5::bigint IS NULL THEN NULL ELSE lease_owner END, lease_until = $5::bigint
         WHERE id = $1 AND lease_owner = $2 RETURNING id`,
        [id, owner, JSON.stringify(state), nextCheckAt, keepLeaseUntil ?? null],
      );
      return rows.length === 1;
    },
    async updateWatch(id, d, state, nextCheckAt) {
      checkWatch(d);
      assertNoSecrets(d);
      const [row] = await db.query(
        `UPDATE watches SET channel_id = $2, index_id = $3, metric = $4, direction = $5, threshold = $6,
           for_checks = $7, note = $8, state = $9, next_check_at = $10, lease_owner = NULL, lease_until = NULL
         WHERE id = $1 RETURNING *`,
        [
          id,
          d.channelId,
          d.indexId,
          d.metric,
          d.direction,
          d.threshold,
          d.forChecks,
          d.note,
          JSON.stringify(state),
          nextCheckAt,
        ],
      );
      return row === undefined ? undefined : toWatch(row);
    },
    async setWatchControls(id, controls) {
      const rows = await db.query('UPDATE watches SET controls = $2 WHERE id = $1 RETURNING id', [
        id,
        JSON.stringify(controls),
      ]);
      return rows.length === 1;
    },
  };
}
