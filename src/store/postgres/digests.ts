// Digest subscriptions and runs on PostgreSQL.
import type { Clock } from '../../clock.ts';
import { assertLocalDate, assertNoSecrets, assertPositiveLease, normalizeDays } from '../guards.ts';
import type { DigestMethods } from '../store.ts';
import type { DigestRun } from '../types.ts';
import { toRun, toSubscription } from './columns.ts';
import type { Db } from './db.ts';

const UPSERT_SUBSCRIPTION = `
  INSERT INTO digest_subscriptions (channel_id, configured_by, index_ids, period, local_time, time_zone, days,
    include_accounts, include_requests, created_at, updated_at, next_run_at)
  VALUES ($1, $2, $3::text[], $4, $5, $6, $7::smallint[], $8, $9, $10, $10, $11)
  ON CONFLICT (channel_id) DO UPDATE SET
    configured_by = excluded.configured_by, index_ids = excluded.index_ids, period = excluded.period,
    local_time = excluded.local_time, time_zone = excluded.time_zone, days = excluded.days,
    include_accounts = excluded.include_accounts, include_requests = excluded.include_requests,
    updated_at = excluded.updated_at, next_run_at = excluded.next_run_at
  RETURNING *`;

// One statement decides the claim. A concurrent insert of the same (channel, day) waits for the
// first and then takes the conflict branch; the conflict branch locks the row and re-checks the
// condition on its latest version, so of any number of replicas exactly one gets a row back. The
// condition is the SQLite store's: a failed run, or a running one whose lease has run out.
const CLAIM_RUN = `
  INSERT INTO digest_runs AS run (channel_id, local_date, scheduled_for, status, lease_owner, lease_expires_at,
    attempts, started_at)
  VALUES ($1, $2, $3, 'running', $4, $5, 1, $6)
  ON CONFLICT (channel_id, local_date) DO UPDATE SET
    status = 'running', lease_owner = excluded.lease_owner, lease_expires_at = excluded.lease_expires_at,
    attempts = run.attempts + 1, started_at = excluded.started_at, finished_at = NULL, message_ts = NULL,
    note = NULL
  WHERE run.status = 'failed' OR (run.status = 'running' AND run.lease_expires_at <= excluded.started_at)
  RETURNING *`;

export function digestMethods(db: Db, clock: Clock): DigestMethods {
  const getRun = async (channelId: string, localDate: string): Promise<DigestRun | undefined> => {
    const rows = await db.query(
      'SELECT * FROM digest_runs WHERE channel_id = $1 AND local_date = $2',
      [channelId, localDate],
      true,
    );
    return rows[0] === undefined ? undefined : toRun(rows[0]);
  };

  return {
    async upsertSubscription(input) {
      assertNoSecrets(input);
      const days = normalizeDays(input);
      const rows = await db.query(UPSERT_SUBSCRIPTION, [
        input.channelId,
        input.configuredBy,
        [...input.indexIds],
        input.period,
        input.localTime,
        input.timeZone,
        days,
        input.includeAccounts,
        input.includeRequests,
        input.at ?? clock(),
        input.nextRunAt,
      ]);
      if (rows[0] === undefined) throw new Error('upsert … RETURNING returned no row');
      return toSubscription(rows[0]);
    },

    async getSubscription(channelId) {
      const rows = await db.query(
        'SELECT * FROM digest_subscriptions WHERE channel_id = $1',
        [channelId],
        true,
      );
      return rows[0] === undefined ? undefined : toSubscription(rows[0]);
    },

    async listSubscriptions() {
      // COLLATE "C": ordered by code point, as SQLite orders text, whatever the database's locale.
      const rows = await db.query(
        'SELECT * FROM digest_subscriptions ORDER BY channel_id COLLATE "C"',
        [],
        true,
      );
      return rows.map(toSubscription);
    },

    async deleteSubscription(channelId) {
      const rows = await db.query(
        'DELETE FROM digest_subscriptions WHERE channel_id = $1 RETURNING channel_id',
        [channelId],
      );
      return rows.length > 0;
    },

    // A plain read, also with several replicas: two of them may both see a subscription as due, and
    // the run claim (one per channel and day) decides which one posts.
    async listDueSubscriptions(now, limit) {
      const rows = await db.query(
        `SELECT * FROM digest_subscriptions WHERE next_run_at <= $1
         ORDER BY next_run_at, channel_id COLLATE "C" LIMIT $2`,
        [now, limit],
        true,
      );
      return rows.map(toSubscription);
    },

    async advanceSubscription(channelId, nextRunAt, expectedNextRunAt) {
      const rows = await db.query(
        `UPDATE digest_subscriptions SET next_run_at = $2
         WHERE channel_id = $1 AND ($3::bigint IS NULL OR next_run_at = $3)
         RETURNING channel_id`,
        [channelId, nextRunAt, expectedNextRunAt ?? null],
      );
      return rows.length > 0;
    },

    async claimDigestRun({ channelId, localDate, scheduledFor, owner, leaseMs, now }) {
      assertLocalDate(localDate);
      assertPositiveLease(leaseMs);
      const rows = await db.query(CLAIM_RUN, [channelId, localDate, scheduledFor, owner, now + leaseMs, now]);
      if (rows[0] !== undefined) return { claimed: true, run: toRun(rows[0]) };
      const existing = await getRun(channelId, localDate);
      if (existing === undefined) throw new Error('digest run vanished after a refused claim');
      return { claimed: false, run: existing };
    },

    async renewDigestRun(channelId, localDate, owner, leaseMs, now) {
      assertPositiveLease(leaseMs);
      const rows = await db.query(
        `UPDATE digest_runs SET lease_expires_at = $4
         WHERE channel_id = $1 AND local_date = $2 AND status = 'running' AND lease_owner = $3
         RETURNING channel_id`,
        [channelId, localDate, owner, now + leaseMs],
      );
      return rows.length > 0;
    },

    async completeDigestRun(channelId, localDate, owner, input) {
      const rows = await db.query(
        `UPDATE digest_runs SET status = $4, finished_at = $5, message_ts = $6, note = $7
         WHERE channel_id = $1 AND local_date = $2 AND status = 'running' AND lease_owner = $3
         RETURNING *`,
        [channelId, localDate, owner, input.status, input.at, input.messageTs ?? null, input.note ?? null],
      );
      if (rows[0] !== undefined) return { ok: true, run: toRun(rows[0]) };
      return { ok: false, run: await getRun(channelId, localDate) };
    },

    async listDigestRuns(channelId, limit) {
      const rows = await db.query(
        'SELECT * FROM digest_runs WHERE channel_id = $1 ORDER BY local_date COLLATE "C" DESC LIMIT $2',
        [channelId, limit],
        true,
      );
      return rows.map(toRun);
    },
  };
}
