// What a stored row means, written once for both databases: the drivers hand some columns back in
// different shapes, which `read` takes in, so the mapping of a column cannot drift between them.
import type {
  AuditEntry,
  CreatedIndex,
  DigestRun,
  DigestRunStatus,
  DigestSubscription,
  IndexKind,
  IndexNameChange,
  IndexRequest,
  KnownIndex,
  LimitsSummary,
  RequestState,
  Watch,
  WatchControls,
  WatchDirection,
  WatchNotify,
  WatchState,
  Weekday,
} from './types.ts';

/** A result row as either driver returns it, keyed by column name. */
export type Row = Readonly<Record<string, unknown>>;

/**
 * The columns whose shape depends on the driver, read into one shape. SQLite's STRICT tables give
 * integers as numbers, booleans as 0/1 and lists and documents as JSON text; pg gives bigint as text
 * (it will not guess that it fits a number), booleans as booleans, json and arrays decoded.
 */
export const read = {
  num(row: Row, column: string): number {
    const value = row[column];
    const n = typeof value === 'string' ? Number(value) : value;
    if (typeof n !== 'number' || Number.isNaN(n)) {
      throw new Error(`column ${column}: expected a number, got ${typeof value}`);
    }
    if (typeof value === 'string' && !Number.isSafeInteger(n)) {
      throw new Error(`column ${column}: ${value} does not fit a JavaScript number`);
    }
    return n;
  },
  bool(row: Row, column: string): boolean {
    const value = row[column];
    if (typeof value === 'boolean') return value;
    if (value === 0 || value === 1) return value === 1;
    throw new Error(`column ${column}: expected a boolean, got ${typeof value}`);
  },
  /** A JSON document or list, decoded; `null` for SQL NULL. */
  json(row: Row, column: string): unknown {
    const value = row[column];
    if (typeof value === 'string') return JSON.parse(value) as unknown;
    if (value === null || value === undefined) return null;
    if (typeof value !== 'object') throw new Error(`column ${column}: expected JSON, got ${typeof value}`);
    return value;
  },
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

export const numOrNull = (row: Row, column: string) => (isNull(row, column) ? null : read.num(row, column));

function toResult(row: Row): CreatedIndex | null {
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
}

export function toRequest(row: Row): IndexRequest {
  const cardChannel = textOrNull(row, 'card_channel');
  const cardTs = textOrNull(row, 'card_ts');
  return {
    id: read.num(row, 'id'),
    requesterId: text(row, 'requester_id'),
    onBehalfOf: textOrNull(row, 'on_behalf_of'),
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
}

export function toAudit(row: Row): AuditEntry {
  return {
    id: read.num(row, 'id'),
    requestId: read.num(row, 'request_id'),
    actor: text(row, 'actor'),
    from: textOrNull(row, 'from_state') as RequestState | null,
    to: text(row, 'to_state') as RequestState,
    at: read.num(row, 'at'),
    note: textOrNull(row, 'note'),
  };
}

export function toSubscription(row: Row): DigestSubscription {
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
}

export function toRun(row: Row): DigestRun {
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
}

export function toWatch(row: Row): Watch {
  return {
    id: read.num(row, 'id'),
    channelId: text(row, 'channel_id'),
    indexId: text(row, 'index_id'),
    metric: text(row, 'metric'),
    direction: text(row, 'direction') as WatchDirection,
    threshold: read.num(row, 'threshold'),
    forChecks: read.num(row, 'for_checks'),
    note: textOrNull(row, 'note'),
    createdBy: text(row, 'created_by'),
    createdAt: read.num(row, 'created_at'),
    // JSON text on both databases: each is written whole by one kind of writer (a check, a click).
    state: read.json(row, 'state') as WatchState,
    controls: read.json(row, 'controls') as WatchControls,
    nextCheckAt: read.num(row, 'next_check_at'),
    notify: read.json(row, 'notify') as WatchNotify,
    remindEveryMs: numOrNull(row, 'remind_every_ms'),
  };
}

export function toKnownIndex(row: Row): KnownIndex {
  return {
    id: text(row, 'id'),
    kind: text(row, 'kind') as IndexKind,
    name: textOrNull(row, 'name'),
    lastUsedAt:
      row.last_used_at === null || row.last_used_at === undefined ? null : read.num(row, 'last_used_at'),
    createdAt: read.num(row, 'created_at'),
  };
}

export function toNameChange(row: Row): IndexNameChange {
  return {
    indexId: text(row, 'index_id'),
    previous: textOrNull(row, 'previous'),
    name: textOrNull(row, 'name'),
    by: text(row, 'changed_by'),
    at: read.num(row, 'changed_at'),
  };
}
