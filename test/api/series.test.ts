import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pointSchema, searchIndexSchema, vectorIndexStatsSchema } from '../../src/api/index.ts';
import { makeVectorIndexStats } from '../../src/sim/mgmt/index.ts';

// A series is checked by a plain loop first and by pointSchema only when that loop is not sure.
// Whatever the input, the result must be the one a series of pointSchema gives: same points out,
// same issues (code, path, message) when something is wrong.
const reference = z.array(pointSchema).nullable();

const anything = fc.oneof(
  fc.constant(null),
  fc.constant(undefined),
  fc.string({ maxLength: 12 }),
  fc.double(),
  fc.constantFrom(Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.NaN),
  fc.boolean(),
  fc.constant([]),
  fc.constant({}),
);
const goodX = fc
  .integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 0, 1) })
  .map((ms) => `${new Date(ms).toISOString().replace('T', ' ').replace('Z', '')} +0000 UTC`);
const point = fc.oneof(
  { weight: 8, arbitrary: fc.record({ x: goodX, y: fc.double({ noNaN: true, noDefaultInfinity: true }) }) },
  { weight: 1, arbitrary: fc.record({ x: fc.oneof(goodX, anything), y: fc.oneof(fc.double(), anything) }) },
  { weight: 1, arbitrary: fc.record({ x: goodX, y: fc.integer(), extra: anything }) },
  { weight: 1, arbitrary: anything },
);
const series = fc.oneof(
  { weight: 6, arbitrary: fc.array(point, { maxLength: 8 }) },
  { weight: 1, arbitrary: anything },
);

const WIRE = {
  customer_id: 'ops@example.com',
  id: 'idx',
  name: 'products',
  endpoint: 'https://products.example.net',
  type: 'free',
  region: 'eu-west-1',
  partner_email: '',
  token: 'fake-search-token-1',
  read_only_token: 'fake-search-ro-token-1',
  max_vector_count: 10_000,
  max_monthly_reranks: -1,
  max_daily_updates: -1,
  max_daily_queries: -1,
  max_monthly_bandwidth: -1,
  max_writes_per_second: 1_000,
  max_query_per_second: 1_000,
  max_reads_per_request: 100,
  max_writes_per_request: 100,
  creation_time: 1_715_780_262,
  input_enrichment_enabled: true,
};

describe('series of points', () => {
  it('a required series gives what a series of pointSchema gives, points or issues', () => {
    fc.assert(
      fc.property(series, (value) => {
        const expected = reference.safeParse(value);
        const actual = searchIndexSchema.safeParse({ ...WIRE, throughput_vector: value });
        expect(actual.success).toBe(expected.success);
        if (expected.success) expect(actual.data?.throughput_vector).toEqual(expected.data ?? []);
        else
          expect(actual.error?.issues).toEqual(
            expected.error.issues.map((issue) => ({ ...issue, path: ['throughput_vector', ...issue.path] })),
          );
      }),
      { numRuns: 3_000 },
    );
  });

  it('an optional series of the stats record behaves the same where present', () => {
    const stats = makeVectorIndexStats('idx-1', '1h', Date.UTC(2024, 4, 15, 13, 37, 42), 1);
    fc.assert(
      fc.property(
        series.filter((v) => v !== undefined),
        (value) => {
          const expected = reference.safeParse(value);
          const actual = vectorIndexStatsSchema.safeParse({ ...stats, data_size: value });
          expect(actual.success).toBe(expected.success);
          if (expected.success) expect(actual.data?.data_size).toEqual(expected.data ?? []);
          else
            expect(actual.error?.issues).toEqual(
              expected.error.issues.map((issue) => ({ ...issue, path: ['data_size', ...issue.path] })),
            );
        },
      ),
      { numRuns: 1_000 },
    );
  });

  it('every point of a 30-day answer is parsed, unknown fields of a point dropped', () => {
    const stats = makeVectorIndexStats('idx-1', '30d', Date.UTC(2024, 4, 15, 13, 37, 42), 1);
    const parsed = vectorIndexStatsSchema.parse(stats);
    expect(parsed.vector_count).toHaveLength(240);
    expect(parsed.vector_count).toEqual(reference.parse(stats.vector_count));
    const withExtra = searchIndexSchema.parse({
      ...WIRE,
      throughput_vector: [{ x: '2024-05-15 13:37:00 +0000 UTC', y: 2, note: 'kept out' }],
    });
    expect(withExtra.throughput_vector).toEqual([
      { x: '2024-05-15 13:37:00 +0000 UTC', at: Date.UTC(2024, 4, 15, 13, 37), y: 2 },
    ]);
  });
});
