// The three records opsbot reads, as tolerant readers (see tolerant.ts). Each names the fields it
// cannot do without, and why; everything else is `undefined` when the API didn't say.
import type { DriftLog } from './drift.ts';
import {
  ENTERPRISE_RESERVED_TYPE_PREFIX,
  MESSAGING_MODIFYING_STATES,
  MESSAGING_PLANS,
  MESSAGING_REGIONS,
  MESSAGING_STATES,
  RESERVED_TYPES,
  SEARCH_PLANS,
  SEARCH_REGIONS,
  SERIES_NAMES,
  type SeriesName,
} from './schemas.ts';
import { isObject, type Point, type Raw, RecordReader, type SecretHints } from './tolerant.ts';

/** A record opsbot read: the essential fields present, the rest possibly not reported. */
export type ReadResult<T> = { ok: true; value: T } | { ok: false; field: string; problem: string };

// --- search index (the answer to POST /v2/search) ---------------------------------------------------

const SEARCH_LIMIT_FIELDS = [
  'max_vector_count',
  'max_monthly_reranks',
  'max_daily_updates',
  'max_daily_queries',
  'max_monthly_bandwidth',
  'max_writes_per_second',
  'max_query_per_second',
  'max_reads_per_request',
  'max_writes_per_request',
] as const;

export type SearchIndex = {
  /** Essential: the index is told apart, and found in the console, by it. */
  id: string;
  /** Essential: the name the requester asked for, and what every message calls it. */
  name: string;
  customer_id?: string | undefined;
  endpoint?: string | undefined;
  type?: string | undefined;
  region?: string | undefined;
  partner_email?: string | undefined;
  creation_time?: number | undefined;
  input_enrichment_enabled?: boolean | undefined;
  throughput_vector: Point[];
  secretHints: SecretHints;
} & { [K in (typeof SEARCH_LIMIT_FIELDS)[number]]?: number | undefined };

export function readSearchIndex(raw: unknown, drift: DriftLog): ReadResult<SearchIndex> {
  if (!isObject(raw)) return { ok: false, field: '(record)', problem: 'not an object' };
  const r = new RecordReader(raw, 'search_index', drift);
  const id = r.string('id');
  const name = r.string('name');
  if (id === undefined || id === '') return { ok: false, field: 'id', problem: 'missing' };
  if (name === undefined || name === '') return { ok: false, field: 'name', problem: 'missing' };
  const index: SearchIndex = {
    id,
    name,
    customer_id: r.string('customer_id'),
    endpoint: r.string('endpoint'),
    type: r.oneOf('type', SEARCH_PLANS),
    region: r.oneOf('region', SEARCH_REGIONS),
    partner_email: r.string('partner_email'),
    creation_time: r.number('creation_time'),
    input_enrichment_enabled: r.boolean('input_enrichment_enabled'),
    throughput_vector: r.series('throughput_vector'),
    secretHints: r.hints,
  };
  for (const field of SEARCH_LIMIT_FIELDS) index[field] = r.number(field);
  r.finish();
  return { ok: true, value: index };
}

// --- messaging account (GET /v2/messaging/users, a list) -------------------------------------------

const ACCOUNT_NUMBER_FIELDS = [
  'last_plan_upgrade_time',
  'max_message_size',
  'max_requests_per_day',
  'max_requests_per_day_hard',
  'max_endpoints_per_topic',
  'max_requests_per_second',
  'max_dlq_size',
  'max_completion_tokens_per_day',
  'max_completion_tokens_per_minute',
  'max_completions_per_day',
  'max_completions_per_minute',
  'max_retries',
  'max_topics',
  'max_schedules',
  'max_events_size',
  'max_dlq_retention_time_milis',
  'max_delay',
  'max_parallelism',
  'max_global_parallelism',
  'max_queues',
  'retention',
  'timeout',
  'rate_limit',
  'reserved_price',
  'budget',
  'creation_time',
] as const;

type AccountNumberField = (typeof ACCOUNT_NUMBER_FIELDS)[number];

export type MessagingAccount = {
  /** Essential: without it two accounts can't be told apart (or paged through). */
  id: string;
  customer_id?: string | undefined;
  active?: boolean | undefined;
  state?: string | undefined;
  modifying_state?: string | undefined;
  type?: string | undefined;
  reserved_type?: string | undefined;
  prod_pack_enabled?: boolean | undefined;
  monitoring_enabled?: 'true' | 'false' | undefined;
  enterprise?: { enabled?: boolean | undefined } | undefined;
  region?: string | undefined;
  created_by?: string | undefined;
  secretHints: SecretHints;
} & { [K in AccountNumberField]?: number | undefined };

function readMessagingAccount(raw: unknown, drift: DriftLog): ReadResult<MessagingAccount> {
  if (!isObject(raw)) return { ok: false, field: '(record)', problem: 'not an object' };
  const r = new RecordReader(raw, 'messaging_account', drift);
  const id = r.string('id');
  if (id === undefined || id === '') return { ok: false, field: 'id', problem: 'missing' };
  const enterprise = r.object('enterprise', { optional: true });
  const account: MessagingAccount = {
    id,
    customer_id: r.string('customer_id'),
    active: r.boolean('active'),
    state: r.oneOf('state', MESSAGING_STATES),
    // Present only while an asynchronous change is applied.
    modifying_state: r.oneOf('modifying_state', MESSAGING_MODIFYING_STATES, { optional: true }),
    type: r.oneOf('type', MESSAGING_PLANS),
    reserved_type: r.oneOf('reserved_type', RESERVED_TYPES, {
      optional: true,
      // Spec 2.3: enterprise plans are `enterprise:<id>`, one per customer.
      alsoKnown: (v: string) => v.startsWith(ENTERPRISE_RESERVED_TYPE_PREFIX),
    }),
    prod_pack_enabled: r.boolean('prod_pack_enabled'),
    monitoring_enabled: r.booleanString('monitoring_enabled'),
    enterprise: enterprise === undefined ? undefined : readEnterprise(enterprise, drift),
    region: r.oneOf('region', MESSAGING_REGIONS),
    created_by: r.string('created_by'),
    secretHints: r.hints,
  };
  for (const field of ACCOUNT_NUMBER_FIELDS) account[field] = r.number(field);
  r.finish();
  return { ok: true, value: account };
}

function readEnterprise(raw: Raw, drift: DriftLog): { enabled?: boolean | undefined } {
  const r = new RecordReader(raw, 'messaging_account', drift);
  const enabled = r.boolean('enabled');
  return { enabled };
}

export type MessagingAccountList = {
  accounts: MessagingAccount[];
  /** Elements left out because even their essential fields couldn't be read (the log says why). */
  unreadable: number;
};

export function readMessagingAccountList(raw: unknown, drift: DriftLog): ReadResult<MessagingAccountList> {
  // Go marshals an empty slice as null: no accounts, not a broken answer.
  if (raw === null) return { ok: true, value: { accounts: [], unreadable: 0 } };
  if (!Array.isArray(raw)) return { ok: false, field: '(list)', problem: 'not a list' };
  const accounts: MessagingAccount[] = [];
  let unreadable = 0;
  raw.forEach((item, index) => {
    const read = readMessagingAccount(item, drift);
    if (read.ok) accounts.push(read.value);
    else {
      unreadable += 1;
      drift.unreadable('messaging_account', index, read.field, read.problem);
    }
  });
  return { ok: true, value: { accounts, unreadable } };
}

// --- vector index statistics ------------------------------------------------------------------------

const STATS_SCALARS = [
  'pending_index_count',
  'current_vector_count',
  'daily_query_count',
  'daily_update_count',
  'monthly_query_count',
  'monthly_update_count',
  'monthly_bandwidth_usage',
  'storage_usage',
  'monthly_cost',
  'daily_rerank_count',
  'monthly_rerank_count',
] as const;

export type StatsScalar = (typeof STATS_SCALARS)[number];

/** Nothing is essential beyond being an object: whatever arrived is worth showing. */
export type VectorIndexStats = { [K in StatsScalar]?: number | undefined } & {
  [K in SeriesName]: Point[];
} & { days: string[] };

export function readVectorIndexStats(raw: unknown, drift: DriftLog): ReadResult<VectorIndexStats> {
  if (!isObject(raw)) return { ok: false, field: '(record)', problem: 'not an object' };
  const r = new RecordReader(raw, 'vector_index_stats', drift);
  const stats = { days: r.strings('days', { optional: true }) } as VectorIndexStats;
  for (const field of STATS_SCALARS) stats[field] = r.number(field);
  // Spec 2.4 does not promise every series appears: a missing one is an empty chart, not drift.
  for (const name of SERIES_NAMES) stats[name] = r.series(name, { optional: true });
  r.finish();
  return { ok: true, value: stats };
}
