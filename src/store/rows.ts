// What a stored row means, written once for both stores. Their SQL and drivers differ but a row's
// meaning does not, so each store passes in a ColumnReader for its driver's quirks. The mapping of
// a column is then written once and cannot drift between SQLite and PostgreSQL.
import { InvalidStoreInputError } from './guards.ts';
import type {
  AuditEntry,
  CreatedIndex,
  DigestRun,
  DigestRunStatus,
  DigestSubscription,
  IndexRequest,
  LimitsSummary,
  RequestState,
  Weekday,
} from './types.ts';

/** A result row as either driver returns it, keyed by column name. */
export type Row = Readonly<Record<string, unknown>>;

/** The kinds of column each driver hands back in its own shape. */
export type ColumnReader = {
  /** Integers (ids, counts, epoch ms) and the one float column. */
  num(row: Row, column: string): number;
  bool(row: Row, column: string): boolean;
  /** A JSON document or list, decoded; `null` for SQL NULL. */
  json(row: Row, column: string): unknown;
};

export function text(row: Row, column: string): string {
  const value = row[column];
  if (typeof value !== 'string') throw new Error(`column ${column}: expected text, got ${typeof value}`);
  return value;
}

export function textOrNull(row: Row, column: string): string | null {
  return isNull(row, column) ? null : text(row, column);
}

function isNull(row: Row, column: string): boolean {
  const value = row[column];
  return value === null || value === undefined;
}

export type RowMappers = {
  toRequest(row: Row): IndexRequest;
  toAudit(row: Row): AuditEntry;
  toSubscription(row: Row): DigestSubscription;
  toRun(row: Row): DigestRun;
};

export function rowMappers(read: ColumnReader): RowMappers {
  const numOrNull = (row: Row, column: string) => (isNull(row, column) ? null : read.num(row, column));

  const toResult = (row: Row): CreatedIndex | null => {
    const indexId = textOrNull(row, 'result_index_id');
    if (indexId === null) return null;
    return {
      indexId,
      endpoint: textOrNull(row, 'result_endpoint'),
      region: textOrNull(row, 'result_region'),
      type: textOrNull(row, 'result_type'),
      creationTime: numOrNull(row, 'result_creation_time'),
      limits: (read.json(row, 'result_limits') ?? {}) as LimitsSummary,
    };
  };

  return {
    toRequest(row) {
      const cardChannel = textOrNull(row, 'card_channel');
      const cardTs = textOrNull(row, 'card_ts');
      return {
        id: read.num(row, 'id'),
        requesterId: text(row, 'requester_id'),
        requesterChannelId: text(row, 'requester_channel_id'),
        name: text(row, 'name'),
        region: text(row, 'region'),
        plan: text(row, 'plan'),
        reason: text(row, 'reason'),
        state: text(row, 'state') as RequestState,
        createdAt: read.num(row, 'created_at'),
        expiresAt: read.num(row, 'expires_at'),
        updatedAt: read.num(row, 'updated_at'),
        decidedBy: textOrNull(row, 'decided_by'),
        decisionComment: textOrNull(row, 'decision_comment'),
        card: cardChannel !== null && cardTs !== null ? { channel: cardChannel, ts: cardTs } : null,
        result: toResult(row),
        failureMessage: textOrNull(row, 'failure_message'),
        outcomeUnknown: read.bool(row, 'outcome_unknown'),
      };
    },

    toAudit(row) {
      return {
        id: read.num(row, 'id'),
        requestId: read.num(row, 'request_id'),
        actor: text(row, 'actor'),
        from: textOrNull(row, 'from_state') as RequestState | null,
        to: text(row, 'to_state') as RequestState,
        at: read.num(row, 'at'),
        note: textOrNull(row, 'note'),
      };
    },

    toSubscription(row) {
      return {
        channelId: text(row, 'channel_id'),
        configuredBy: text(row, 'configured_by'),
        indexIds: read.json(row, 'index_ids') as string[],
        period: text(row, 'period'),
        localTime: text(row, 'local_time'),
        timeZone: text(row, 'time_zone'),
        days: read.json(row, 'days') as Weekday[],
        includeAccounts: read.bool(row, 'include_accounts'),
        includeRequests: read.bool(row, 'include_requests'),
        createdAt: read.num(row, 'created_at'),
        updatedAt: read.num(row, 'updated_at'),
        nextRunAt: read.num(row, 'next_run_at'),
      };
    },

    toRun(row) {
      return {
        channelId: text(row, 'channel_id'),
        localDate: text(row, 'local_date'),
        scheduledFor: read.num(row, 'scheduled_for'),
        status: text(row, 'status') as DigestRunStatus,
        leaseOwner: text(row, 'lease_owner'),
        leaseExpiresAt: read.num(row, 'lease_expires_at'),
        attempts: read.num(row, 'attempts'),
        startedAt: read.num(row, 'started_at'),
        finishedAt: numOrNull(row, 'finished_at'),
        messageTs: textOrNull(row, 'message_ts'),
        note: textOrNull(row, 'note'),
      };
    },
  };
}

/**
 * The values a transition writes besides the state, from the request as it will be. Both stores
 * write these same values and differ only in placeholders and in how a boolean is stored.
 */
export function transitionValues(next: IndexRequest) {
  const result = next.result;
  if (result !== null && result.creationTime !== null && !Number.isFinite(result.creationTime)) {
    throw new InvalidStoreInputError('result.creationTime must be a finite number');
  }
  return {
    decidedBy: next.decidedBy,
    decisionComment: next.decisionComment,
    indexId: result?.indexId ?? null,
    endpoint: result?.endpoint ?? null,
    resultRegion: result?.region ?? null,
    resultType: result?.type ?? null,
    creationTime: result?.creationTime ?? null,
    // JSON text for both: pg would send a JS array as a PostgreSQL array literal, not as JSON.
    limits: result === null ? null : JSON.stringify(result.limits),
    failureMessage: next.failureMessage,
    outcomeUnknown: next.outcomeUnknown,
  };
}
