import { describe, expect, it } from 'vitest';
import { changeOf } from '../../../src/stats-report/change.ts';
import {
  detectFlatline,
  detectLevelShift,
  detectSpike,
  detectTrend,
  THRESHOLDS,
} from '../../../src/stats-report/detectors.ts';
import { highlightsOf, MAX_HIGHLIGHTS } from '../../../src/stats-report/highlights.ts';
import { END, MINUTE, points, statsWith, steady } from './highlight-fixtures.ts';

const series = (values: readonly number[]) => {
  const p = points(values);
  return { at: p.map((q) => q.at), y: p.map((q) => q.y), n: p.length };
};
const texts = (stats: Parameters<typeof highlightsOf>[0]) => highlightsOf(stats).map((h) => h.text);

describe('each detector fires on its pattern', () => {
  it('level shift: the last quarter at another level than the rest', () => {
    const values = [...steady(19, 45), ...steady(46, 15, 0.05, 3)];
    expect(detectLevelShift(series(values))?.finding).toMatchObject({
      kind: 'level-shift',
      windowMs: 15 * MINUTE,
    });
    expect(texts(statsWith({ query_latency_99: points(values) }))).toEqual([
      'p99 query latency rose 2.4× in the last 15 min (19 → 46.1)',
    ]);
  });

  it('flatline: busy, then nothing but zeros to the end', () => {
    const values = [...steady(5, 43), ...Array(17).fill(0)];
    const stopped = END - 16 * MINUTE;
    expect(detectFlatline(series(values))?.finding).toEqual({ kind: 'flatline', since: stopped });
    expect(texts(statsWith({ update_throughput: points(values) }))).toEqual([
      'updates stopped at 14:43 UTC — 0 since',
    ]);
  });

  it('spike: one brief excursion far above the median', () => {
    const values = steady(130, 60, 0.04);
    values[41] = 410;
    const found = detectSpike(series(values))?.finding;
    expect(found).toMatchObject({ kind: 'spike', peak: 410, at: END - 18 * MINUTE });
    expect(texts(statsWith({ rerank_latency_99: points(values) }))).toEqual([
      'p99 rerank latency spiked to 410 at 14:41 UTC — 3.1× its median (130)',
    ]);
  });

  it('trend: a steady move across the period, worded as the change of change.ts', () => {
    const values = Array.from(
      { length: 60 },
      (_, i) => 5.0e9 * (1 + (0.16 * i) / 59) * (1 + 0.001 * Math.sin(i)),
    );
    const found = detectTrend(series(values), THRESHOLDS.trend.minPct.size)?.finding;
    expect(found).toMatchObject({ kind: 'trend', pct: changeOf(values)?.pct });
    expect(texts(statsWith({ data_size: points(values) }))).toEqual([
      'storage grew 12% this period (5.1 GB → 5.7 GB)',
    ]);
  });
});

describe('each detector stays quiet short of its pattern', () => {
  it.each([
    ['a shift of 1.3×', [...steady(19, 45), ...steady(24.7, 15)]],
    ['an idle series (zeros all along)', Array(60).fill(0)],
    ['a stop too short to tell (2 points)', [...steady(5, 58), 0, 0]],
    ['a spike of 2.5×', steady(130, 60, 0.04).map((v, i) => (i === 41 ? 325 : v))],
    ['a drift of 5%', Array.from({ length: 60 }, (_, i) => 100 * (1 + (0.065 * i) / 59))],
    ['noise of ±30%', steady(50, 60, 0.3)],
    ['fewer points than the minimum', [...steady(19, 10), ...steady(46, 5)]],
  ])('%s', (_name, values) => {
    const s = series(values);
    expect(detectLevelShift(s)).toBeUndefined();
    expect(detectFlatline(s)).toBeUndefined();
    expect(detectSpike(s)).toBeUndefined();
    expect(detectTrend(s, THRESHOLDS.trend.minPct.size)).toBeUndefined();
  });

  it('says nothing at all for a record without data, or no record', () => {
    expect(highlightsOf(statsWith({}))).toEqual([]);
    expect(highlightsOf(null as never)).toEqual([]);
  });
});

describe('highlights of a record', () => {
  const shifted = (low: number, high: number) => points([...steady(low, 45), ...steady(high, 15, 0.05, 2)]);

  it('ranks by how unusual: a stop first, then the larger factor; three at most', () => {
    const stats = statsWith({
      update_throughput: points([...steady(5, 50), ...Array(10).fill(0)]),
      rerank_latency_99: shifted(100, 160),
      query_latency_99: shifted(19, 46),
      embeds_latency_99: shifted(40, 200),
      data_size: points(Array.from({ length: 60 }, (_, i) => 1e9 * (1 + (0.3 * i) / 59))),
    });
    const found = highlightsOf(stats);
    expect(found).toHaveLength(MAX_HIGHLIGHTS);
    expect(found.map((h) => h.series)).toEqual([
      'update_throughput',
      'embeds_latency_99',
      'query_latency_99',
    ]);
  });

  it('tells one story once: a mean and a p99 that shift together give one highlight', () => {
    const stats = statsWith({ query_latency_mean: shifted(6, 12), query_latency_99: shifted(19, 57) });
    expect(texts(stats)).toEqual(['p99 query latency rose 3.0× in the last 15 min (19 → 56.8)']);
  });

  it('calls a step a level shift even though it moves the quarter means too', () => {
    const stats = statsWith({ query_latency_99: shifted(19, 46) });
    expect(highlightsOf(stats)[0]?.finding.kind).toBe('level-shift');
  });

  it('words falls and shrinking plainly', () => {
    expect(texts(statsWith({ query_throughput: shifted(40, 12) }))).toEqual([
      'query throughput fell 70% in the last 15 min (40.1 → 12)',
    ]);
    const shrinking = Array.from({ length: 60 }, (_, i) => 2_000_000 * (1 - (0.4 * i) / 59));
    expect(texts(statsWith({ vector_count: points(shrinking) }))).toEqual([
      'vectors shrank 32% this period (1.9M → 1.3M)',
    ]);
  });

  it('leaves the per-day totals alone: a handful of days is too few to call one unusual', () => {
    const days = points([100, 100, 100, 100, 100, 900, 100], END, 86_400_000);
    expect(highlightsOf(statsWith({ daily_query_requests: days }))).toEqual([]);
  });
});
