// Digest subscriptions and runs on SQLite.
import type { DatabaseSync } from 'node:sqlite';
import type { Clock } from '../../clock.ts';
import { assertLocalDate, assertNoSecrets, assertPositiveLease, normalizeDays } from '../guards.ts';
import type { DigestMethods } from '../store.ts';
import type { DigestRun } from '../types.ts';
import { toRun, toSubscription } from './columns.ts';
import { immediate } from './db.ts';

export function digestMethods(db: DatabaseSync, clock: Clock): DigestMethods {
  const upsert = db.prepare(`
    INSERT INTO digest_subscriptions (channel_id, configured_by, index_ids, period, local_time, time_zone, days,
      include_accounts, include_requests, created_at, updated_at, next_run_at)
    VALUES (:channelId, :configuredBy, :indexIds, :period, :localTime, :timeZone, :days, :includeAccounts,
      :includeRequests, :at, :at, :nextRunAt)
    ON CONFLICT (channel_id) DO UPDATE SET
      configured_by = excluded.configured_by, index_ids = excluded.index_ids, period = excluded.period,
      local_time = excluded.local_time, time_zone = excluded.time_zone, days = excluded.days,
      include_accounts = excluded.include_accounts, include_requests = excluded.include_requests,
      updated_at = excluded.updated_at, next_run_at = excluded.next_run_at
    RETURNING *`);
  const selectSubscription = db.prepare('SELECT * FROM digest_subscriptions WHERE channel_id = ?');
  const selectSubscriptions = db.prepare('SELECT * FROM digest_subscriptions ORDER BY channel_id');
  const deleteOne = db.prepare('DELETE FROM digest_subscriptions WHERE channel_id = ?');
  const selectDue = db.prepare(
    'SELECT * FROM digest_subscriptions WHERE next_run_at <= ? ORDER BY next_run_at, channel_id LIMIT ?',
  );
  const advance = db.prepare(`
    UPDATE digest_subscriptions SET next_run_at = :nextRunAt
    WHERE channel_id = :channelId AND (:expected IS NULL OR next_run_at = :expected)`);

  const insertRun = db.prepare(`
    INSERT INTO digest_runs (channel_id, local_date, scheduled_for, status, lease_owner, lease_expires_at,
      attempts, started_at)
    VALUES (:channelId, :localDate, :scheduledFor, 'running', :owner, :leaseExpiresAt, 1, :now)
    ON CONFLICT (channel_id, local_date) DO NOTHING
    RETURNING *`);
  const selectRun = db.prepare('SELECT * FROM digest_runs WHERE channel_id = ? AND local_date = ?');
  // The same condition as the check in claimDigestRun, so the statement is safe on its own.
  const takeOver = db.prepare(`
    UPDATE digest_runs SET status = 'running', lease_owner = :owner, lease_expires_at = :leaseExpiresAt,
      attempts = attempts + 1, started_at = :now, finished_at = NULL, message_ts = NULL, note = NULL
    WHERE channel_id = :channelId AND local_date = :localDate
      AND (status = 'failed' OR (status = 'running' AND lease_expires_at <= :now))
    RETURNING *`);
  const renew = db.prepare(`
    UPDATE digest_runs SET lease_expires_at = :leaseExpiresAt
    WHERE channel_id = :channelId AND local_date = :localDate AND status = 'running' AND lease_owner = :owner`);
  const complete = db.prepare(`
    UPDATE digest_runs SET status = :status, finished_at = :at, message_ts = :messageTs, note = :note
    WHERE channel_id = :channelId AND local_date = :localDate AND status = 'running' AND lease_owner = :owner
    RETURNING *`);
  const selectRuns = db.prepare(
    'SELECT * FROM digest_runs WHERE channel_id = ? ORDER BY local_date DESC LIMIT ?',
  );

  const getRun = (channelId: string, localDate: string): DigestRun | undefined => {
    const row = selectRun.get(channelId, localDate);
    return row === undefined ? undefined : toRun(row);
  };

  return {
    async upsertSubscription(input) {
      assertNoSecrets(input);
      const days = normalizeDays(input);
      const row = upsert.get({
        channelId: input.channelId,
        configuredBy: input.configuredBy,
        indexIds: JSON.stringify(input.indexIds),
        period: input.period,
        localTime: input.localTime,
        timeZone: input.timeZone,
        days: JSON.stringify(days),
        includeAccounts: input.includeAccounts ? 1 : 0,
        includeRequests: input.includeRequests ? 1 : 0,
        at: input.at ?? clock(),
        nextRunAt: input.nextRunAt,
      });
      if (row === undefined) throw new Error('upsert … RETURNING returned no row');
      return toSubscription(row);
    },

    async getSubscription(channelId) {
      const row = selectSubscription.get(channelId);
      return row === undefined ? undefined : toSubscription(row);
    },

    async listSubscriptions() {
      return selectSubscriptions.all().map(toSubscription);
    },

    async deleteSubscription(channelId) {
      return Number(deleteOne.run(channelId).changes) > 0;
    },

    async listDueSubscriptions(now, limit) {
      return selectDue.all(now, limit).map(toSubscription);
    },

    async advanceSubscription(channelId, nextRunAt, expectedNextRunAt) {
      const result = advance.run({ channelId, nextRunAt, expected: expectedNextRunAt ?? null });
      return Number(result.changes) > 0;
    },

    async claimDigestRun({ channelId, localDate, scheduledFor, owner, leaseMs, now }) {
      assertLocalDate(localDate);
      assertPositiveLease(leaseMs);
      const leaseExpiresAt = now + leaseMs;
      return immediate(db, () => {
        const inserted = insertRun.get({ channelId, localDate, scheduledFor, owner, leaseExpiresAt, now });
        if (inserted !== undefined) return { claimed: true, run: toRun(inserted) };
        const taken = takeOver.get({ channelId, localDate, owner, leaseExpiresAt, now });
        if (taken !== undefined) return { claimed: true, run: toRun(taken) };
        const existing = getRun(channelId, localDate);
        if (existing === undefined) throw new Error('digest run vanished inside its transaction');
        return { claimed: false, run: existing };
      });
    },

    async renewDigestRun(channelId, localDate, owner, leaseMs, now) {
      assertPositiveLease(leaseMs);
      const result = renew.run({ channelId, localDate, owner, leaseExpiresAt: now + leaseMs });
      return Number(result.changes) > 0;
    },

    async completeDigestRun(channelId, localDate, owner, input) {
      const row = complete.get({
        channelId,
        localDate,
        owner,
        status: input.status,
        at: input.at,
        messageTs: input.messageTs ?? null,
        note: input.note ?? null,
      });
      if (row !== undefined) return { ok: true, run: toRun(row) };
      return { ok: false, run: getRun(channelId, localDate) };
    },

    async listDigestRuns(channelId, limit) {
      return selectRuns.all(channelId, limit).map(toRun);
    },
  };
}
