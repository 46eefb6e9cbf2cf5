import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DAILY_SERIES_NAMES,
  parseApiTimestamp,
  SERIES_NAMES,
  STATS_PERIODS,
} from '../../../../src/api/index.ts';
import {
  type ManagementApiSimulator,
  makeVectorIndexStats,
  startManagementApiSimulator,
} from '../../../../src/sim/mgmt/index.ts';
import { readStats } from '../../../support/api-records.ts';

const NOW = Date.UTC(2024, 4, 15, 13, 37, 42, 123);
const AUTH = `Basic ${Buffer.from('sim-user:fake-sim-password-0001').toString('base64')}`;
const MIN = 60_000;

let sim: ManagementApiSimulator;
beforeAll(async () => {
  sim = await startManagementApiSimulator({
    username: 'sim-user',
    password: 'fake-sim-password-0001',
    now: () => NOW,
    seed: 42,
  });
});
afterAll(async () => {
  await sim.close();
});

async function get(path: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${sim.url}${path}`, { headers: { authorization: AUTH } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

type WirePoint = { x: string; y: number };

const EXPECTED = {
  '1h': { count: 60, step: MIN },
  '3h': { count: 60, step: 3 * MIN },
  '12h': { count: 60, step: 12 * MIN },
  '1d': { count: 60, step: 24 * MIN },
  '3d': { count: 60, step: 72 * MIN },
  '7d': { count: 60, step: 168 * MIN },
  '30d': { count: 240, step: 180 * MIN },
} as const;

describe('GET /v2/vector/index/{id}/stats', () => {
  for (const period of STATS_PERIODS) {
    const { count, step } = EXPECTED[period];
    it(`${period}: ${count} points per series, ${step / MIN} minutes apart, the last on aligned now`, async () => {
      // idx-2 sends its per-day series in the spec's shape; idx-1 sends them week to date (below).
      const { status, body } = await get(`/v2/vector/index/idx-2/stats?period=${period}`);
      expect(status).toBe(200);
      const lastAligned = Math.floor(NOW / step) * step;
      for (const name of SERIES_NAMES) {
        const series = body[name] as WirePoint[];
        expect(series, name).toHaveLength(count);
        const instants = series.map((p) => parseApiTimestamp(p.x));
        expect(instants.at(-1), name).toBe(lastAligned);
        expect(instants[0], name).toBe(lastAligned - (count - 1) * step);
        const gaps = new Set(
          instants.slice(1).map((t, i) => (t ?? Number.NaN) - (instants[i] ?? Number.NaN)),
        );
        expect([...gaps], name).toEqual([step]);
        expect(
          series.every((p) => Number.isFinite(p.y) && p.y >= 0),
          name,
        ).toBe(true);
      }
      // The client's schema accepts every period as served.
      expect(() => readStats(body)).not.toThrow();
    });
  }

  it('writes minute series with 3 fraction digits and the daily series with 9', async () => {
    const { body } = await get('/v2/vector/index/idx-2/stats?period=3h');
    const daily = new Set<string>(DAILY_SERIES_NAMES);
    for (const name of SERIES_NAMES) {
      const digits = daily.has(name) ? 9 : 3;
      const pattern = new RegExp(`^\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d\\.\\d{${digits}} \\+0000 UTC$`);
      for (const point of body[name] as WirePoint[]) expect(point.x, name).toMatch(pattern);
    }
  });

  it('defaults to 1h when period is absent and rejects an unknown period', async () => {
    const calls = sim.statsCalls.length;
    const { status, body } = await get('/v2/vector/index/idx-2/stats');
    expect(status).toBe(200);
    expect(body.query_throughput).toHaveLength(60);
    expect(sim.statsCalls.slice(calls)).toEqual([{ id: 'idx-2', period: null }]);

    const bad = await get('/v2/vector/index/idx-2/stats?period=2h');
    expect(bad).toEqual({
      status: 400,
      body: { error: 'period must be one of 1h, 3h, 12h, 1d, 3d, 7d, 30d' },
    });
  });

  it('answers 404 for an unknown index', async () => {
    expect(await get('/v2/vector/index/idx-404/stats?period=1h')).toEqual({
      status: 404,
      body: { error: 'index not found' },
    });
  });

  it('sends the per-day series week to date when the index says so: a point a day since Sunday, named in `days`', async () => {
    // NOW is Wednesday 15 May 2024, 13:37 UTC.
    const { body } = await get('/v2/vector/index/idx-1/stats?period=7d');
    expect(body.days).toEqual(['Sunday', 'Monday', 'Tuesday', 'Wednesday']);
    const sunday = Date.UTC(2024, 4, 12);
    for (const name of DAILY_SERIES_NAMES) {
      const series = body[name] as WirePoint[];
      expect(
        series.map((p) => parseApiTimestamp(p.x)),
        name,
      ).toEqual([0, 1, 2, 3].map((d) => sunday + d * 86_400_000));
      expect(
        series.every((p) => /\.\d{9} \+0000 UTC$/.test(p.x)),
        name,
      ).toBe(true);
    }
    // Today's point is what today has counted so far: the record's own daily counters.
    expect((body.daily_query_requests as WirePoint[]).at(-1)?.y).toBe(body.daily_query_count);
    expect((body.daily_update_requests as WirePoint[]).at(-1)?.y).toBe(body.daily_update_count);
    expect((body.query_throughput as WirePoint[]).length).toBe(60);
    expect(() => readStats(body)).not.toThrow();
  });

  it('plays an incident on idx-incident: its updates stop and its p99 query latency jumps', async () => {
    const { body } = await get('/v2/vector/index/idx-incident/stats?period=1h');
    const ys = (name: string) => (body[name] as WirePoint[]).map((p) => p.y);
    expect(ys('update_throughput').slice(-20)).toEqual(Array(20).fill(0));
    expect(
      ys('update_throughput')
        .slice(0, 30)
        .every((v) => v > 0),
    ).toBe(true);
    const p99 = ys('query_latency_99');
    const before = Math.max(...p99.slice(0, 40));
    expect(Math.min(...p99.slice(-14))).toBeGreaterThan(before);
  });

  it('looks realistic: vectors only grow, p99 latency is above the mean, scalars match the series', async () => {
    const { body } = await get('/v2/vector/index/idx-2/stats?period=30d');
    const ys = (name: string) => (body[name] as WirePoint[]).map((p) => p.y);
    const vectors = ys('vector_count');
    expect(vectors.every((v, i) => i === 0 || v >= (vectors[i - 1] ?? 0))).toBe(true);
    expect(vectors.at(-1)).toBeGreaterThan(vectors[0] ?? 0);
    const mean = ys('query_latency_mean');
    const p99 = ys('query_latency_99');
    expect(p99.every((v, i) => v > (mean[i] ?? 0))).toBe(true);
    expect(body.current_vector_count).toBeGreaterThanOrEqual(vectors.at(-1) ?? 0);
    expect(body.days).toEqual(['Thursday', 'Friday', 'Saturday', 'Sunday', 'Monday', 'Tuesday', 'Wednesday']);
    // Throughput follows the day: not flat.
    const qps = ys('query_throughput');
    expect(Math.max(...qps)).toBeGreaterThan(Math.min(...qps) * 1.5);
  });
});

describe('makeVectorIndexStats', () => {
  it('is deterministic given seed, id, period and now', () => {
    expect(makeVectorIndexStats('idx-1', '1d', NOW, 3)).toEqual(makeVectorIndexStats('idx-1', '1d', NOW, 3));
    expect(makeVectorIndexStats('idx-1', '1d', NOW, 3)).not.toEqual(
      makeVectorIndexStats('idx-1', '1d', NOW, 4),
    );
    expect(makeVectorIndexStats('idx-1', '1d', NOW, 3)).not.toEqual(
      makeVectorIndexStats('idx-2', '1d', NOW, 3),
    );
  });

  it('gives the same value for the same instant whatever the period', () => {
    const hour = makeVectorIndexStats('idx-1', '1h', NOW, 3).query_throughput as WirePoint[];
    const threeHours = makeVectorIndexStats('idx-1', '3h', NOW, 3).query_throughput as WirePoint[];
    const shared = threeHours.filter((p) => hour.some((q) => q.x === p.x));
    expect(shared.length).toBeGreaterThan(10);
    for (const p of shared) expect(hour.find((q) => q.x === p.x)?.y).toBe(p.y);
  });

  it('an idle index has zero traffic and zero vectors', () => {
    const stats = makeVectorIndexStats('idx-empty', '1h', NOW, 1, { qps: 0, vectors: 0, growthPerDay: 0 });
    expect((stats.query_throughput as WirePoint[]).every((p) => p.y === 0)).toBe(true);
    expect(stats.current_vector_count).toBe(0);
    expect(stats.monthly_cost).toBe(0);
  });

  it('plays a steered series as its story: the first value before the first step, each step from its time', () => {
    const steps = [
      { fromMs: NOW - 20 * MIN, value: 120 },
      { fromMs: NOW - 10 * MIN, value: 380 },
    ];
    const stats = makeVectorIndexStats('idx-1', '1h', NOW, 3, { steps: { query_latency_99: steps } });
    const points = (stats.query_latency_99 as WirePoint[]).map((p) => ({
      t: parseApiTimestamp(p.x) ?? 0,
      y: p.y,
    }));
    expect(points.filter((p) => p.t < NOW - 10 * MIN).every((p) => p.y === 120)).toBe(true);
    expect(points.filter((p) => p.t >= NOW - 10 * MIN).map((p) => p.y)).toEqual(Array(10).fill(380));
    // Other series keep their usual values.
    expect(stats.query_throughput).toEqual(makeVectorIndexStats('idx-1', '1h', NOW, 3).query_throughput);
  });
});
