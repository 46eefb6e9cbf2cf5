// Digest subscriptions and runs, on either database.
import type { Clock } from '../clock.ts';
import type { Db } from './db.ts';
import { assertLocalDate, assertNoSecrets, assertPositiveLease, normalizeDays } from './guards.ts';
import { text, toRun, toSubscription } from './rows.ts';
import type { DigestMethods } from './store.ts';
import type { DigestRun } from './types.ts';

// The lists (index_ids, days) are arrays on PostgreSQL and JSON text on SQLite; the adapters bind
// a JS array as each keeps it.
const UPSERT_SUBSCRIPTION = `
  INSERT INTO digest_subscriptions (channel_id, configured_by, index_ids, period, local_time, time_zone, days,
    include_accounts, include_requests, created_at, updated_at, next_run_at)
  VALUES (:channel_id, :configured_by, :index_ids, :period, :local_time, :time_zone, :days, :include_accounts,
    :include_requests, :at, :at, :next_run_at)
  ON CONFLICT (channel_id) DO UPDATE SET
    configured_by = excluded.configured_by, index_ids = excluded.index_ids, period = excluded.period,
    local_time = excluded.local_time, time_zone = excluded.time_zone, days = excluded.days,
    include_accounts = excluded.include_accounts, include_requests = excluded.include_requests,
    updated_at = excluded.updated_at, next_run_at = excluded.next_run_at
  RETURNING *`;

// One statement decides the claim, on both databases. A concurrent insert of the same (channel,
// day) waits for the first and then takes the conflict branch, which re-checks the condition on the
// row as it now is (PostgreSQL locks it; SQLite has one writer at a time): of any number of
// processes exactly one gets a row back. Taken over: a failed run, or a running one whose lease ran out.
const CLAIM_RUN = `
  INSERT INTO digest_runs AS run (channel_id, local_date, scheduled_for, status, lease_owner, lease_expires_at,
    attempts, started_at)
  VALUES (:channel_id, :local_date, :scheduled_for, 'running', :owner, :lease_expires_at, 1, :now)
  ON CONFLICT (channel_id, local_date) DO UPDATE SET
    status = 'running', lease_owner = excluded.lease_owner, lease_expires_at = excluded.lease_expires_at,
    attempts = run.attempts + 1, started_at = excluded.started_at, finished_at = NULL, message_ts = NULL,
    note = NULL
  WHERE run.status = 'failed' OR (run.status = 'running' AND run.lease_expires_at <= excluded.started_at)
  RETURNING *`;

const RUN_HELD_BY = `channel_id = :channel_id AND local_date = :local_date AND status = 'running'
  AND lease_owner = :owner`;

export function digestMethods(db: Db, clock: Clock): DigestMethods {
  const { byCodePoint } = db.dialect;
  const getRun = async (channelId: string, localDate: string): Promise<DigestRun | undefined> => {
    const row = await db.one(
      'SELECT * FROM digest_runs WHERE channel_id = :channel_id AND local_date = :local_date',
      { channel_id: channelId, local_date: localDate },
    );
    return row === undefined ? undefined : toRun(row);
  };

  return {
    async upsertSubscription(input) {
      assertNoSecrets(input);
      const days = normalizeDays(input);
      const row = await db.one(UPSERT_SUBSCRIPTION, {
        channel_id: input.channelId,
        configured_by: input.configuredBy,
        index_ids: [...input.indexIds],
        period: input.period,
        local_time: input.localTime,
        time_zone: input.timeZone,
        days,
        include_accounts: input.includeAccounts,
        include_requests: input.includeRequests,
        at: input.at ?? clock(),
        next_run_at: input.nextRunAt,
      });
      if (row === undefined) throw new Error('upsert … RETURNING returned no row');
      return toSubscription(row);
    },

    async getSubscription(channelId) {
      const row = await db.one('SELECT * FROM digest_subscriptions WHERE channel_id = :channel_id', {
        channel_id: channelId,
      });
      return row === undefined ? undefined : toSubscription(row);
    },

    async listSubscriptions(channelIds) {
      const only = channelIds === undefined ? '' : `WHERE ${db.dialect.inList('channel_id', 'channel_ids')}`;
      const rows = await db.all(
        `SELECT * FROM digest_subscriptions ${only} ORDER BY channel_id${byCodePoint}`,
        {
          channel_ids: channelIds,
        },
      );
      return rows.map(toSubscription);
    },

    async listSubscribedChannels() {
      const rows = await db.all(
        `SELECT channel_id FROM digest_subscriptions ORDER BY channel_id${byCodePoint}`,
      );
      return rows.map((row) => text(row, 'channel_id'));
    },

    async deleteSubscription(channelId) {
      const deleted = await db.run('DELETE FROM digest_subscriptions WHERE channel_id = :channel_id', {
        channel_id: channelId,
      });
      return deleted > 0;
    },

    // A plain read, also with several replicas: two of them may both see a subscription as due, and
    // the run claim (one per channel and day) decides which one posts.
    async listDueSubscriptions(now, limit) {
      const rows = await db.all(
        `SELECT * FROM digest_subscriptions WHERE next_run_at <= :now
         ORDER BY next_run_at, channel_id${byCodePoint} LIMIT :limit`,
        { now, limit },
      );
      return rows.map(toSubscription);
    },

    async advanceSubscription(channelId, nextRunAt, expectedNextRunAt) {
      const changed = await db.run(
        `UPDATE digest_subscriptions SET next_run_at = :next_run_at WHERE channel_id = :channel_id
         ${expectedNextRunAt === undefined ? '' : 'AND next_run_at = :expected'}`,
        { channel_id: channelId, next_run_at: nextRunAt, expected: expectedNextRunAt },
      );
      return changed > 0;
    },

    async claimDigestRun({ channelId, localDate, scheduledFor, owner, leaseMs, now }) {
      assertLocalDate(localDate);
      assertPositiveLease(leaseMs);
      const row = await db.one(CLAIM_RUN, {
        channel_id: channelId,
        local_date: localDate,
        scheduled_for: scheduledFor,
        owner,
        lease_expires_at: now + leaseMs,
        now,
      });
      if (row !== undefined) return { claimed: true, run: toRun(row) };
      const existing = await getRun(channelId, localDate);
      if (existing === undefined) throw new Error('digest run vanished after a refused claim');
      return { claimed: false, run: existing };
    },

    async renewDigestRun(channelId, localDate, owner, leaseMs, now) {
      assertPositiveLease(leaseMs);
      const changed = await db.run(
        `UPDATE digest_runs SET lease_expires_at = :lease_expires_at WHERE ${RUN_HELD_BY}`,
        { channel_id: channelId, local_date: localDate, owner, lease_expires_at: now + leaseMs },
      );
      return changed > 0;
    },

    async completeDigestRun(channelId, localDate, owner, input) {
      const row = await db.one(
        `UPDATE digest_runs SET status = :status, finished_at = :at, message_ts = :message_ts, note = :note
         WHERE ${RUN_HELD_BY} RETURNING *`,
        {
          channel_id: channelId,
          local_date: localDate,
          owner,
          status: input.status,
          at: input.at,
          message_ts: input.messageTs ?? null,
          note: input.note ?? null,
        },
      );
      if (row !== undefined) return { ok: true, run: toRun(row) };
      return { ok: false, run: await getRun(channelId, localDate) };
    },

    async listDigestRuns(channelId, limit) {
      const rows = await db.all(
        `SELECT * FROM digest_runs WHERE channel_id = :channel_id
         ORDER BY local_date${byCodePoint} DESC LIMIT :limit`,
        { channel_id: channelId, limit },
      );
      return rows.map(toRun);
    },

    async listLastDigestRuns(channelIds) {
      // Driven by the subscriptions, each channel's newest day found through the runs' key, so the
      // cost follows the digests there are, not the days of runs kept.
      const only =
        channelIds === undefined ? '' : `WHERE ${db.dialect.inList('sub.channel_id', 'channel_ids')}`;
      const rows = await db.all(
        `SELECT run.* FROM digest_subscriptions sub JOIN digest_runs run ON run.channel_id = sub.channel_id
         AND run.local_date = (SELECT MAX(newest.local_date) FROM digest_runs newest
           WHERE newest.channel_id = sub.channel_id)
         ${only} ORDER BY run.channel_id${byCodePoint}`,
        { channel_ids: channelIds },
      );
      return rows.map(toRun);
    },
  };
}
