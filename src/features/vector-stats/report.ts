// The statistics record reduced to what the summary shows, built from an allowlist of fields:
// fields the API adds later (or a secret it starts echoing) never reach Slack.
import type { SeriesName, StatsPeriod, VectorIndexStats } from '../../api/index.ts';
import { formatBytes, formatCompact, formatCount } from '../../render/format-numbers.ts';
import { type SeriesSummary, sparkline, summarise } from './series-summary.ts';
import { timeRangeInWords } from './time-range.ts';

/** count: 1.2k; bytes: 3.4 GB; measure: a number of unstated unit (latency as reported, throughput). */
export type ValueKind = 'count' | 'bytes' | 'measure';

export type SeriesRow = {
  name: SeriesName;
  label: string;
  kind: ValueKind;
  summary: SeriesSummary | undefined;
  spark: string;
};

export type SeriesGroup = { title: string; rows: SeriesRow[] };

export type Counters = {
  currentVectors: number;
  pendingIndexOps: number;
  queriesToday: number;
  queriesMonth: number;
  updatesToday: number;
  updatesMonth: number;
  reranksToday: number;
  reranksMonth: number;
  bandwidthMonthBytes: number;
  storageBytes: number;
  monthlyCost: number;
};

export type StatsReport = {
  indexId: string;
  period: StatsPeriod;
  /** `last 7 days, 168-minute steps, 15 Nov 10:00 – 22 Nov 10:00 UTC`, from the data's own `x`. */
  timeRange: string;
  counters: Counters;
  groups: SeriesGroup[];
};

type RowSpec = readonly [SeriesName, string, ValueKind];

// Grouped as the PNG card groups them, so the text and the picture read in the same order.
const GROUPS: ReadonlyArray<{ title: string; rows: readonly RowSpec[] }> = [
  {
    title: 'Requests per day',
    rows: [
      ['daily_query_requests', 'Queries', 'count'],
      ['daily_update_requests', 'Updates', 'count'],
      ['daily_rerank_requests', 'Reranks', 'count'],
      ['daily_bandwidths', 'Bandwidth', 'bytes'],
    ],
  },
  {
    title: 'Throughput',
    rows: [
      ['query_throughput', 'Query', 'measure'],
      ['update_throughput', 'Update', 'measure'],
    ],
  },
  {
    // The spec does not state the latency unit; inventing "ms" would be a guess shown as fact.
    title: 'Latency (unit as reported by the API)',
    rows: [
      ['query_latency_mean', 'Query mean', 'measure'],
      ['query_latency_99', 'Query p99', 'measure'],
      ['update_latency_mean', 'Update mean', 'measure'],
      ['update_latency_99', 'Update p99', 'measure'],
      ['embeds_latency_mean', 'Embeddings mean', 'measure'],
      ['embeds_latency_99', 'Embeddings p99', 'measure'],
      ['rerank_latency_mean', 'Rerank mean', 'measure'],
      ['rerank_latency_99', 'Rerank p99', 'measure'],
    ],
  },
  {
    title: 'Size',
    rows: [
      ['vector_count', 'Vectors', 'count'],
      ['data_size', 'Data size', 'bytes'],
    ],
  },
];

export function formatValue(kind: ValueKind, value: number): string {
  if (kind === 'bytes') return formatBytes(value);
  if (kind === 'count') return formatCount(value);
  return formatCompact(value);
}

// The spec names no currency. Budgets on the same API are "in dollars" (spec 2.3), so the cost is
// shown in US dollars and the message says that this is an assumption.
const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export function formatCost(value: number): string {
  return Number.isFinite(value) ? USD.format(value) : '–';
}

function pointsOf(stats: VectorIndexStats, name: SeriesName): Array<{ at: number; y: number }> {
  const raw: unknown = stats[name];
  return Array.isArray(raw) ? (raw as Array<{ at: number; y: number }>) : [];
}

export function buildReport(indexId: string, period: StatsPeriod, stats: VectorIndexStats): StatsReport {
  const groups = GROUPS.map((group) => ({
    title: group.title,
    rows: group.rows.map(([name, label, kind]): SeriesRow => {
      const ys = pointsOf(stats, name).map((p) => p.y);
      return { name, label, kind, summary: summarise(ys), spark: sparkline(ys) };
    }),
  }));
  const allSeries = GROUPS.flatMap((g) => g.rows.map(([name]) => pointsOf(stats, name)));
  return {
    indexId,
    period,
    timeRange: timeRangeInWords(period, allSeries),
    counters: {
      currentVectors: stats.current_vector_count,
      pendingIndexOps: stats.pending_index_count,
      queriesToday: stats.daily_query_count,
      queriesMonth: stats.monthly_query_count,
      updatesToday: stats.daily_update_count,
      updatesMonth: stats.monthly_update_count,
      reranksToday: stats.daily_rerank_count,
      reranksMonth: stats.monthly_rerank_count,
      bandwidthMonthBytes: stats.monthly_bandwidth_usage,
      storageBytes: stats.storage_usage,
      monthlyCost: stats.monthly_cost,
    },
    groups,
  };
}
