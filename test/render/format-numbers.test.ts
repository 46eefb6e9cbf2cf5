import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatBytes, formatCompact, formatCount } from '../../src/render/format-numbers.ts';

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
