import { DAILY_SERIES_NAMES, SERIES_NAMES, type SeriesName, type StatsPeriod } from '../../api/schemas.ts';
import { hash32, unit } from './random.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const PERIOD_MS: Record<StatsPeriod, number> = {
  '1h': HOUR,
  '3h': 3 * HOUR,
  '12h': 12 * HOUR,
  '1d': DAY,
  '3d': 3 * DAY,
  '7d': 7 * DAY,
  '30d': 30 * DAY,
};

/** Spec 4.3: 60 points per series, spread over the period; 30d is 240 points 3 hours apart. */
export function seriesLayout(period: StatsPeriod): { count: number; stepMs: number } {
  if (period === '30d') return { count: 240, stepMs: 3 * HOUR };
  return { count: 60, stepMs: PERIOD_MS[period] / 60 };
}

/**
 * Something that changed lately: from `sinceMs` before now, the `series` are `factor` times what
 * they would be (0: stopped). It gives the stats message's highlights something to find.
 */
export interface SimIncident {
  series: readonly SeriesName[];
  factor: number;
  sinceMs: number;
}

/** Knobs of one simulated vector index; every field has a sensible default. */
export interface SimVectorIndex {
  /** Typical queries per second at the daily peak. */
  qps?: number;
  /** Vectors in the index 90 days before now. */
  vectors?: number;
  growthPerDay?: number;
  dimension?: number;
  /**
   * The shape of the per-day series. `per-step` (default) is the spec's: the period's points, each
   * the count of the day it falls in. `week-to-date` is what the provider really sends: one point
   * per day since Sunday (UTC), today's still counting, and the days' names in `days`.
   */
  daily?: 'per-step' | 'week-to-date';
  incidents?: readonly SimIncident[];
  /**
   * Values a test or the demo steers: a scalar answers exactly this, a series has every point at
   * it (so "the latest point" is this). What watches are checked against.
   */
  pinned?: Readonly<Record<string, number>>;
  /**
   * Series the demo steers over time, as a story would tell it: each point takes the value of the
   * last step at or before its time (the first step's value before that), so a chart of the last
   * hour shows when the value changed. The latest step is also what a watch reads. Not for the
   * per-day series.
   */
  steps?: Readonly<Record<string, ReadonlyArray<SteeredValue>>>;
}

/** From `fromMs` (epoch ms) on, the series is `value`. */
export type SteeredValue = { fromMs: number; value: number };

function steeredAt(steps: ReadonlyArray<SteeredValue>, t: number): number | undefined {
  let value = steps[0]?.value;
  for (const step of steps) if (step.fromMs <= t) value = step.value;
  return value;
}

export const DEFAULT_VECTOR_INDEXES: Record<string, SimVectorIndex> = {
  'idx-1': { qps: 40, vectors: 1_200_000, growthPerDay: 4_000, dimension: 768, daily: 'week-to-date' },
  'idx-2': { qps: 3, vectors: 25_000, growthPerDay: 120, dimension: 384 },
  '9b2f6c1e-3d4a-4f5b-8c7d-1e2f3a4b5c6d': {
    qps: 120,
    vectors: 8_000_000,
    growthPerDay: 30_000,
    dimension: 1536,
  },
  'idx-empty': { qps: 0, vectors: 0, growthPerDay: 0, dimension: 768 },
  // Having a bad quarter of an hour: its p99 query latency rose 2.4× 15 minutes ago, and its
  // updates stopped 25 minutes ago.
  'idx-incident': {
    qps: 25,
    vectors: 600_000,
    growthPerDay: 2_000,
    dimension: 768,
    daily: 'week-to-date',
    incidents: [
      { series: ['query_latency_99'], factor: 2.4, sinceMs: 15 * MINUTE },
      { series: ['update_throughput'], factor: 0, sinceMs: 25 * MINUTE },
    ],
  },
};

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * The spec's textual instant. `nanos` (below one millisecond) only shows with 9 digits: the
 * simulator puts a non-zero value there so the client's 9-digit parsing is exercised while the
 * instant stays on the same millisecond grid as the other series.
 */
export function formatApiTimestamp(ms: number, digits: 3 | 9 = 3, nanos = 0): string {
  const d = new Date(ms);
  const date = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  const millis = pad(d.getUTCMilliseconds(), 3);
  const fraction = digits === 3 ? millis : `${millis}${pad(nanos % 1_000_000, 6)}`;
  return `${date} ${time}.${fraction} +0000 UTC`;
}

interface Ctx {
  seed: number;
  id: string;
  cfg: Required<SimVectorIndex>;
  now: number;
}

// Busy in the (UTC) afternoon, quiet at night, quieter at weekends.
function load(ctx: Ctx, t: number): number {
  const phase = (unit(ctx.seed, ctx.id, 'phase') - 0.5) * 4 * HOUR;
  const daily = 0.65 + 0.35 * Math.sin((2 * Math.PI * (t - 9 * HOUR + phase)) / DAY);
  const weekday = new Date(t).getUTCDay();
  return daily * (weekday === 0 || weekday === 6 ? 0.7 : 1);
}

function noise(ctx: Ctx, series: string, t: number, amount: number): number {
  return 1 + (unit(ctx.seed, ctx.id, series, t) - 0.5) * 2 * amount;
}

function vectorsAt(ctx: Ctx, t: number): number {
  const days = Math.max(0, (t - (ctx.now - 90 * DAY)) / DAY);
  return Math.round(ctx.cfg.vectors + ctx.cfg.growthPerDay * days);
}

function dailyQueries(ctx: Ctx, t: number): number {
  const day = Math.floor(t / DAY) * DAY;
  return Math.round(ctx.cfg.qps * 0.6 * 86_400 * load(ctx, day + 15 * HOUR) * noise(ctx, 'dq', day, 0.08));
}

const round = (v: number, digits = 2) => Math.round(v * 10 ** digits) / 10 ** digits;

/** The value at `t`, changed by the index's incidents under way at `t`. */
function valueAt(ctx: Ctx, name: SeriesName, t: number): number {
  let value = usualValueAt(ctx, name, t);
  for (const incident of ctx.cfg.incidents) {
    if (incident.series.includes(name) && t >= ctx.now - incident.sinceMs)
      value = round(value * incident.factor);
  }
  return value;
}

function usualValueAt(ctx: Ctx, name: SeriesName, t: number): number {
  const { qps, dimension } = ctx.cfg;
  const busy = load(ctx, t);
  const latency = (base: number, tail: number) =>
    qps === 0 ? 0 : round(base * (0.85 + 0.3 * busy) * noise(ctx, name, t, 0.12) * tail);
  switch (name) {
    case 'query_throughput':
      return round(qps * busy * noise(ctx, name, t, 0.1));
    case 'update_throughput':
      return round(qps * 0.2 * busy * noise(ctx, name, t, 0.2));
    case 'query_latency_mean':
      return latency(6, 1);
    case 'query_latency_99':
      return latency(6, 3.6);
    case 'update_latency_mean':
      return latency(12, 1);
    case 'update_latency_99':
      return latency(12, 3.1);
    case 'embeds_latency_mean':
      return latency(45, 1);
    case 'embeds_latency_99':
      return latency(45, 2.8);
    case 'rerank_latency_mean':
      return latency(80, 1);
    case 'rerank_latency_99':
      return latency(80, 2.5);
    case 'vector_count':
      return vectorsAt(ctx, t);
    case 'data_size':
      return vectorsAt(ctx, t) * (dimension * 4 + 256);
    case 'daily_query_requests':
      return dailyQueries(ctx, t);
    case 'daily_update_requests':
      return Math.round(dailyQueries(ctx, t) * 0.2);
    case 'daily_rerank_requests':
      return Math.round(dailyQueries(ctx, t) * 0.05);
    case 'daily_bandwidths':
      return dailyQueries(ctx, t) * 2_048;
  }
}

/** Today's per-day values so far, consistent with the record's `daily_*_count` scalars. */
function todaySoFar(name: SeriesName, todayQueries: number): number {
  if (name === 'daily_update_requests') return Math.round(todayQueries * 0.2);
  if (name === 'daily_rerank_requests') return Math.round(todayQueries * 0.05);
  if (name === 'daily_bandwidths') return todayQueries * 2_048;
  return todayQueries;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/**
 * A statistics record (spec 2.4) for one index, deterministic given seed, id, period and now.
 * The last point of every series sits on `now` rounded down to the series' step.
 */
export function makeVectorIndexStats(
  id: string,
  period: StatsPeriod,
  now: number,
  seed: number,
  index: SimVectorIndex = {},
  pointCount?: number,
): Record<string, unknown> {
  const cfg: Required<SimVectorIndex> = {
    qps: 10,
    vectors: 100_000,
    growthPerDay: 500,
    dimension: 768,
    daily: 'per-step',
    incidents: [],
    pinned: {},
    steps: {},
    ...index,
  };
  const ctx: Ctx = { seed, id, cfg, now };
  const { count: defaultCount, stepMs } = seriesLayout(period);
  const count = pointCount ?? defaultCount;
  const last = Math.floor(now / stepMs) * stepMs;
  const daily = new Set<string>(DAILY_SERIES_NAMES);
  const dayStart = Math.floor(now / DAY) * DAY;
  const dayFraction = (now - dayStart) / DAY;
  const dayOfMonth = new Date(now).getUTCDate();
  const todayQueries = Math.round(dailyQueries(ctx, now) * dayFraction);
  const weekToDate = cfg.daily === 'week-to-date';
  // Week to date: each day since Sunday at its midnight, today's value what it has counted so far.
  const weekDays = Array.from(
    { length: new Date(now).getUTCDay() + 1 },
    (_, i) => dayStart - (new Date(now).getUTCDay() - i) * DAY,
  );
  const pointTime = (i: number) => last - (count - 1 - i) * stepMs;
  const series: Record<string, Array<{ x: string; y: number }>> = {};
  for (const name of SERIES_NAMES) {
    const isDaily = daily.has(name);
    const nanos = isDaily ? 1 + (hash32(seed, id, name) % 999_999) : 0;
    series[name] =
      isDaily && weekToDate
        ? weekDays.map((t) => ({
            x: formatApiTimestamp(t, 9, nanos),
            y: t === dayStart ? todaySoFar(name, todayQueries) : valueAt(ctx, name, t),
          }))
        : Array.from({ length: count }, (_, i) => {
            const t = pointTime(i);
            return { x: formatApiTimestamp(t, isDaily ? 9 : 3, nanos), y: valueAt(ctx, name, t) };
          });
  }
  const monthQueries = dailyQueries(ctx, now) * (dayOfMonth - 1) + todayQueries;
  const vectors = vectorsAt(ctx, now);
  const storage = vectors * (cfg.dimension * 4 + 256);
  const pinnedSeries = Object.fromEntries(
    Object.entries(cfg.pinned)
      .filter(([name]) => name in series)
      .map(([name, value]) => [name, (series[name] ?? []).map((p) => ({ ...p, y: value }))]),
  );
  const steeredSeries = Object.fromEntries(
    Object.entries(cfg.steps)
      .filter(([name]) => name in series && !daily.has(name))
      .map(([name, steps]) => [
        name,
        (series[name] ?? []).map((p, i) => ({ ...p, y: steeredAt(steps, pointTime(i)) ?? p.y })),
      ]),
  );
  const pinnedScalars = Object.fromEntries(Object.entries(cfg.pinned).filter(([name]) => !(name in series)));
  return {
    pending_index_count: cfg.qps === 0 ? 0 : Math.floor(unit(seed, id, 'pending', last) * 25),
    current_vector_count: vectors,
    daily_query_count: todayQueries,
    daily_update_count: Math.round(todayQueries * 0.2),
    monthly_query_count: monthQueries,
    monthly_update_count: Math.round(monthQueries * 0.2),
    monthly_bandwidth_usage: monthQueries * 2_048,
    storage_usage: storage,
    monthly_cost: round((monthQueries / 100_000) * 0.4 + (storage / 1e9) * 0.25),
    daily_rerank_count: Math.round(todayQueries * 0.05),
    monthly_rerank_count: Math.round(monthQueries * 0.05),
    // Week to date: the days of the daily points. Otherwise the last seven weekdays, ending today (UTC).
    days: weekToDate
      ? weekDays.map((t) => WEEKDAYS[new Date(t).getUTCDay()])
      : Array.from({ length: 7 }, (_, i) => WEEKDAYS[new Date(now - (6 - i) * DAY).getUTCDay()]),
    ...series,
    ...pinnedSeries,
    ...steeredSeries,
    ...pinnedScalars,
  };
}
