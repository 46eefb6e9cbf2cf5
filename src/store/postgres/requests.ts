// Index requests and their audit trail on PostgreSQL.
import type { PoolClient } from 'pg';
import { assertNoSecrets, fromStates } from '../guards.ts';
import { transitionValues } from '../rows.ts';
import { DEFAULT_EXPIRED_LIMIT, type RequestMethods } from '../store.ts';
import type { IndexRequest } from '../types.ts';
import { postgresColumns, toAudit, toRequest } from './columns.ts';
import type { Db } from './db.ts';

const INSERT_REQUEST = `
  INSERT INTO index_requests
    (requester_id, requester_channel_id, name, region, plan, reason, state, created_at, expires_at, updated_at)
  VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, $8, $7)
  RETURNING *`;
const INSERT_AUDIT =
  'INSERT INTO request_audit (request_id, actor, from_state, to_state, at, note) VALUES ($1, $2, $3, $4, $5, $6)';
// `state = ANY($2)` is the compare-and-set. The row is also locked first (SELECT … FOR UPDATE) so the
// audit entry can name the state it left and the patch applies to the row as it is now; a concurrent
// transition waits for the lock and then sees the new state.
const UPDATE_STATE = `
  UPDATE index_requests SET
    state = $3, updated_at = $4, decided_by = $5, decision_comment = $6,
    result_index_id = $7, result_endpoint = $8, result_region = $9, result_type = $10,
    result_creation_time = $11, result_limits = $12::json, failure_message = $13, outcome_unknown = $14
  WHERE id = $1 AND state = ANY($2::text[])
  RETURNING *`;

export function requestMethods(db: Db): RequestMethods {
  const get = async (id: number, client?: PoolClient): Promise<IndexRequest | undefined> => {
    const sql = `SELECT * FROM index_requests WHERE id = $1${client === undefined ? '' : ' FOR UPDATE'}`;
    const rows =
      client === undefined ? await db.query(sql, [id], true) : (await client.query(sql, [id])).rows;
    return rows[0] === undefined ? undefined : toRequest(rows[0]);
  };

  return {
    async createRequest(input) {
      assertNoSecrets(input);
      return db.transaction(async (client) => {
        const { rows } = await client.query(INSERT_REQUEST, [
          input.requesterId,
          input.requesterChannelId,
          input.name,
          input.region,
          input.plan,
          input.reason,
          input.createdAt,
          input.expiresAt,
        ]);
        if (rows[0] === undefined) throw new Error('INSERT … RETURNING returned no row');
        const request = toRequest(rows[0]);
        await client.query(INSERT_AUDIT, [
          request.id,
          input.requesterId,
          null,
          'pending',
          input.createdAt,
          null,
        ]);
        return request;
      });
    },

    async getRequest(id) {
      return get(id);
    },

    async listRecentRequests({ limit, states, requesterId }) {
      const rows = await db.query(
        `SELECT * FROM index_requests
         WHERE ($1::text[] IS NULL OR state = ANY($1::text[])) AND ($2::text IS NULL OR requester_id = $2)
         ORDER BY id DESC LIMIT $3`,
        [states === undefined ? null : [...states], requesterId ?? null, limit],
        true,
      );
      return rows.map(toRequest);
    },

    async countPendingByRequester(userId, now) {
      const rows = await db.query(
        `SELECT COUNT(*) AS n FROM index_requests
         WHERE requester_id = $1 AND state = 'pending' AND ($2::bigint IS NULL OR expires_at > $2)`,
        [userId, now ?? null],
        true,
      );
      return rows[0] === undefined ? 0 : postgresColumns.num(rows[0], 'n');
    },

    async setRequestCard(id, card) {
      const rows = await db.query(
        'UPDATE index_requests SET card_channel = $1, card_ts = $2 WHERE id = $3 RETURNING id',
        [card.channel, card.ts, id],
      );
      return rows.length > 0;
    },

    async transitionRequest(id, input) {
      const from = fromStates(input);
      assertNoSecrets(input.patch);
      return db.transaction(async (client) => {
        const current = await get(id, client);
        if (current === undefined || !from.includes(current.state)) return { ok: false, current };
        const next = { ...current, ...input.patch };
        const values = transitionValues(next);
        // In UPDATE_STATE's placeholder order.
        const { rows } = await client.query(UPDATE_STATE, [
          id,
          from,
          input.to,
          input.at,
          values.decidedBy,
          values.decisionComment,
          values.indexId,
          values.endpoint,
          values.resultRegion,
          values.resultType,
          values.creationTime,
          values.limits,
          values.failureMessage,
          values.outcomeUnknown,
        ]);
        if (rows[0] === undefined) return { ok: false, current: await get(id, client) };
        await client.query(INSERT_AUDIT, [
          id,
          input.actor,
          current.state,
          input.to,
          input.at,
          input.note ?? null,
        ]);
        return { ok: true, request: toRequest(rows[0]) };
      });
    },

    async listAudit(requestId) {
      const rows = await db.query(
        'SELECT * FROM request_audit WHERE request_id = $1 ORDER BY id',
        [requestId],
        true,
      );
      return rows.map(toAudit);
    },

    async listExpiredPending(now, limit = DEFAULT_EXPIRED_LIMIT) {
      const rows = await db.query(
        `SELECT * FROM index_requests WHERE state = 'pending' AND expires_at <= $1
         ORDER BY expires_at, id LIMIT $2`,
        [now, limit],
        true,
      );
      return rows.map(toRequest);
    },
  };
}
