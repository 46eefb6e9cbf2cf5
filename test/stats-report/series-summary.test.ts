import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { meanOf } from '../../src/stats-report/change.ts';
import {
  downsample,
  SPARK_LEVELS,
  SPARKLINE_WIDTH,
  sparkline,
  summarise,
} from '../../src/stats-report/series-summary.ts';

describe('summarise', () => {
  it('gives nothing for an empty series (and for one with only non-finite values)', () => {
    expect(summarise([])).toBeUndefined();
    expect(summarise([Number.NaN, Number.POSITIVE_INFINITY])).toBeUndefined();
  });

  it('reduces a single point to itself, with no change', () => {
    expect(summarise([42])).toEqual({
      n: 1,
      first: 42,
      last: 42,
      min: 42,
      max: 42,
      mean: 42,
      changePct: undefined,
    });
  });

  it('shows an all-equal series as flat: 0% change', () => {
    expect(summarise([7, 7, 7, 7])).toEqual({
      n: 4,
      first: 7,
      last: 7,
      min: 7,
      max: 7,
      mean: 7,
      changePct: 0,
    });
  });

  it('handles negative values', () => {
    const s = summarise([-4, -2, -8, -6]);
    expect(s).toMatchObject({ last: -6, min: -8, max: -2, mean: -5 });
    // first quarter -4, last quarter -6: 50% further below zero, relative to |first|.
    expect(s?.changePct).toBeCloseTo(-50);
  });

  it('keeps huge values finite: no Infinity from sums or differences', () => {
    const s = summarise([-1.7e308, 1.7e308, 1.7e308, 1.7e308]);
    expect(s?.mean).toBeCloseTo(0.85e308, -300);
    expect(Number.isFinite(s?.mean)).toBe(true);
    expect(s?.changePct).toBeCloseTo(200);
    expect(summarise([1.7e308, 1.7e308])?.mean).toBe(1.7e308);
  });

  it('drops non-finite points and keeps the rest', () => {
    expect(summarise([1, Number.NaN, 3])).toMatchObject({ n: 2, last: 3, min: 1, max: 3, mean: 2 });
  });
});

describe('sparkline', () => {
  it('is empty for no data and one character for a single point', () => {
    expect(sparkline([])).toBe('');
    expect(sparkline([5])).toBe('▄');
  });

  it('uses the full range from lowest to highest block', () => {
    expect(sparkline([0, 1, 2, 3, 4, 5, 6, 7])).toBe(SPARK_LEVELS.join(''));
    expect(sparkline([7, 0])).toBe('█▁');
  });

  it('draws flat series mid-height, and flat zero on the floor', () => {
    expect(sparkline([3, 3, 3])).toBe('▄▄▄');
    expect(sparkline([0, 0, 0])).toBe('▁▁▁');
  });

  it('scales negative values between their own min and max', () => {
    expect(sparkline([-10, -5, 0])).toBe('▁▅█');
  });

  it('starts amounts at zero: a 4 % dip is a block lower at most, not a cliff', () => {
    expect(sparkline([100, 100, 96, 100], { fromZero: true })).toBe('████');
    expect(sparkline([100, 100, 96, 100])).toBe('██▁█');
    expect(sparkline([0, 50, 100], { fromZero: true })).toBe('▁▅█');
  });

  it('survives the extremes of a double', () => {
    expect(sparkline([-1.7e308, 0, 1.7e308])).toBe('▁▅█');
    expect(sparkline([Number.MAX_VALUE, -Number.MAX_VALUE])).toBe('█▁');
  });

  it('folds 60 and 240 points into the fixed width', () => {
    expect([...sparkline(Array.from({ length: 60 }, (_, i) => i))]).toHaveLength(SPARKLINE_WIDTH);
    const rising = sparkline(Array.from({ length: 240 }, (_, i) => i));
    expect([...rising]).toHaveLength(SPARKLINE_WIDTH);
    expect(rising.startsWith('▁')).toBe(true);
    expect(rising.endsWith('█')).toBe(true);
  });

  it('only ever uses the eight block characters, whatever the input', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ noNaN: false }), { maxLength: 300 }), (values) => {
        const line = sparkline(values);
        expect([...line].every((ch) => (SPARK_LEVELS as readonly string[]).includes(ch))).toBe(true);
        expect([...line].length).toBeLessThanOrEqual(SPARKLINE_WIDTH);
      }),
    );
  });
});

describe('downsample and meanOf', () => {
  it('averages equal-sized buckets', () => {
    expect(downsample([1, 2, 3, 4, 5, 6], 3)).toEqual([1.5, 3.5, 5.5]);
    expect(downsample([1, 2], 5)).toEqual([1, 2]);
  });

  it('mean of nothing is NaN (callers check for empty first)', () => {
    expect(meanOf([])).toBeNaN();
    expect(meanOf([2, 4])).toBe(3);
  });
});
