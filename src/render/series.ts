import {
  DAILY_SERIES_NAMES,
  type Point,
  SERIES_NAMES,
  type SeriesName,
  type StatsPeriod,
  type VectorIndexStats,
} from '../api/schemas.ts';
import type { ValueKind } from '../text/numbers.ts';
import { UTC } from '../time/words.ts';
import { type DayBars, dayBarsOf, NO_BARS, type Slots, slotsOf } from './daily.ts';
import type { Baseline } from './scale.ts';
import { type TimeSpan, timeSpan } from './time-span.ts';

export { formatValue, type ValueKind } from '../text/numbers.ts';

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

/** The record's counter of today for each per-day series that has one (bandwidth has none). */
const TODAY_COUNTERS: Partial<Record<DailySeriesName, keyof VectorIndexStats>> = {
  daily_query_requests: 'daily_query_count',
  daily_update_requests: 'daily_update_count',
  daily_rerank_requests: 'daily_rerank_count',
};

/** What the card is drawn from: plain data (typed arrays), cheap to hand to a worker thread. */
export type CardData = {
  indexId: string;
  period: StatsPeriod;
  title?: string;
  /** The zone the card's times are written in: the conversation's (src/time/audience.ts). */
  timeZone: string;
  series: SeriesSet;
  /** The period's own span: the series sampled over it, not the per-day totals. */
  span: TimeSpan | undefined;
  /** The per-day panels' slots (days, or hours up to a day); undefined without any data. */
  slots: Slots | undefined;
  daily: Record<DailySeriesName, DayBars>;
};

/**
 * The big number of a panel, and the figure every message beside the card says for it: a per-day
 * series' latest bar (today's counter, see withTodayCounter), a line's latest point.
 */
export function headlineOf(data: CardData, name: SeriesName): number | undefined {
  if (isDailySeries(name)) {
    const bars = data.daily[name];
    const last = bars.values[bars.values.length - 1];
    return last === undefined || Number.isNaN(last) ? undefined : last;
  }
  const s = data.series[name];
  return s.n > 0 ? s.last : undefined;
}

function counter(stats: VectorIndexStats, field: keyof VectorIndexStats | undefined): number | undefined {
  const value: unknown = field === undefined ? undefined : stats[field];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/**
 * Today's bar is the record's counter of today where it has one: the counter is read when the
 * answer is written, the series' latest point may be hours older, and a message must not show two
 * numbers for one thing (the stats message's fields say this same counter).
 */
function withTodayCounter(bars: DayBars, today: number | undefined, slots: Slots): DayBars {
  if (today === undefined) return bars;
  const values = bars.values.length > 0 ? [...bars.values] : slots.numbers.map(() => Number.NaN);
  values[values.length - 1] = today;
  return { values, labels: slots.labels, partialLast: true };
}

export function cardDataOf(input: {
  indexId: string;
  period: StatsPeriod;
  stats: VectorIndexStats;
  title?: string;
  timeZone?: string;
}): CardData {
  // A public function: a caller bypassing the types (stats missing) still gets a card, empty.
  const stats = (
    typeof input.stats === 'object' && input.stats !== null ? input.stats : {}
  ) as VectorIndexStats;
  const timeZone = typeof input.timeZone === 'string' && input.timeZone !== '' ? input.timeZone : UTC;
  const series = Object.fromEntries(SERIES_NAMES.map((n) => [n, cleanSeries(stats, n)])) as SeriesSet;
  const span = timeSpan(
    series,
    SERIES_NAMES.filter((n) => !isDailySeries(n)),
  );
  const end = span?.to ?? timeSpan(series, DAILY_SERIES_NAMES)?.to;
  const slots = end === undefined ? undefined : slotsOf(input.period, end, timeZone);
  const daily = Object.fromEntries(
    DAILY_SERIES_NAMES.map((n) => {
      const s = series[n];
      if (slots === undefined) return [n, NO_BARS];
      const bars = s.n === 0 ? NO_BARS : dayBarsOf(s.at, s.y, s.n, slots);
      return [n, withTodayCounter(bars, counter(stats, TODAY_COUNTERS[n]), slots)];
    }),
  ) as Record<DailySeriesName, DayBars>;
  // Ids are UUID-sized; the cap only keeps text measuring cheap for absurd input.
  const data: CardData = {
    indexId: String(input.indexId).slice(0, MAX_TEXT),
    period: input.period,
    timeZone,
    series,
    span,
    slots,
    daily,
  };
  if (typeof input.title === 'string') data.title = input.title.slice(0, MAX_TEXT);
  return data;
}

/** The days (or hours) the per-day panels cover: `7 days: Wed–Tue`. */
export function dailySpan(data: CardData): string {
  return data.slots?.span ?? '';
}
