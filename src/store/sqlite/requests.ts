// Index requests and their audit trail on SQLite.
import type { DatabaseSync } from 'node:sqlite';
import { assertNoSecrets, fromStates } from '../guards.ts';
import { transitionValues } from '../rows.ts';
import { DEFAULT_EXPIRED_LIMIT, type RequestMethods } from '../store.ts';
import type { IndexRequest } from '../types.ts';
import { sqliteColumns, toAudit, toRequest } from './columns.ts';
import { immediate } from './db.ts';

export function requestMethods(db: DatabaseSync): RequestMethods {
  const insertRequest = db.prepare(`
    INSERT INTO index_requests
      (requester_id, requester_channel_id, name, region, plan, reason, state, created_at, expires_at, updated_at)
    VALUES (:requesterId, :requesterChannelId, :name, :region, :plan, :reason, 'pending', :createdAt, :expiresAt,
      :createdAt)
    RETURNING *`);
  const selectRequest = db.prepare('SELECT * FROM index_requests WHERE id = ?');
  const selectRecent = db.prepare(`
    SELECT * FROM index_requests
    WHERE (:states IS NULL OR state IN (SELECT value FROM json_each(:states)))
      AND (:requesterId IS NULL OR requester_id = :requesterId)
    ORDER BY id DESC
    LIMIT :limit`);
  const countPending = db.prepare(`
    SELECT COUNT(*) AS n FROM index_requests
    WHERE requester_id = :userId AND state = 'pending' AND (:now IS NULL OR expires_at > :now)`);
  const updateCard = db.prepare('UPDATE index_requests SET card_channel = ?, card_ts = ? WHERE id = ?');
  // The `state = :current` guard is redundant inside BEGIN IMMEDIATE; it keeps the statement safe
  // on its own should anyone ever call it outside that transaction.
  const updateState = db.prepare(`
    UPDATE index_requests SET
      state = :to, updated_at = :at, decided_by = :decidedBy, decision_comment = :decisionComment,
      result_index_id = :indexId, result_endpoint = :endpoint, result_region = :resultRegion,
      result_type = :resultType, result_creation_time = :creationTime, result_limits = :limits,
      failure_message = :failureMessage, outcome_unknown = :outcomeUnknown
    WHERE id = :id AND state = :current
    RETURNING *`);
  const insertAudit = db.prepare(
    'INSERT INTO request_audit (request_id, actor, from_state, to_state, at, note) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const selectAudit = db.prepare('SELECT * FROM request_audit WHERE request_id = ? ORDER BY id');
  const selectExpired = db.prepare(`
    SELECT * FROM index_requests WHERE state = 'pending' AND expires_at <= ?
    ORDER BY expires_at, id LIMIT ?`);

  const get = (id: number): IndexRequest | undefined => {
    const row = selectRequest.get(id);
    return row === undefined ? undefined : toRequest(row);
  };

  return {
    async createRequest(input) {
      assertNoSecrets(input);
      return immediate(db, () => {
        const row = insertRequest.get({
          requesterId: input.requesterId,
          requesterChannelId: input.requesterChannelId,
          name: input.name,
          region: input.region,
          plan: input.plan,
          reason: input.reason,
          createdAt: input.createdAt,
          expiresAt: input.expiresAt,
        });
        if (row === undefined) throw new Error('INSERT … RETURNING returned no row');
        const request = toRequest(row);
        insertAudit.run(request.id, input.requesterId, null, 'pending', input.createdAt, null);
        return request;
      });
    },

    async getRequest(id) {
      return get(id);
    },

    async listRecentRequests({ limit, states, requesterId }) {
      const rows = selectRecent.all({
        states: states === undefined ? null : JSON.stringify(states),
        requesterId: requesterId ?? null,
        limit,
      });
      return rows.map(toRequest);
    },

    async countPendingByRequester(userId, now) {
      const row = countPending.get({ userId, now: now ?? null });
      return row === undefined ? 0 : sqliteColumns.num(row, 'n');
    },

    async setRequestCard(id, card) {
      return Number(updateCard.run(card.channel, card.ts, id).changes) > 0;
    },

    async transitionRequest(id, input) {
      const from = fromStates(input);
      assertNoSecrets(input.patch);
      return immediate(db, () => {
        const current = get(id);
        if (current === undefined || !from.includes(current.state)) return { ok: false, current };
        const next = { ...current, ...input.patch };
        const values = transitionValues(next);
        const row = updateState.get({
          id,
          current: current.state,
          to: input.to,
          at: input.at,
          ...values,
          // node:sqlite binds no booleans; the column holds 0 or 1.
          outcomeUnknown: values.outcomeUnknown ? 1 : 0,
        });
        if (row === undefined) return { ok: false, current: get(id) };
        insertAudit.run(id, input.actor, current.state, input.to, input.at, input.note ?? null);
        return { ok: true, request: toRequest(row) };
      });
    },

    async listAudit(requestId) {
      return selectAudit.all(requestId).map(toAudit);
    },

    async listExpiredPending(now, limit = DEFAULT_EXPIRED_LIMIT) {
      return selectExpired.all(now, limit).map(toRequest);
    },
  };
}
