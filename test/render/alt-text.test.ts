import { describe, expect, it } from 'vitest';
import type { VectorIndexStats } from '../../src/api/schemas.ts';
import { ALT_TEXT_LIMIT, altTextFor } from '../../src/render/index.ts';
import { makeStats, series, withAllSeries } from './fixtures.ts';

const input = (stats: VectorIndexStats, indexId = 'idx-prod-1') => ({
  indexId,
  period: '7d' as const,
  stats,
});

describe('altTextFor', () => {
  it('says the period, the range, each day of the per-day totals and each other series’ last, min and max', () => {
    const stats = withAllSeries(makeStats('7d'), series([1200, 900, 64_000, 3_400]));
    const text = altTextFor(input(stats));
    expect(text).toContain('Vector index idx-prod-1. Last 7 days · every 3 h · 31 May, 12:00 – 21:00 UTC.');
    // Seven days' bars; the four points fall on the last, today, still counting. Today's bar is the
    // record's counter of today where it has one (queries: 41.2k), the series' point where not.
    expect(text).toContain('Per day, 7 days: Sat–Fri.');
    expect(text).toContain(
      'Queries per day: Sat no data, Sun no data, Mon no data, Tue no data, Wed no data, Thu no data, today so far 41.2k.',
    );
    expect(text).toContain('today so far 3.4 KB.');
    expect(text).toContain('Query throughput: last 3.4k, min 900, max 64k.');
    expect(text).toContain('Data size: last 3.4 KB, min 900 B, max 64 KB.');
    expect(text).toContain('Rerank latency p99: last 3.4k, min 900, max 64k.');
    expect(text).toContain('units the API reports');
    expect(text.match(/: last /g)).toHaveLength(12);
    expect(text.match(/ per day: /g)).toHaveLength(4);
  });

  it('says "no data" for an empty series', () => {
    const stats = { ...makeStats('1h'), vector_count: [] };
    expect(altTextFor(input(stats))).toContain('Vectors: no data.');
  });

  it('stays within Slack’s alt_text limit whatever the input', () => {
    const extreme = withAllSeries(makeStats('30d'), series([-1.234e-300, -1.7e308, 1.7e308, -9.87e-5]));
    const text = altTextFor({ ...input(extreme, 'x'.repeat(5000)), title: 'T'.repeat(5000) });
    expect(text.length).toBeLessThanOrEqual(ALT_TEXT_LIMIT);
    expect(text).toContain('Embeddings latency p99: last -9.9e-5, min -1.7e308, max 1.7e308.');
    expect(altTextFor(input(makeStats('30d'))).length).toBeLessThan(1200);
  });
});
