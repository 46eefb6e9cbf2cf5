// What the stats card is drawn from and what every message beside it says: the series cleaned,
// the period's span, the per-day bars (today's counter as today's bar). The card (src/render/) and
// the report (report.ts) read the same data, so one thing is one figure.
import {
  DAILY_SERIES_NAMES,
  type Point,
  SERIES_NAMES,
  type SeriesName,
  type StatsPeriod,
  type VectorIndexStats,
} from '../api/schemas.ts';
import { UTC } from '../time/words.ts';
import { type DayBars, dayBarsOf, NO_BARS, type Slots, slotsOf } from './daily.ts';
import { type TimeSpan, timeSpan } from './time-span.ts';

export type DailySeriesName = (typeof DAILY_SERIES_NAMES)[number];

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

/** What a card and its message are made of: one index's record for one period. */
export type CardInput = {
  indexId: string;
  period: StatsPeriod;
  stats: VectorIndexStats;
  /** Replaces the header's "Vector index <id>". */
  title?: string;
  /** The zone its times are written in (the conversation's); UTC when absent. */
  timeZone?: string;
};

export function cardDataOf(input: CardInput): CardData {
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
