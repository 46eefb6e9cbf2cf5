// The statistics record reduced to what the messages show, built from an allowlist of fields:
// fields the API adds later (or a secret it starts echoing) never reach Slack.
import type { SeriesName, StatsPeriod, VectorIndexStats } from '../api/index.ts';
import { NOT_REPORTED } from '../text/mrkdwn.ts';
import { formatTogether, formatValue, type ValueKind } from '../text/numbers.ts';
import { spanWords, UTC } from '../time/words.ts';
import {
  type CardData,
  cardDataOf,
  type DailySeriesName,
  dailySpan,
  headlineOf,
  isDailySeries,
} from './card-data.ts';
import type { DayBars } from './daily.ts';
import { EMPTY_INDEX, type Highlight, highlightsOfSeries, NOTHING_UNUSUAL } from './highlights.ts';
import { type SeriesSummary, sparkline, summarise } from './series-summary.ts';

export type SeriesRow = {
  name: SeriesName;
  label: string;
  kind: ValueKind;
  summary: SeriesSummary | undefined;
  /** Unicode sparkline: from zero for amounts, between min and max otherwise (as on the card). */
  spark: string;
  /** The per-day totals: one value per day, labelled. */
  days?: DayBars;
};

type SeriesGroup = { title: string; rows: SeriesRow[] };

/** The record's scalars. A field the API left out (or sent as null) is undefined: "not reported". */
type Counters = {
  /** The card's headline (the series' latest point), else the record's counter. */
  currentVectors: number | undefined;
  pendingIndexOps: number | undefined;
  queriesToday: number | undefined;
  queriesMonth: number | undefined;
  updatesToday: number | undefined;
  updatesMonth: number | undefined;
  reranksToday: number | undefined;
  reranksMonth: number | undefined;
  /** Today so far, from the card's per-day panel (no counter of its own in the record). */
  bandwidthTodayBytes: number | undefined;
  bandwidthMonthBytes: number | undefined;
  storageBytes: number | undefined;
  monthlyCost: number | undefined;
};

export type StatsReport = {
  indexId: string;
  /** The name the team gave the index, shown with the id beside it. */
  name?: string;
  period: StatsPeriod;
  /** `last 7 days, every 2.8 h, 15 Nov 10:00 – 22 Nov 10:00 UTC`, from the data's own `x`. */
  timeRange: string;
  /** `this week: Sun–Tue`: the days of the per-day totals, which are not the period's. */
  days: string;
  counters: Counters;
  groups: SeriesGroup[];
  /** What changed, the most unusual first; empty when nothing unusual happened. */
  highlights: Highlight[];
  /** No vectors and no traffic: nothing to read, which is not the same as nothing unusual. */
  empty: boolean;
  /** Where the record contradicts itself (a day above its month), in one short line; else empty. */
  contradiction: string;
};

type RowSpec = readonly [SeriesName, string, ValueKind];

// Grouped as the PNG card groups them, so the text and the picture read in the same order.
const GROUPS: ReadonlyArray<{ title: string; rows: readonly RowSpec[] }> = [
  {
    title: 'Per day',
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
    title: 'Size',
    rows: [
      ['vector_count', 'Vectors', 'count'],
      ['data_size', 'Data size', 'bytes'],
    ],
  },
  {
    // The spec does not state the latency unit; inventing "ms" would be a guess shown as fact.
    title: 'Latency',
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
];

// The spec names no currency. Budgets on the same API are "in dollars" (spec 2.3), so the cost is
// shown in US dollars; the details and docs/commands.md say that this is an assumption.
const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export function formatCost(value: number | undefined): string {
  return value !== undefined && Number.isFinite(value) ? USD.format(value) : '–';
}

/** A scalar as shown: humanised, or "not reported" when the API left it out. */
export function shown(kind: ValueKind | 'cost', value: number | undefined): string {
  if (value === undefined) return NOT_REPORTED;
  return kind === 'cost' ? formatCost(value) : formatValue(kind, value);
}

/** A scalar the summary can use: a finite number, else undefined (absent, null, drifted). */
function scalar(stats: VectorIndexStats, field: string): number | undefined {
  const value: unknown = (stats as Record<string, unknown>)[field];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function rowOf(data: CardData, [name, label, kind]: RowSpec): SeriesRow {
  const s = data.series[name];
  if (isDailySeries(name)) {
    const days = data.daily[name];
    const summary = summarise(days.values);
    return { name, label, kind, summary, spark: sparkline(days.values, { fromZero: true }), days };
  }
  const ys = Array.from(s.y);
  // Amounts (counts and bytes) are drawn from zero, as on the card: a small change looks small.
  return {
    name,
    label,
    kind,
    summary: summarise(ys),
    spark: sparkline(ys, { fromZero: kind !== 'measure' }),
  };
}

/** The value of the per-day panel's bar for today (the period's last day), as the card shows it. */
function todayOf(data: CardData, name: DailySeriesName): number | undefined {
  const bars = data.daily[name];
  return bars.partialLast ? bars.values[bars.values.length - 1] : undefined;
}

const MONTH_CHECKS: ReadonlyArray<readonly [string, ValueKind, keyof Counters, keyof Counters]> = [
  ['queries', 'count', 'queriesToday', 'queriesMonth'],
  ['updates', 'count', 'updatesToday', 'updatesMonth'],
  ['reranks', 'count', 'reranksToday', 'reranksMonth'],
  ['bandwidth', 'bytes', 'bandwidthTodayBytes', 'bandwidthMonthBytes'],
];

/** `The API's figures disagree: bandwidth today (13.2 GB) is above this month's (12.2 GB).` */
function contradictionOf(c: Counters): string {
  const found = MONTH_CHECKS.flatMap(([thing, kind, todayKey, monthKey]) => {
    const today = c[todayKey];
    const month = c[monthKey];
    if (today === undefined || month === undefined || !(today > month)) return [];
    const [t, m] = formatTogether(kind, [today, month]) ?? [
      formatValue(kind, today),
      formatValue(kind, month),
    ];
    return [`${thing} today (${t}) is above this month's (${m})`];
  });
  return found.length === 0 ? '' : `The API's figures disagree: ${found.join('; ')}.`;
}

function isEmpty(data: CardData, c: Counters): boolean {
  const none = (v: number | undefined) => v === undefined || v === 0;
  const idle = (name: SeriesName) =>
    data.series[name].n === 0 || (data.series[name].min === 0 && data.series[name].max === 0);
  return (
    none(c.currentVectors) &&
    [c.queriesToday, c.updatesToday, c.reranksToday, c.queriesMonth, c.updatesMonth].every(none) &&
    (['query_throughput', 'update_throughput', 'vector_count'] as const).every(idle)
  );
}

/** The line a report with no highlights leads with: empty, or nothing unusual (with its emoji). */
export function quietLine(report: Pick<StatsReport, 'empty'>): string {
  return report.empty ? `:white_circle: ${EMPTY_INDEX}` : `:white_check_mark: ${NOTHING_UNUSUAL}`;
}

export function buildReport(
  indexId: string,
  period: StatsPeriod,
  stats: VectorIndexStats,
  timeZone = UTC,
): StatsReport {
  const safe = (typeof stats === 'object' && stats !== null ? stats : {}) as VectorIndexStats;
  const data = cardDataOf({ indexId, period, stats: safe, timeZone });
  const counters: Counters = {
    currentVectors: headlineOf(data, 'vector_count') ?? scalar(safe, 'current_vector_count'),
    pendingIndexOps: scalar(safe, 'pending_index_count'),
    queriesToday: todayOf(data, 'daily_query_requests'),
    queriesMonth: scalar(safe, 'monthly_query_count'),
    updatesToday: todayOf(data, 'daily_update_requests'),
    updatesMonth: scalar(safe, 'monthly_update_count'),
    reranksToday: todayOf(data, 'daily_rerank_requests'),
    reranksMonth: scalar(safe, 'monthly_rerank_count'),
    bandwidthTodayBytes: todayOf(data, 'daily_bandwidths'),
    bandwidthMonthBytes: scalar(safe, 'monthly_bandwidth_usage'),
    storageBytes: scalar(safe, 'storage_usage'),
    monthlyCost: scalar(safe, 'monthly_cost'),
  };
  const groups = GROUPS.map((group) => ({
    title: group.title,
    rows: group.rows.map((spec) => rowOf(data, spec)),
  }));
  return {
    indexId,
    period,
    timeRange: spanWords(period, data.span, data.timeZone).join(', '),
    days: dailySpan(data),
    counters,
    groups,
    highlights: highlightsOfSeries((name) => data.series[name], undefined, data.timeZone),
    empty: isEmpty(data, counters),
    contradiction: contradictionOf(counters),
  };
}
