// Index requests and their audit trail, on either database.
import { type Db, lockScope } from './db.ts';
import { assertNoSecrets, CapReachedError, fromStates, InvalidStoreInputError } from './guards.ts';
import { read, toAudit, toRequest } from './rows.ts';
import { linkStepRunWithin } from './steps.ts';
import { DEFAULT_EXPIRED_LIMIT, type RequestMethods } from './store.ts';
import type {
  IndexRequest,
  NewIndexRequest,
  RequestCaps,
  RequestState,
  TransitionInput,
  TransitionResult,
} from './types.ts';

const INSERT_REQUEST = `
  INSERT INTO index_requests
    (requester_id, on_behalf_of, requester_channel_id, name, region, plan, reason, state, created_at,
     expires_at, updated_at, approvals_required)
  VALUES (:requester_id, :on_behalf_of, :requester_channel_id, :name, :region, :plan, :reason, 'pending',
    :created_at, :expires_at, :created_at, :approvals_required)
  RETURNING *`;
export const INSERT_AUDIT = `
  INSERT INTO request_audit (request_id, actor, from_state, to_state, at, note)
  VALUES (:request_id, :actor, :from_state, :to_state, :at, :note)`;
// The compare-and-set. The row was read under the transaction's lock (see transitionRequest), so
// `state = :current` cannot fail there; it keeps the statement safe on its own all the same.
const UPDATE_STATE = `
  UPDATE index_requests SET
    state = :to, updated_at = :at, decided_by = :decided_by, decision_comment = :decision_comment,
    result_index_id = :result_index_id, result_endpoint = :result_endpoint, result_region = :result_region,
    result_type = :result_type, result_creation_time = :result_creation_time, result_limits = :result_limits,
    failure_message = :failure_message, outcome_unknown = :outcome_unknown
  WHERE id = :id AND state = :current
  RETURNING *`;

/** The request as it is now; with `lock` (the dialect's forUpdate, inside a transaction) held until commit. */
export async function getRequestOn(on: Db, id: number, lock = ''): Promise<IndexRequest | undefined> {
  const row = await on.one(`SELECT * FROM index_requests WHERE id = :id${lock}`, { id });
  return row === undefined ? undefined : toRequest(row);
}

/** The compare-and-set and its audit entry, inside the caller's transaction `tx`. */
export async function transitionWithin(
  tx: Db,
  id: number,
  input: TransitionInput,
  from: readonly RequestState[] = fromStates(input),
): Promise<TransitionResult> {
  // Read under the lock, so the audit entry names the state left and the patch applies to the
  // row as it is now; a concurrent transition waits, then sees the new state.
  const current = await getRequestOn(tx, id, tx.dialect.forUpdate);
  if (current === undefined || !from.includes(current.state)) return { ok: false, current };
  const row = await tx.one(UPDATE_STATE, {
    id,
    current: current.state,
    to: input.to,
    at: input.at,
    ...transitionValues({ ...current, ...input.patch }),
  });
  if (row === undefined) return { ok: false, current: await getRequestOn(tx, id) };
  await tx.run(INSERT_AUDIT, {
    request_id: id,
    actor: input.actor,
    from_state: current.state,
    to_state: input.to,
    at: input.at,
    note: input.note ?? null,
  });
  return { ok: true, request: toRequest(row) };
}

const COUNT_PENDING = `
  SELECT COUNT(*) AS n FROM index_requests
  WHERE requester_id = :user_id AND state = 'pending' AND expires_at > :now`;
const COUNT_UNAPPROVED = `
  SELECT COUNT(*) AS n FROM index_requests
  WHERE requester_id = :user_id AND approvals_required = 0 AND created_at >= :since`;

/**
 * The requester's caps, counted under a lock on the requester (lockScope) in the insert's own
 * transaction: of two requests filed at once, on one replica or two, the second counts the first.
 */
async function checkRequestCaps(tx: Db, input: NewIndexRequest, caps: RequestCaps): Promise<void> {
  await lockScope(tx, `requester:${input.requesterId}`);
  const count = async (sql: string, params: Record<string, unknown>) =>
    read.num((await tx.one(sql, { user_id: input.requesterId, ...params })) ?? { n: 0 }, 'n');
  const pending = await count(COUNT_PENDING, { now: caps.now });
  if (pending >= caps.maxPending)
    throw new CapReachedError('pending_per_requester', pending, caps.maxPending);
  if (caps.unapproved === undefined || (input.approvalsRequired ?? 1) !== 0) return;
  const filed = await count(COUNT_UNAPPROVED, { since: caps.unapproved.since });
  if (filed >= caps.unapproved.max)
    throw new CapReachedError('unapproved_per_day', filed, caps.unapproved.max);
}

export function requestMethods(db: Db): RequestMethods {
  const get = (id: number) => getRequestOn(db, id);

  return {
    async createRequest(input) {
      assertNoSecrets(input);
      return db.transaction(async (tx) => {
        if (input.caps !== undefined) await checkRequestCaps(tx, input, input.caps);
        const row = await tx.one(INSERT_REQUEST, {
          requester_id: input.requesterId,
          on_behalf_of: input.onBehalfOf ?? null,
          requester_channel_id: input.requesterChannelId,
          name: input.name,
          region: input.region,
          plan: input.plan,
          reason: input.reason,
          created_at: input.createdAt,
          expires_at: input.expiresAt,
          approvals_required: input.approvalsRequired ?? 1,
        });
        if (row === undefined) throw new Error('INSERT … RETURNING returned no row');
        const request = toRequest(row);
        await tx.run(INSERT_AUDIT, {
          request_id: request.id,
          actor: input.requesterId,
          from_state: null,
          to_state: 'pending',
          at: input.createdAt,
          note: null,
        });
        if (input.stepExecutionId !== undefined)
          await linkStepRunWithin(tx, input.stepExecutionId, request.id, input.createdAt);
        return request;
      });
    },

    async getRequest(id) {
      return get(id);
    },

    async listRecentRequests({ limit, states, requesterId }) {
      // Conditions only for the filters asked for, each state its own parameter: one text for both
      // databases, where a nullable list parameter would need a dialect each.
      const params: Record<string, unknown> = { limit, requester_id: requesterId };
      const where: string[] = [];
      if (states !== undefined) {
        const names = states.map((state, i) => {
          params[`state_${i}`] = state;
          return `:state_${i}`;
        });
        where.push(names.length === 0 ? 'FALSE' : `state IN (${names.join(', ')})`);
      }
      if (requesterId !== undefined) where.push('requester_id = :requester_id');
      const rows = await db.all(
        `SELECT * FROM index_requests ${where.length === 0 ? '' : `WHERE ${where.join(' AND ')}`}
         ORDER BY id DESC LIMIT :limit`,
        params,
      );
      return rows.map(toRequest);
    },

    async countPendingByRequester(userId, now) {
      const row = await db.one(
        now === undefined
          ? `SELECT COUNT(*) AS n FROM index_requests WHERE requester_id = :user_id AND state = 'pending'`
          : COUNT_PENDING,
        { user_id: userId, now },
      );
      return row === undefined ? 0 : read.num(row, 'n');
    },

    async countUnapprovedByRequester(userId, since) {
      const row = await db.one(COUNT_UNAPPROVED, { user_id: userId, since });
      return row === undefined ? 0 : read.num(row, 'n');
    },

    async setRequestCard(id, card) {
      const changed = await db.run(
        'UPDATE index_requests SET card_channel = :channel, card_ts = :ts WHERE id = :id',
        { id, channel: card.channel, ts: card.ts },
      );
      return changed > 0;
    },

    async transitionRequest(id, input) {
      const from = fromStates(input);
      assertNoSecrets(input.patch);
      return db.transaction((tx) => transitionWithin(tx, id, input, from));
    },

    async listAudit(requestId) {
      const rows = await db.all('SELECT * FROM request_audit WHERE request_id = :id ORDER BY id', {
        id: requestId,
      });
      return rows.map(toAudit);
    },

    async listExpiredPending(now, limit = DEFAULT_EXPIRED_LIMIT) {
      const rows = await db.all(
        `SELECT * FROM index_requests WHERE state = 'pending' AND expires_at <= :now
         ORDER BY expires_at, id LIMIT :limit`,
        { now, limit },
      );
      return rows.map(toRequest);
    },
  };
}

/** The columns a transition writes besides the state, from the request as it will be. */
function transitionValues(next: IndexRequest) {
  const result = next.result;
  if (result !== null && result.creationTime !== null && !Number.isFinite(result.creationTime)) {
    throw new InvalidStoreInputError('result.creationTime must be a finite number');
  }
  return {
    decided_by: next.decidedBy,
    decision_comment: next.decisionComment,
    result_index_id: result?.indexId ?? null,
    result_endpoint: result?.endpoint ?? null,
    result_region: result?.region ?? null,
    result_type: result?.type ?? null,
    result_creation_time: result?.creationTime ?? null,
    // JSON text: pg would send a JS array as a PostgreSQL array literal, not as JSON.
    result_limits: result === null ? null : JSON.stringify(result.limits),
    failure_message: next.failureMessage,
    outcome_unknown: next.outcomeUnknown,
  };
}
