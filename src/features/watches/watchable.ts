// What a watch can watch: the latest point of each of the 16 series (the 1-hour period, minute
// resolution), or one of the statistics record's scalars. Units are the spec's where it states one;
// where it doesn't (latency, throughput) the number is the API's own, unit unstated.
import type { SeriesName, StatsScalar, VectorIndexStats } from '../../api/schemas.ts';
import { formatBytes, formatCount } from '../../render/format-numbers.ts';

export type MetricUnit = 'count' | 'bytes' | 'money' | 'measure';

export type Metric = {
  key: SeriesName | StatsScalar;
  label: string;
  source: 'series' | 'scalar';
  unit: MetricUnit;
};

const series = (key: SeriesName, label: string, unit: MetricUnit): Metric => ({
  key,
  label,
  source: 'series',
  unit,
});
const scalar = (key: StatsScalar, label: string, unit: MetricUnit): Metric => ({
  key,
  label,
  source: 'scalar',
  unit,
});

export const METRICS: readonly Metric[] = [
  scalar('monthly_cost', 'monthly cost', 'money'),
  scalar('pending_index_count', 'pending index operations', 'count'),
  scalar('current_vector_count', 'vectors', 'count'),
  scalar('storage_usage', 'storage used', 'bytes'),
  scalar('daily_query_count', 'queries today', 'count'),
  scalar('daily_update_count', 'updates today', 'count'),
  scalar('daily_rerank_count', 'reranks today', 'count'),
  scalar('monthly_query_count', 'queries this month', 'count'),
  scalar('monthly_update_count', 'updates this month', 'count'),
  scalar('monthly_rerank_count', 'reranks this month', 'count'),
  scalar('monthly_bandwidth_usage', 'bandwidth this month', 'bytes'),
  series('query_latency_99', 'p99 query latency', 'measure'),
  series('query_latency_mean', 'mean query latency', 'measure'),
  series('update_latency_99', 'p99 update latency', 'measure'),
  series('update_latency_mean', 'mean update latency', 'measure'),
  series('embeds_latency_99', 'p99 embedding latency', 'measure'),
  series('embeds_latency_mean', 'mean embedding latency', 'measure'),
  series('rerank_latency_99', 'p99 rerank latency', 'measure'),
  series('rerank_latency_mean', 'mean rerank latency', 'measure'),
  series('query_throughput', 'query throughput', 'measure'),
  series('update_throughput', 'update throughput', 'measure'),
  series('vector_count', 'vector count', 'count'),
  series('data_size', 'data size', 'bytes'),
  series('daily_query_requests', 'query requests per day', 'count'),
  series('daily_update_requests', 'update requests per day', 'count'),
  series('daily_rerank_requests', 'rerank requests per day', 'count'),
  series('daily_bandwidths', 'bandwidth per day', 'bytes'),
];

/** Short names people type, besides the API's own keys. */
const ALIASES: Record<string, Metric['key']> = {
  cost: 'monthly_cost',
  'p99-query-latency': 'query_latency_99',
  'query-latency': 'query_latency_mean',
  'p99-update-latency': 'update_latency_99',
  pending: 'pending_index_count',
  vectors: 'current_vector_count',
  storage: 'storage_usage',
};

export function findMetric(text: string): Metric | undefined {
  const wanted = text.trim().toLowerCase().replaceAll(' ', '-');
  const key = ALIASES[wanted] ?? wanted.replaceAll('-', '_');
  return METRICS.find((m) => m.key === key);
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
