import type { SeriesName } from '../api/schemas.ts';
import type { ValueKind } from '../text/numbers.ts';
import type { Baseline } from './scale.ts';

export type Hue = 'requests' | 'throughput' | 'size' | 'latency';

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
