import {
  DAILY_SERIES_NAMES,
  type Point,
  SERIES_NAMES,
  type SeriesName,
  type StatsPeriod,
  type VectorIndexStats,
} from '../api/schemas.ts';
import { type DayBars, dayBarsOf, NO_BARS } from './daily.ts';
import type { ValueKind } from './format-numbers.ts';
import type { Baseline } from './scale.ts';
import { type TimeSpan, timeSpan } from './time-span.ts';

export { formatValue, type ValueKind } from './format-numbers.ts';

export type Hue = 'requests' | 'throughput' | 'size' | 'latency';

export type DailySeriesName = (typeof DAILY_SERIES_NAMES)[number];

export type CellSpec = {
  label: string;
  kind: ValueKind;
  /** Bars for the per-day totals (one per day), a line for everything sampled over the period. */
  plot: 'bars' | 'line';
  baseline: Baseline;
  /** The solid line (or the bars): the series itself, or the mean of a latency pair. */
  main: SeriesName;
  /** A latency pair's 99th percentile, drawn dashed and lighter on the same scale. */
  p99?: SeriesName;
};

export type GroupSpec = { title: string; hue: Hue; cells: readonly CellSpec[] };

// Which scale each kind of panel gets, and why, is written next to `Baseline` (scale.ts).
const perDay: GroupSpec = {
  title: 'Per day',
  hue: 'requests',
  cells: [
    { label: 'Queries', kind: 'count', plot: 'bars', baseline: 'zero', main: 'daily_query_requests' },
    { label: 'Updates', kind: 'count', plot: 'bars', baseline: 'zero', main: 'daily_update_requests' },
    { label: 'Reranks', kind: 'count', plot: 'bars', baseline: 'zero', main: 'daily_rerank_requests' },
    { label: 'Bandwidth', kind: 'bytes', plot: 'bars', baseline: 'zero', main: 'daily_bandwidths' },
  ],
};

const throughput: GroupSpec = {
  title: 'Throughput',
  hue: 'throughput',
  cells: [
    { label: 'Query', kind: 'measure', plot: 'line', baseline: 'range', main: 'query_throughput' },
    { label: 'Update', kind: 'measure', plot: 'line', baseline: 'range', main: 'update_throughput' },
  ],
};

const size: GroupSpec = {
  title: 'Size',
  hue: 'size',
  cells: [
    { label: 'Vectors', kind: 'count', plot: 'line', baseline: 'zero', main: 'vector_count' },
    { label: 'Data size', kind: 'bytes', plot: 'line', baseline: 'zero', main: 'data_size' },
  ],
};

const latency: GroupSpec = {
  title: 'Latency',
  hue: 'latency',
  cells: [
    {
      label: 'Query',
      kind: 'measure',
      plot: 'line',
      baseline: 'range',
      main: 'query_latency_mean',
      p99: 'query_latency_99',
    },
    {
      label: 'Update',
      kind: 'measure',
      plot: 'line',
      baseline: 'range',
      main: 'update_latency_mean',
      p99: 'update_latency_99',
    },
    {
      label: 'Embeddings',
      kind: 'measure',
      plot: 'line',
      baseline: 'range',
      main: 'embeds_latency_mean',
      p99: 'embeds_latency_99',
    },
    {
      label: 'Rerank',
      kind: 'measure',
      plot: 'line',
      baseline: 'range',
      main: 'rerank_latency_mean',
      p99: 'rerank_latency_99',
    },
  ],
};

/** The card, row by row: each row is 4 cells wide; all 16 series appear exactly once. */
export const CARD_ROWS: readonly (readonly GroupSpec[])[] = [[perDay], [throughput, size], [latency]];

/** Plain-words names for the alt text and the details, in reading order of the card. */
export const SERIES_WORDS: ReadonlyArray<readonly [SeriesName, string, ValueKind]> = [
  ['daily_query_requests', 'Queries per day', 'count'],
  ['daily_update_requests', 'Updates per day', 'count'],
  ['daily_rerank_requests', 'Reranks per day', 'count'],
  ['daily_bandwidths', 'Bandwidth per day', 'bytes'],
  ['query_throughput', 'Query throughput', 'measure'],
  ['update_throughput', 'Update throughput', 'measure'],
  ['vector_count', 'Vectors', 'count'],
  ['data_size', 'Data size', 'bytes'],
  ['query_latency_mean', 'Query latency mean', 'measure'],
  ['query_latency_99', 'Query latency p99', 'measure'],
  ['update_latency_mean', 'Update latency mean', 'measure'],
  ['update_latency_99', 'Update latency p99', 'measure'],
  ['embeds_latency_mean', 'Embeddings latency mean', 'measure'],
  ['embeds_latency_99', 'Embeddings latency p99', 'measure'],
  ['rerank_latency_mean', 'Rerank latency mean', 'measure'],
  ['rerank_latency_99', 'Rerank latency p99', 'measure'],
];

const DAILY = new Set<SeriesName>(DAILY_SERIES_NAMES);

/** The per-day totals are bars with their own days; every other series spans the period. */
export function isDailySeries(name: SeriesName): name is DailySeriesName {
  return DAILY.has(name);
}

/** A series reduced to what the card draws: finite points in time order, with its extremes. */
export type Clean = {
  at: Float64Array;
  y: Float64Array;
  n: number;
  min: number;
  max: number;
  last: number;
};

const EMPTY: Clean = {
  at: new Float64Array(0),
  y: new Float64Array(0),
  n: 0,
  min: Number.NaN,
  max: Number.NaN,
  last: Number.NaN,
};

function isPoint(p: unknown): p is Point {
  if (typeof p !== 'object' || p === null) return false;
  const { at, y } = p as { at?: unknown; y?: unknown };
  return typeof at === 'number' && Number.isFinite(at) && typeof y === 'number' && Number.isFinite(y);
}

/**
 * Non-finite values are rejected at the API boundary, yet the renderer is a public function:
 * anything that isn't a finite point is dropped here so drawing maths never sees NaN.
 */
export function cleanSeries(stats: VectorIndexStats, name: SeriesName): Clean {
  const raw: unknown = stats[name];
  if (!Array.isArray(raw) || raw.length === 0) return EMPTY;
  let points = raw.filter(isPoint);
  const n = points.length;
  if (n === 0) return EMPTY;
  for (let i = 1; i < n; i++) {
    if ((points[i] as Point).at < (points[i - 1] as Point).at) {
      points = points.slice().sort((a, b) => a.at - b.at);
      break;
    }
  }
  const at = new Float64Array(n);
  const y = new Float64Array(n);
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < n; i++) {
    const p = points[i] as Point;
    at[i] = p.at;
    y[i] = p.y;
    if (p.y < min) min = p.y;
    if (p.y > max) max = p.y;
  }
  return { at, y, n, min, max, last: y[n - 1] as number };
}

export type SeriesSet = Record<SeriesName, Clean>;

const MAX_TEXT = 256;

/** What the card is drawn from: plain data (typed arrays), cheap to hand to a worker thread. */
export type CardData = {
  indexId: string;
  period: StatsPeriod;
  title?: string;
  series: SeriesSet;
  /** The period's own span: the series sampled over it, not the per-day totals. */
  span: TimeSpan | undefined;
  daily: Record<DailySeriesName, DayBars>;
};

export function cardDataOf(input: {
  indexId: string;
  period: StatsPeriod;
  stats: VectorIndexStats;
  title?: string;
}): CardData {
  // A public function: a caller bypassing the types (stats missing) still gets a card, empty.
  const stats = (
    typeof input.stats === 'object' && input.stats !== null ? input.stats : {}
  ) as VectorIndexStats;
  const series = Object.fromEntries(SERIES_NAMES.map((n) => [n, cleanSeries(stats, n)])) as SeriesSet;
  const span = timeSpan(
    series,
    SERIES_NAMES.filter((n) => !isDailySeries(n)),
  );
  const days: readonly unknown[] = Array.isArray(stats.days) ? stats.days : [];
  const daily = Object.fromEntries(
    DAILY_SERIES_NAMES.map((n) => {
      const s = series[n];
      return [n, s.n === 0 ? NO_BARS : dayBarsOf(s.at, s.y, s.n, days, span?.to)];
    }),
  ) as Record<DailySeriesName, DayBars>;
  // Ids are UUID-sized; the cap only keeps text measuring cheap for absurd input.
  const data: CardData = {
    indexId: String(input.indexId).slice(0, MAX_TEXT),
    period: input.period,
    series,
    span,
    daily,
  };
  if (typeof input.title === 'string') data.title = input.title.slice(0, MAX_TEXT);
  return data;
}

/** The day span the per-day panels share (`this week: Sun–Tue`): the longest one's. */
export function dailySpan(data: CardData): string {
  let best: DayBars = NO_BARS;
  for (const name of DAILY_SERIES_NAMES) {
    const bars = data.daily[name];
    if (bars.values.length > best.values.length) best = bars;
  }
  return best.span;
}
