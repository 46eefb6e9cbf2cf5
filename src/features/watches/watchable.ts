// What a watch can watch: the latest point of each of the 16 series (the 1-hour period, minute
// resolution), or one of the statistics record's scalars. Units are the spec's where it states one;
// where it doesn't (latency, throughput) the number is the API's own, unit unstated.
import type { SeriesName, StatsScalar, VectorIndexStats } from '../../api/schemas.ts';
import { formatBytes, formatCount } from '../../text/numbers.ts';

type MetricUnit = 'count' | 'bytes' | 'money' | 'measure';

/** How the unknown-metric answer groups the names, in this order. */
export const METRIC_GROUPS = ['cost and size', 'counts', 'latency', 'throughput'] as const;
type MetricGroup = (typeof METRIC_GROUPS)[number];

export type Metric = {
  key: SeriesName | StatsScalar;
  /** The one name people type and read: help, examples, confirmations, alerts, lists. */
  name: string;
  source: 'series' | 'scalar';
  unit: MetricUnit;
  group: MetricGroup;
};

const groupOf = (unit: MetricUnit, name: string): MetricGroup =>
  unit === 'money' || unit === 'bytes'
    ? 'cost and size'
    : unit === 'count'
      ? 'counts'
      : name.includes('latency')
        ? 'latency'
        : 'throughput';

/** The API's key written with hyphens, unless the name people use differs (`p99-query-latency`). */
const metric = (
  source: Metric['source'],
  key: Metric['key'],
  unit: MetricUnit,
  name = kebab(key),
): Metric => ({
  key,
  name,
  source,
  unit,
  group: groupOf(unit, name),
});
const scalar = (key: StatsScalar, unit: MetricUnit, name?: string) => metric('scalar', key, unit, name);
const series = (key: SeriesName, unit: MetricUnit, name?: string) => metric('series', key, unit, name);

function kebab(text: string): string {
  return text.replaceAll('_', '-');
}

export const METRICS: readonly Metric[] = [
  scalar('monthly_cost', 'money'),
  scalar('pending_index_count', 'count'),
  scalar('current_vector_count', 'count'),
  scalar('storage_usage', 'bytes'),
  scalar('daily_query_count', 'count'),
  scalar('daily_update_count', 'count'),
  scalar('daily_rerank_count', 'count'),
  scalar('monthly_query_count', 'count'),
  scalar('monthly_update_count', 'count'),
  scalar('monthly_rerank_count', 'count'),
  scalar('monthly_bandwidth_usage', 'bytes'),
  series('query_latency_99', 'measure', 'p99-query-latency'),
  series('query_latency_mean', 'measure', 'mean-query-latency'),
  series('update_latency_99', 'measure', 'p99-update-latency'),
  series('update_latency_mean', 'measure', 'mean-update-latency'),
  series('embeds_latency_99', 'measure', 'p99-embedding-latency'),
  series('embeds_latency_mean', 'measure', 'mean-embedding-latency'),
  series('rerank_latency_99', 'measure', 'p99-rerank-latency'),
  series('rerank_latency_mean', 'measure', 'mean-rerank-latency'),
  series('query_throughput', 'measure'),
  series('update_throughput', 'measure'),
  series('vector_count', 'count'),
  series('data_size', 'bytes'),
  series('daily_query_requests', 'count'),
  series('daily_update_requests', 'count'),
  series('daily_rerank_requests', 'count'),
  series('daily_bandwidths', 'bytes'),
];

/** Other spellings people type, kept working: short words, and the API's keys with `_` or `-`. */
const ALIASES: Record<string, Metric['key']> = {
  cost: 'monthly_cost',
  'query-latency': 'query_latency_mean',
  pending: 'pending_index_count',
  vectors: 'current_vector_count',
  storage: 'storage_usage',
};

/** The metric a typed word means: its name, an alias, the API's key (`query_latency_99`), any case. */
export function findMetric(text: string): Metric | undefined {
  const wanted = kebab(text.trim().toLowerCase().replaceAll(' ', '-'));
  const key = Object.hasOwn(ALIASES, wanted) ? ALIASES[wanted] : undefined;
  return METRICS.find((m) => m.name === wanted || kebab(m.key) === wanted || m.key === key);
}

/** Every name and spelling findMetric accepts, for guessing what a typo meant. */
export function metricSpellings(): string[] {
  return [...METRICS.map((m) => m.name), ...Object.keys(ALIASES)];
}

export function metricByKey(key: string): Metric | undefined {
  return METRICS.find((m) => m.key === key);
}

/** The metric's current value in a stats answer: a scalar, or the latest point of its series. */
export function currentValue(metric: Metric, stats: VectorIndexStats): number | undefined {
  if (metric.source === 'scalar') return stats[metric.key as StatsScalar];
  const points = stats[metric.key as SeriesName];
  return points.at(-1)?.y;
}

/** `$52.40`, `1.2 GB`, `10.4k`, `246` — the way a threshold and a value are shown side by side. */
export function formatMetricValue(metric: Metric, value: number): string {
  switch (metric.unit) {
    case 'money':
      return `$${value.toFixed(2)}`;
    case 'bytes':
      return formatBytes(value);
    case 'count':
      return formatCount(value);
    case 'measure':
      return Number.isInteger(value) ? String(value) : value.toPrecision(3);
  }
}
