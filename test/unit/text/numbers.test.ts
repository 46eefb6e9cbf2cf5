import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  digitsToTell,
  formatBinaryBytes,
  formatBytes,
  formatCompact,
  formatCount,
  formatExact,
  formatValue,
  type ValueKind,
} from '../../../src/text/numbers.ts';

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [950, '950'],
    [999.4, '999'],
    [999.6, '1k'],
    [1234, '1.2k'],
    [12_345, '12.3k'],
    [123_456, '123k'],
    [999_960, '1M'],
    [3_400_000, '3.4M'],
    [1.2e9, '1.2B'],
    [4.5e12, '4.5T'],
    [1e15, '1e15'],
    [-1234, '-1.2k'],
    [-0.4, '0'],
  ])('%d → %s', (value, text) => {
    expect(formatCount(value)).toBe(text);
  });
});

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [512, '512 B'],
    [1000, '1 KB'],
    [1234, '1.2 KB'],
    [3.4e6, '3.4 MB'],
    [2_400_000_000, '2.4 GB'],
    [7.4e10, '74 GB'],
    [1.5e15, '1.5 PB'],
    [-2048, '-2 KB'],
  ])('%d → %s', (value, text) => {
    expect(formatBytes(value)).toBe(text);
  });
});

describe('a limit, written in full', () => {
  it('keeps every digit of a count and says a size in binary units; never NaN', () => {
    expect([formatExact(1_000_000), formatExact(2.5), formatExact(Number.NaN)]).toEqual([
      '1,000,000',
      '2.5',
      '–',
    ]);
    expect([
      formatBinaryBytes(1023),
      formatBinaryBytes(1_572_864),
      formatBinaryBytes(Number.POSITIVE_INFINITY),
    ]).toEqual(['1,023 B', '1.5 MiB', '– B']);
  });
});

describe('formatCompact', () => {
  it.each([
    [0, '0'],
    [0.0123, '0.0123'],
    [0.5, '0.5'],
    [4.567, '4.57'],
    [45.67, '45.7'],
    [456.7, '457'],
    [999.7, '1k'],
    [12_345, '12.3k'],
    [0.0004567, '4.6e-4'],
    [-0.25, '-0.25'],
    [1e300, '1e300'],
  ])('%d → %s', (value, text) => {
    expect(formatCompact(value)).toBe(text);
  });
});

describe('every formatter', () => {
  const all = [formatCount, formatBytes, formatCompact];

  it('shows a dash, never NaN or Infinity, for a non-finite value', () => {
    for (const f of all) for (const v of [Number.NaN, Infinity, -Infinity]) expect(f(v)).toBe('–');
  });

  it('fits a small cell for any finite number', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (v) => {
        for (const f of all) {
          const text = f(v);
          expect(text.length).toBeLessThanOrEqual(9);
          expect(text).not.toMatch(/NaN|Infinity|undefined/);
        }
      }),
    );
  });
});

describe('digitsToTell', () => {
  it('adds digits until two values that differ read differently', () => {
    expect(digitsToTell('count', [1_540_000, 1_600_000])).toBe(3);
    const vectors = digitsToTell('count', [1_601_000, 1_602_500]);
    expect([formatCount(1_601_000, vectors), formatCount(1_602_500, vectors)]).toEqual(['1.601M', '1.603M']);
    const bytes = digitsToTell('bytes', [2_595_600_000, 2_595_800_000]);
    expect([formatBytes(2_595_600_000, bytes), formatBytes(2_595_800_000, bytes)]).toEqual([
      '2.5956 GB',
      '2.5958 GB',
    ]);
    expect(digitsToTell('measure', [6.05, 6.06])).toBe(3);
    expect(formatCompact(6.051, 4)).toBe('6.051');
  });

  it('keeps 3 digits for equal values and gives up at its cap for values a whisker apart', () => {
    expect(digitsToTell('count', [5, 5])).toBe(3);
    expect(digitsToTell('measure', [1.7e308, 1.7e308 * (1 - 1e-15)])).toBe(8);
  });

  it('makes min and max read differently whenever they differ by more than a millionth', () => {
    const kind = fc.constantFrom<ValueKind>('count', 'bytes', 'measure');
    const value = fc.double({ min: -1e12, max: 1e12, noNaN: true });
    fc.assert(
      fc.property(kind, value, value, (k, a, b) => {
        const [lo, hi] = a < b ? [a, b] : [b, a];
        // Counts and bytes are whole: values within the same integer rightly read the same.
        const whole = k !== 'measure' && Math.round(lo) === Math.round(hi);
        fc.pre(!whole && hi - lo > 1e-6 * Math.max(Math.abs(lo), Math.abs(hi), 1));
        const digits = digitsToTell(k, [lo, hi]);
        expect(formatValue(k, lo, digits)).not.toBe(formatValue(k, hi, digits));
      }),
      { numRuns: 300 },
    );
  });
});
