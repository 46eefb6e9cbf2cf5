import { z } from 'zod';

// The spec's vocabulary (regions, plans, states, periods, series names) and the schemas of what
// opsbot sends. The records themselves are read by the tolerant readers in records.ts (policy and
// reasons in docs/management-api-decisions.md).

export const SEARCH_REGIONS = ['eu-west-1', 'us-central1'] as const;
export const SEARCH_PLANS = ['free', 'payg', 'fixed'] as const;
/** The spec lists `fixed` as allowed but says only these two are currently available. */
export const AVAILABLE_SEARCH_PLANS = ['free', 'payg'] as const;
export const MESSAGING_REGIONS = ['eu-central-1', 'us-east-1'] as const;
export const MESSAGING_PLANS = ['free', 'paid'] as const;
export const MESSAGING_STATES = ['active', 'passive'] as const;
export const MESSAGING_MODIFYING_STATES = ['suspended'] as const;
export const RESERVED_TYPES = [
  'messaging_fixed_1m',
  'messaging_fixed_10m',
  'messaging_fixed_100m',
  'messaging_fixed',
] as const;
export const ENTERPRISE_RESERVED_TYPE_PREFIX = 'enterprise:';
export const STATS_PERIODS = ['1h', '3h', '12h', '1d', '3d', '7d', '30d'] as const;
export const DEFAULT_STATS_PERIOD = '1h' satisfies StatsPeriod;

export type StatsPeriod = (typeof STATS_PERIODS)[number];

export function isStatsPeriod(value: unknown): value is StatsPeriod {
  return typeof value === 'string' && (STATS_PERIODS as readonly string[]).includes(value);
}

/** The 16 series of the statistics record, in the spec's order. */
export const SERIES_NAMES = [
  'daily_update_requests',
  'daily_query_requests',
  'daily_bandwidths',
  'query_throughput',
  'update_throughput',
  'query_latency_mean',
  'query_latency_99',
  'update_latency_mean',
  'update_latency_99',
  'embeds_latency_mean',
  'embeds_latency_99',
  'vector_count',
  'data_size',
  'daily_rerank_requests',
  'rerank_latency_mean',
  'rerank_latency_99',
] as const;

export type SeriesName = (typeof SERIES_NAMES)[number];

/** Series the API stamps with 9 fraction digits (spec 2.1: "9 digits for some daily series"). */
export const DAILY_SERIES_NAMES = [
  'daily_update_requests',
  'daily_query_requests',
  'daily_bandwidths',
  'daily_rerank_requests',
] as const satisfies readonly SeriesName[];

export const statsPeriodSchema = z.enum(STATS_PERIODS);

/** Body of `POST /v2/search`. Strict: this is what opsbot sends, not what the world sends back. */
export const createSearchIndexInputSchema = z.object({
  name: z.string().trim().min(1),
  region: z.enum(SEARCH_REGIONS),
  type: z.enum(SEARCH_PLANS),
});

export type CreateSearchIndexInput = z.infer<typeof createSearchIndexInputSchema>;

export type { MessagingAccount, SearchIndex, StatsScalar, VectorIndexStats } from './records.ts';
export type { Point } from './tolerant.ts';
