import { randomUUID } from 'node:crypto';
import { SEARCH_PLANS, SEARCH_REGIONS } from '../../api/schemas.ts';
import { fakeSecret } from './random.ts';
import { formatApiTimestamp } from './stats.ts';
import type { WireSearchIndex } from './wire.ts';

export type CreateValidation =
  | { ok: true; name: string; region: string; type: 'free' | 'payg' }
  | { ok: false; error: string };

/** The simulator's reading of spec 4.1; the error texts are its own (the spec shows none). */
export function validateCreateBody(body: unknown): CreateValidation {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return { ok: false, error: 'request body must be a JSON object' };
  }
  const { name, region, type } = body as Record<string, unknown>;
  if (typeof name !== 'string' || name.trim() === '') return { ok: false, error: 'name is required' };
  if (typeof region !== 'string' || !(SEARCH_REGIONS as readonly string[]).includes(region)) {
    return { ok: false, error: `region must be one of ${SEARCH_REGIONS.join(', ')}` };
  }
  if (typeof type !== 'string' || !(SEARCH_PLANS as readonly string[]).includes(type)) {
    return { ok: false, error: `type must be one of ${SEARCH_PLANS.join(', ')}` };
  }
  // Spec 4.1: fixed is in the enum, but only free and payg are currently available.
  if (type === 'fixed') return { ok: false, error: 'fixed plan is not currently available' };
  return { ok: true, name, region, type: type as 'free' | 'payg' };
}

const PLAN_LIMITS = {
  free: {
    max_vector_count: 10_000,
    max_monthly_reranks: 100,
    max_daily_updates: 10_000,
    max_daily_queries: 10_000,
    max_monthly_bandwidth: 10_737_418_240,
    max_writes_per_second: 1_000,
    max_query_per_second: 1_000,
    max_reads_per_request: 100,
    max_writes_per_request: 100,
  },
  // Pay-as-you-go: -1 (unlimited) for the four limits where the spec allows it.
  payg: {
    max_vector_count: 100_000_000,
    max_monthly_reranks: -1,
    max_daily_updates: -1,
    max_daily_queries: -1,
    max_monthly_bandwidth: -1,
    max_writes_per_second: 10_000,
    max_query_per_second: 10_000,
    max_reads_per_request: 1_000,
    max_writes_per_request: 1_000,
  },
} as const;

function slug(name: string): string {
  const s = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return s === '' ? 'index' : s;
}

/** A freshly created index record (spec 2.2) with new secrets and an idle last hour of throughput. */
export function makeSearchIndexRecord(
  input: { name: string; region: string; type: 'free' | 'payg' },
  customerId: string,
  now: number,
): WireSearchIndex {
  const lastMinute = Math.floor(now / 60_000) * 60_000;
  return {
    customer_id: customerId,
    id: randomUUID(),
    name: input.name,
    endpoint: `https://${slug(input.name)}-${input.region}-search.example.net`,
    type: input.type,
    region: input.region,
    partner_email: '',
    token: fakeSecret('search-token'),
    read_only_token: fakeSecret('search-ro-token'),
    ...PLAN_LIMITS[input.type],
    creation_time: Math.floor(now / 1000),
    input_enrichment_enabled: false,
    throughput_vector: Array.from({ length: 60 }, (_, i) => {
      const at = lastMinute - (59 - i) * 60_000;
      return { x: formatApiTimestamp(at), at, y: 0 };
    }),
  };
}

/** The wire form: points are `{x, y}` (the client derives `at`). */
export function searchIndexToWire(record: WireSearchIndex): Record<string, unknown> {
  return { ...record, throughput_vector: record.throughput_vector.map(({ x, y }) => ({ x, y })) };
}
