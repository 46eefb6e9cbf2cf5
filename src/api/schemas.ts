import { z } from 'zod';
import { parseApiTimestamp } from './timestamp.ts';

// Parsing policy (details and reasons in notes/api-decisions.md):
// - Records are loose objects: fields the spec doesn't name are kept (features read only an allowlist).
// - Enums the API may grow (region, plan, state) are open: known values are exported for display and
//   pickers, anything else is accepted as the string it is.
// - Numbers must be JSON numbers. Integer columns are not checked for integrality: JSON.parse already
//   rounds int64 values beyond 2^53, and a fractional limit is not worth failing a whole list over.
// - Where a field is missing and the spec says it is always there, the response is invalid.

/** A string enum that may grow: the known values still autocomplete, any other string is allowed. */
export type OpenEnum<T extends string> = T | (string & {});

function openEnum<const T extends readonly string[]>(_known: T): z.ZodType<OpenEnum<T[number]>, string> {
  return z.string() as z.ZodType<OpenEnum<T[number]>, string>;
}

const count = z.number();
const id = z.string().min(1);

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

export type SearchRegion = (typeof SEARCH_REGIONS)[number];
export type SearchPlan = (typeof SEARCH_PLANS)[number];
export type StatsPeriod = (typeof STATS_PERIODS)[number];

export function isStatsPeriod(value: unknown): value is StatsPeriod {
  return typeof value === 'string' && (STATS_PERIODS as readonly string[]).includes(value);
}

export const statsPeriodSchema = z.enum(STATS_PERIODS);

/** A time-series point with its timestamp parsed; `x` is kept verbatim for display and logs. */
export const pointSchema = z
  .object({
    x: z.string().transform((x, ctx) => {
      const at = parseApiTimestamp(x);
      if (at === undefined) {
        ctx.issues.push({
          code: 'custom',
          message: 'expected a timestamp like "YYYY-MM-DD HH:MM:SS.fff +0000 UTC"',
          input: x,
        });
        return z.NEVER;
      }
      return { x, at };
    }),
    y: z.number(),
  })
  .transform(({ x, y }) => ({ x: x.x, at: x.at, y }));

export type Point = z.infer<typeof pointSchema>;

/** The reference form of a series: its issues name the point and the field that is wrong. */
const carefulPoints = z.array(pointSchema);

/**
 * The points of one series. A 30-day answer has 3,840 of them, parsed on the event loop, and one
 * zod object schema per point cost ~6 ms per answer. A plain loop checks the common case (an array
 * of valid points) and builds the same output; anything else goes through `carefulPoints`, so what
 * it accepts and the issues it reports (which point, which field, what was expected) are unchanged.
 */
const points = z.unknown().transform((input, ctx): Point[] => {
  const fast = Array.isArray(input) ? validPoints(input) : undefined;
  if (fast !== undefined) return fast;
  const careful = carefulPoints.safeParse(input);
  if (careful.success) return careful.data;
  // Finished issues of the same library: zod keeps their path and message and prefixes the key.
  ctx.issues.push(...(careful.error.issues as z.core.$ZodRawIssue[]));
  return z.NEVER;
});

/** The points when each one is certainly what pointSchema accepts; undefined leaves it to pointSchema. */
function validPoints(input: readonly unknown[]): Point[] | undefined {
  const out: Point[] = new Array(input.length);
  for (let i = 0; i < input.length; i++) {
    const point = input[i];
    if (typeof point !== 'object' || point === null) return undefined;
    const { x, y } = point as { x?: unknown; y?: unknown };
    if (typeof x !== 'string' || typeof y !== 'number' || !Number.isFinite(y)) return undefined;
    const at = parseApiTimestamp(x);
    if (at === undefined) return undefined;
    out[i] = { x, at, y };
  }
  return out;
}

// Go marshals an empty slice as `null`; that is "no points", not a broken response.
const series = points.nullable().transform((v) => v ?? []);

export const searchIndexSchema = z.looseObject({
  customer_id: z.string(),
  id,
  name: z.string(),
  endpoint: z.string(),
  type: openEnum(SEARCH_PLANS),
  region: openEnum(SEARCH_REGIONS),
  partner_email: z.string(),
  token: z.string(),
  read_only_token: z.string(),
  max_vector_count: count,
  max_monthly_reranks: count,
  max_daily_updates: count,
  max_daily_queries: count,
  max_monthly_bandwidth: count,
  max_writes_per_second: count,
  max_query_per_second: count,
  max_reads_per_request: count,
  max_writes_per_request: count,
  creation_time: count,
  input_enrichment_enabled: z.boolean(),
  // Spec 2.2: "All fields appear" — absent is invalid, null is Go's empty slice.
  throughput_vector: series,
});

export type SearchIndex = z.infer<typeof searchIndexSchema>;

export const messagingAccountSchema = z.looseObject({
  customer_id: z.string(),
  id,
  password: z.string(),
  token: z.string(),
  active: z.boolean(),
  state: openEnum(MESSAGING_STATES),
  // Only present (and non-empty) while an asynchronous change is applied.
  modifying_state: openEnum(MESSAGING_MODIFYING_STATES).optional(),
  last_plan_upgrade_time: count,
  max_message_size: count,
  max_requests_per_day: count,
  max_requests_per_day_hard: count,
  max_endpoints_per_topic: count,
  max_requests_per_second: count,
  max_dlq_size: count,
  max_completion_tokens_per_day: count,
  max_completion_tokens_per_minute: count,
  max_completions_per_day: count,
  max_completions_per_minute: count,
  max_retries: count,
  max_topics: count,
  max_schedules: count,
  max_events_size: count,
  max_dlq_retention_time_milis: count,
  max_delay: count,
  max_parallelism: count,
  max_global_parallelism: count,
  max_queues: count,
  retention: count,
  timeout: count,
  rate_limit: count,
  type: openEnum(MESSAGING_PLANS),
  reserved_type: openEnum(RESERVED_TYPES).optional(),
  reserved_price: z.number(),
  prod_pack_enabled: z.boolean(),
  // Strict on purpose: the spec stresses it is the string, and a boolean here means the API changed.
  monitoring_enabled: z.enum(['true', 'false']),
  enterprise: z.looseObject({ enabled: z.boolean() }).optional(),
  region: openEnum(MESSAGING_REGIONS),
  budget: count,
  created_by: z.string(),
  creation_time: count,
});

export const messagingAccountListSchema = z.array(messagingAccountSchema);

export type MessagingAccount = z.infer<typeof messagingAccountSchema>;

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

// Spec 2.4 does not promise every field appears. Scalars are what the summary is built from, so a
// missing one is an invalid response. A series (or `days`, a list of labels) that is missing or null
// is treated as empty: a chart with no line is more useful than no stats at all.
const optionalSeries = series.optional().transform((v) => v ?? []);

const seriesShape = Object.fromEntries(SERIES_NAMES.map((name) => [name, optionalSeries])) as Record<
  SeriesName,
  typeof optionalSeries
>;

export const vectorIndexStatsSchema = z.looseObject({
  pending_index_count: count,
  current_vector_count: count,
  daily_query_count: count,
  daily_update_count: count,
  monthly_query_count: count,
  monthly_update_count: count,
  monthly_bandwidth_usage: count,
  storage_usage: count,
  monthly_cost: z.number(),
  daily_rerank_count: count,
  monthly_rerank_count: count,
  days: z
    .array(z.string())
    .nullish()
    .transform((v) => v ?? []),
  ...seriesShape,
});

export type VectorIndexStats = z.infer<typeof vectorIndexStatsSchema>;

/** Body of `POST /v2/search`. Strict: this is what opsbot sends, not what the world sends back. */
export const createSearchIndexInputSchema = z.object({
  name: z.string().trim().min(1),
  region: z.enum(SEARCH_REGIONS),
  type: z.enum(SEARCH_PLANS),
});

export type CreateSearchIndexInput = z.infer<typeof createSearchIndexInputSchema>;
