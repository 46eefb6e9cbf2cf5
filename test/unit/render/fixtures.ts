import {
  SERIES_NAMES,
  type SeriesName,
  type StatsPeriod,
  type VectorIndexStats,
} from '../../../src/api/schemas.ts';

// Realistic stats without the API: per period, the spec's point count and step (60 points,
// 240 at 3-hour steps for 30d), values shaped like each series (daily counters that grow and
// reset, latencies with noisy spikes, a slowly growing index). Deterministic for a given seed.

const MINUTE = 60_000;
const SHAPE: Record<StatsPeriod, { points: number; stepMs: number }> = {
  '1h': { points: 60, stepMs: MINUTE },
  '3h': { points: 60, stepMs: 3 * MINUTE },
  '12h': { points: 60, stepMs: 12 * MINUTE },
  '1d': { points: 60, stepMs: 24 * MINUTE },
  '3d': { points: 60, stepMs: 72 * MINUTE },
  '7d': { points: 60, stepMs: 168 * MINUTE },
  '30d': { points: 240, stepMs: 180 * MINUTE },
};

/** Go's time.Time.String() form, as the API writes `x`. */
export function apiTimestamp(ms: number): string {
  const iso = new Date(ms).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 23)} +0000 UTC`;
}

function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 2 ** 32;
  };
}

function valueAt(name: SeriesName, i: number, n: number, t: number, r: () => number): number {
  const day = Math.sin((t / 86_400_000) * 2 * Math.PI);
  const noise = r();
  const spike = noise > 0.97 ? 3 + 4 * r() : 1;
  switch (name) {
    case 'daily_query_requests':
      return Math.round(40_000 + 18_000 * day + 6_000 * noise);
    case 'daily_update_requests':
      return Math.round(9_000 + 4_000 * day + 2_500 * noise);
    case 'daily_rerank_requests':
      return Math.round(1_200 + 700 * day + 300 * noise);
    case 'daily_bandwidths':
      return Math.round(2.4e9 + 1.1e9 * day + 4e8 * noise);
    case 'query_throughput':
      return 35 + 15 * day + 8 * noise;
    case 'update_throughput':
      return 8 + 4 * day + 3 * noise;
    case 'vector_count':
      return Math.round(1_250_000 + (180_000 * i) / n + 3_000 * noise);
    case 'data_size':
      return Math.round(3.1e9 + (4.5e8 * i) / n + 1e7 * noise);
    default: {
      const base = name.startsWith('embeds')
        ? 42
        : name.startsWith('rerank')
          ? 88
          : name.startsWith('update')
            ? 14
            : 6;
      const p99 = name.endsWith('_99') ? 2.6 : 1;
      return base * p99 * (1 + 0.15 * day + 0.2 * noise) * (name.endsWith('_99') ? spike : 1);
    }
  }
}

export type Points = Array<{ x: string; at: number; y: number }>;

export function series(
  values: readonly number[],
  endMs = Date.UTC(2024, 4, 31, 21),
  stepMs = 3 * 60 * MINUTE,
): Points {
  return values.map((y, i) => {
    const at = endMs - (values.length - 1 - i) * stepMs;
    return { x: apiTimestamp(at), at, y };
  });
}

/** A full stats record for `period`, ending at `endMs`. */
export function makeStats(
  period: StatsPeriod,
  seed = 7,
  endMs = Date.UTC(2024, 4, 31, 21),
): VectorIndexStats {
  const { points, stepMs } = SHAPE[period];
  const r = rng(seed);
  const seriesFields = Object.fromEntries(
    SERIES_NAMES.map((name) => {
      const values = Array.from({ length: points }, (_, i) =>
        valueAt(name, i, points, endMs - (points - 1 - i) * stepMs, r),
      );
      return [name, series(values, endMs, stepMs)];
    }),
  ) as Record<SeriesName, Points>;
  return {
    pending_index_count: 12,
    current_vector_count: 1_430_000,
    daily_query_count: 41_230,
    daily_update_count: 9_870,
    monthly_query_count: 1_210_000,
    monthly_update_count: 301_000,
    monthly_bandwidth_usage: 7.4e10,
    storage_usage: 3.55e9,
    monthly_cost: 41.7,
    daily_rerank_count: 1_100,
    monthly_rerank_count: 33_000,
    days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
    ...seriesFields,
  };
}

/** The same record with every series replaced by `points`. */
export function withAllSeries(stats: VectorIndexStats, points: Points): VectorIndexStats {
  return { ...stats, ...Object.fromEntries(SERIES_NAMES.map((n) => [n, points])) };
}
