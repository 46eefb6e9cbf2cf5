import {
  type Point,
  SERIES_NAMES,
  type SeriesName,
  type StatsPeriod,
  type VectorIndexStats,
} from '../api/schemas.ts';
import { formatBytes, formatCompact, formatCount } from './format-numbers.ts';

/** How a value is humanised: counts (1.2k), bytes (3.4 GB), or a measure of unstated unit (12.3). */
export type ValueKind = 'count' | 'bytes' | 'measure';

export type Hue = 'requests' | 'rerank' | 'throughput' | 'size' | 'latency';

export type CellSpec = {
  label: string;
  kind: ValueKind;
  /** The solid line: the series itself, or the mean of a latency pair. */
  main: SeriesName;
  /** A latency pair's 99th percentile, drawn dashed and lighter on the same scale. */
  p99?: SeriesName;
};

export type GroupSpec = { title: string; hue: Hue; cells: readonly CellSpec[] };

const requests: GroupSpec = {
  title: 'Requests per day',
  hue: 'requests',
  cells: [
    { label: 'Queries', kind: 'count', main: 'daily_query_requests' },
    { label: 'Updates', kind: 'count', main: 'daily_update_requests' },
    { label: 'Bandwidth', kind: 'bytes', main: 'daily_bandwidths' },
  ],
};

const rerank: GroupSpec = {
  title: 'Rerank',
  hue: 'rerank',
  cells: [{ label: 'Reranks per day', kind: 'count', main: 'daily_rerank_requests' }],
};

const throughput: GroupSpec = {
  title: 'Throughput',
  hue: 'throughput',
  cells: [
    { label: 'Query', kind: 'measure', main: 'query_throughput' },
    { label: 'Update', kind: 'measure', main: 'update_throughput' },
  ],
};

const size: GroupSpec = {
  title: 'Size',
  hue: 'size',
  cells: [
    { label: 'Vectors', kind: 'count', main: 'vector_count' },
    { label: 'Data size', kind: 'bytes', main: 'data_size' },
  ],
};

const latency: GroupSpec = {
  title: 'Latency · unit as reported',
  hue: 'latency',
  cells: [
    { label: 'Query', kind: 'measure', main: 'query_latency_mean', p99: 'query_latency_99' },
    { label: 'Update', kind: 'measure', main: 'update_latency_mean', p99: 'update_latency_99' },
    { label: 'Embeddings', kind: 'measure', main: 'embeds_latency_mean', p99: 'embeds_latency_99' },
    { label: 'Rerank', kind: 'measure', main: 'rerank_latency_mean', p99: 'rerank_latency_99' },
  ],
};

/** The card, row by row: each row is 4 cells wide; all 16 series appear exactly once. */
export const CARD_ROWS: readonly (readonly GroupSpec[])[] = [
  [requests, rerank],
  [throughput, size],
  [latency],
];

/** Plain-words names for the alt text, in reading order of the card. */
export const SERIES_WORDS: ReadonlyArray<readonly [SeriesName, string, ValueKind]> = [
  ['daily_query_requests', 'Queries per day', 'count'],
  ['daily_update_requests', 'Updates per day', 'count'],
  ['daily_bandwidths', 'Bandwidth per day', 'bytes'],
  ['daily_rerank_requests', 'Reranks per day', 'count'],
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

export function formatValue(kind: ValueKind, value: number): string {
  if (kind === 'bytes') return formatBytes(value);
  if (kind === 'count') return formatCount(value);
  return formatCompact(value);
}

/** A series reduced to what the card draws: finite points in time order, with its extremes. */
export type Clean = {
  at: Float64Array;
  y: Float64Array;
  n: number;
  min: number;
  max: number;
  minIndex: number;
  maxIndex: number;
  last: number;
};

const EMPTY: Clean = {
  at: new Float64Array(0),
  y: new Float64Array(0),
  n: 0,
  min: Number.NaN,
  max: Number.NaN,
  minIndex: -1,
  maxIndex: -1,
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
  let minIndex = 0;
  let maxIndex = 0;
  for (let i = 0; i < n; i++) {
    const p = points[i] as Point;
    at[i] = p.at;
    y[i] = p.y;
    if (p.y < (y[minIndex] as number)) minIndex = i;
    if (p.y > (y[maxIndex] as number)) maxIndex = i;
  }
  return {
    at,
    y,
    n,
    min: y[minIndex] as number,
    max: y[maxIndex] as number,
    minIndex,
    maxIndex,
    last: y[n - 1] as number,
  };
}

export type SeriesSet = Record<SeriesName, Clean>;

const MAX_TEXT = 256;

/** What the card is drawn from: plain data (typed arrays), cheap to hand to a worker thread. */
export type CardData = { indexId: string; period: StatsPeriod; title?: string; series: SeriesSet };

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
  // Ids are UUID-sized; the cap only keeps text measuring cheap for absurd input.
  const data: CardData = { indexId: String(input.indexId).slice(0, MAX_TEXT), period: input.period, series };
  if (typeof input.title === 'string') data.title = input.title.slice(0, MAX_TEXT);
  return data;
}
