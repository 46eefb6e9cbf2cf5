import { SERIES_NAMES } from '../../api/schemas.ts';
import { makeMessagingAccounts } from './accounts.ts';
import { fakeSecret } from './random.ts';
import { formatApiTimestamp } from './stats.ts';

export type SimRoute = 'create' | 'accounts' | 'stats';

export type SimShape =
  /** A field opsbot reads but can do without, left out. */
  | 'missing-field'
  /** A number sent as a numeric string. */
  | 'wrong-type'
  /**
   * How a provider's records drift in the wild, all at once: fields missing or null, renamed,
   * typed differently (booleans as strings and back, floats for integers, numbers as strings), new
   * fields, and credential-looking fields the spec never named, carrying canary values.
   */
  | 'drifted'
  /** Beyond tolerance: accounts wrapped in an object, a created index without its id, stats in a list. */
  | 'unreadable'
  /** Accounts only: the first account without its id (the one element a reader must leave out). */
  | 'one-unreadable'
  | 'extra-fields'
  | 'unknown-enum'
  | 'empty-array'
  | 'huge-array';

export type SimFault =
  /** Answer with this status; `body` verbatim (default `{"error": "<reason>"}`), optional Retry-After. */
  | { status: number; body?: string; retryAfter?: string }
  /** 200 with the real body broken: a secret's opening quote dropped (or, with no secret, cut in half). */
  | { malformedJson: true }
  /** 200 with the real body bent out of shape (see `reshape`). */
  | { shape: SimShape }
  /** Accept the request and never answer; `sim.close()` tears the socket down. */
  | { hang: true }
  /** Answer normally after a delay. */
  | { latencyMs: number }
  /** Reset the TCP connection as soon as the request arrives. */
  | { resetConnection: true };

export interface FaultRule {
  route: SimRoute | '*';
  fault: SimFault;
  remaining: number;
}

/** The first armed rule for this route, spent by one use. */
export function takeFault(rules: FaultRule[], route: SimRoute): SimFault | undefined {
  const rule = rules.find((r) => (r.route === route || r.route === '*') && r.remaining > 0);
  if (!rule) return undefined;
  rule.remaining -= 1;
  return rule.fault;
}

export const HUGE_ARRAY_LENGTH = 5_000;
const HUGE_SERIES_LENGTH = 2_000;

type Json = Record<string, unknown>;

function points(n: number, stepMs: number, end: number) {
  return Array.from({ length: n }, (_, i) => ({
    x: formatApiTimestamp(end - (n - 1 - i) * stepMs),
    y: i % 97,
  }));
}

/**
 * Bend a correct response the way drifting or broken APIs do. What changes, per route:
 * - missing-field: create drops `max_vector_count`; accounts[0] drops `max_topics`; stats drops
 *   `current_vector_count`.
 * - wrong-type: a number sent as a numeric string (`max_daily_queries`, `max_requests_per_day`,
 *   `storage_usage`).
 * - extra-fields: fields the spec doesn't name, secret ones among them (kept by the client, never shown).
 * - unknown-enum: values outside the named ones (region, plan, state); stats has no enum, so it gets
 *   an unknown series name instead.
 * - empty-array: no accounts / every series and `days` empty / no throughput points.
 * - huge-array: 5000 accounts / 2000 points per series / 5000 throughput points.
 */
export function reshape(route: SimRoute, shape: SimShape, body: unknown, now: number): unknown {
  if (route === 'accounts') {
    const list = structuredClone(body) as Json[];
    const first = list[0];
    switch (shape) {
      case 'missing-field':
        if (first) delete first.max_topics;
        return list;
      case 'wrong-type':
        if (first) first.max_requests_per_day = String(first.max_requests_per_day);
        return list;
      case 'drifted':
        return list.map(driftAccount);
      case 'unreadable':
        return { users: list };
      case 'one-unreadable':
        if (first) delete first.id;
        return list;
      case 'extra-fields':
        return list.map((a) => ({
          ...a,
          read_only_password: fakeSecret('msg-ro-password'),
          internal_api_key: fakeSecret('msg-internal-key'),
          beta_features: { dlq_replay: true },
        }));
      case 'unknown-enum':
        if (first) Object.assign(first, { state: 'migrating', region: 'ap-southeast-1', type: 'team' });
        return list;
      case 'empty-array':
        return [];
      case 'huge-array':
        return makeMessagingAccounts(HUGE_ARRAY_LENGTH);
    }
  }
  const record = structuredClone(body) as Json;
  if (route === 'create') {
    switch (shape) {
      case 'missing-field':
        delete record.max_vector_count;
        return record;
      case 'wrong-type':
        return { ...record, max_daily_queries: String(record.max_daily_queries) };
      case 'drifted': {
        const { partner_email: _gone, max_vector_count: renamed, ...rest } = record;
        return {
          ...rest,
          max_vectors: renamed,
          creation_time: Number(record.creation_time) + 0.25,
          input_enrichment_enabled: 'false',
          endpoint: null,
          management_token: fakeSecret('search-mgmt-token'),
          dense_model: 'bge-m3',
        };
      }
      case 'unreadable':
      case 'one-unreadable':
        delete record.id;
        return record;
      case 'extra-fields':
        return {
          ...record,
          billing_secret: fakeSecret('search-billing-secret'),
          replicas: 3,
          tags: ['beta'],
        };
      case 'unknown-enum':
        return { ...record, region: 'ap-south-1', type: 'enterprise' };
      case 'empty-array':
        return { ...record, throughput_vector: [] };
      case 'huge-array':
        return { ...record, throughput_vector: points(HUGE_ARRAY_LENGTH, 60_000, now) };
    }
  }
  switch (shape) {
    case 'missing-field':
      delete record.current_vector_count;
      return record;
    case 'wrong-type':
      return { ...record, storage_usage: String(record.storage_usage) };
    case 'drifted': {
      const { monthly_cost: _gone, ...rest } = record;
      return {
        ...rest,
        pending_index_count: null,
        storage_usage: String(record.storage_usage),
        current_vector_count: Number(record.current_vector_count) + 0.5,
        query_latency_99: ((record.query_latency_99 as Json[]) ?? []).map((p, i) =>
          i === 0 ? { ...p, y: null } : p,
        ),
        read_write_token: fakeSecret('vec-rw-token'),
        index_dimension: 1024,
      };
    }
    case 'unreadable':
    case 'one-unreadable':
      return [record];
    case 'extra-fields':
      return {
        ...record,
        index_dimension: 768,
        similarity_function: 'COSINE',
        export_token: fakeSecret('vec-export'),
      };
    case 'unknown-enum':
      return { ...record, sparse_query_latency_mean: points(60, 60_000, now) };
    case 'empty-array':
      return { ...record, days: [], ...Object.fromEntries(SERIES_NAMES.map((n) => [n, []])) };
    case 'huge-array':
      return {
        ...record,
        ...Object.fromEntries(SERIES_NAMES.map((n) => [n, points(HUGE_SERIES_LENGTH, 60_000, now)])),
      };
  }
}

/**
 * One account as a provider's published examples shape it: no `password`, `monitoring_enabled` a
 * JSON boolean, a limit renamed, a float where an integer was, a null, and secrets nobody named.
 */
function driftAccount(account: Json, index: number): Json {
  const { password: _none, max_requests_per_day: renamed, ...rest } = account;
  return {
    ...rest,
    max_daily_requests: renamed,
    monitoring_enabled: index % 2 === 0,
    max_message_size: Number(account.max_message_size) + 0.5,
    budget: null,
    created_by: '',
    enterprise: '',
    read_only_token: fakeSecret('msg-ro-token'),
    signing_key: fakeSecret('msg-signing-key'),
    next_signing_key: fakeSecret('msg-next-signing-key'),
    usage_region: 'eu-central-1',
  };
}
