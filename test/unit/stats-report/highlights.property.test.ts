// The highlights stay quiet on noise: a record whose every series is stationary noise (no shift,
// stop, spike or trend in it) says "nothing unusual" — always for the shapes the API sends (60 or
// 240 points, Gaussian or uniform noise up to ±30 %), almost always for rougher cases.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SERIES_NAMES, type VectorIndexStats } from '../../../src/api/index.ts';
import { highlightsOf } from '../../../src/stats-report/highlights.ts';
import { points } from './highlight-fixtures.ts';

type Noise = 'gaussian' | 'uniform' | 'laplace';

/** Standard noise (mean 0, deviation 1) from two uniform draws. */
function draw(kind: Noise, u: number, v: number): number {
  const a = Math.max(u, 1e-12);
  if (kind === 'gaussian') return Math.sqrt(-2 * Math.log(a)) * Math.cos(2 * Math.PI * v);
  if (kind === 'uniform') return (u - 0.5) * 2 * Math.sqrt(3);
  return ((v < 0.5 ? -1 : 1) * -Math.log(a)) / Math.SQRT2;
}

const record = (lengths: fc.Arbitrary<number>, kinds: fc.Arbitrary<Noise>) =>
  fc
    .record({
      n: lengths,
      kind: kinds,
      levels: fc.array(fc.double({ min: -2, max: 7, noNaN: true }), { minLength: 16, maxLength: 16 }),
      amount: fc.double({ min: 0, max: 0.3, noNaN: true }),
      seed: fc.integer({ min: 1, max: 2 ** 30 }),
    })
    .map(({ n, kind, levels, amount, seed }) => {
      let s = seed;
      const uniform = () => {
        s = (s * 1103515245 + 12345) % 2 ** 31;
        return s / 2 ** 31;
      };
      const series = SERIES_NAMES.map((name, k) => {
        const level = 10 ** (levels[k] as number);
        const values = Array.from(
          { length: n },
          () => level * Math.max(0.001, 1 + amount * draw(kind, uniform(), uniform())),
        );
        return [name, points(values)];
      });
      return { days: [], ...Object.fromEntries(series) } as unknown as VectorIndexStats;
    });

describe('highlights on stationary noise', () => {
  it('say nothing unusual for what the API sends: 60 or 240 points of Gaussian or uniform noise', () => {
    fc.assert(
      fc.property(
        record(fc.constantFrom(60, 240), fc.constantFrom<Noise>('gaussian', 'uniform')),
        (stats) => {
          expect(highlightsOf(stats).map((h) => h.text)).toEqual([]);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('almost never speak up for short series and heavy-tailed noise either (under 2 % of records)', () => {
    const samples = fc.sample(
      record(fc.integer({ min: 20, max: 240 }), fc.constantFrom<Noise>('gaussian', 'uniform', 'laplace')),
      {
        numRuns: 300,
        seed: 20261124,
      },
    );
    const loud = samples.filter((stats) => highlightsOf(stats).length > 0).length;
    expect(loud / samples.length).toBeLessThan(0.02);
  });
});
