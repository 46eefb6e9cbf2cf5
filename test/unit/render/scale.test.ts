import { describe, expect, it } from 'vitest';
import { MIN_RANGE_SHARE, yScaleOf } from '../../../src/render/scale.ts';

describe('yScaleOf', () => {
  it('stands amounts on zero: a 3.8 % dip keeps 96 % of the height', () => {
    const y = yScaleOf('count', 'zero', 96_200, 100_000);
    expect(y).toMatchObject({ lo: 0, bottom: '0' });
    expect(y?.hi).toBe(100_000);
    expect(y?.top).toBe('100k');
  });

  it('gives latency its own range, rounded outward and labelled at both edges', () => {
    expect(yScaleOf('measure', 'range', 12.3, 46.1)).toEqual({ lo: 10, hi: 50, bottom: '10', top: '50' });
  });

  it('never draws a ranged panel narrower than a quarter of its level: noise stays small', () => {
    const y = yScaleOf('measure', 'range', 100, 101);
    expect(y).toBeDefined();
    expect((y?.hi ?? 0) - (y?.lo ?? 0)).toBeGreaterThanOrEqual(101 * MIN_RANGE_SHARE);
    const small = yScaleOf('measure', 'range', 0.5, 0.6);
    expect(small?.lo).toBeGreaterThanOrEqual(0);
    expect(small?.lo).toBeLessThanOrEqual(0.5);
    expect(small?.hi).toBeGreaterThanOrEqual(0.6);
  });

  it('labels the two edges with enough digits to differ', () => {
    const y = yScaleOf('bytes', 'zero', 0, 1);
    expect(y?.bottom).not.toBe(y?.top);
    const big = yScaleOf('count', 'range', 1_600_000, 1_600_900);
    expect(big?.bottom).not.toBe(big?.top);
  });

  it('handles flat, negative, extreme and missing data without throwing', () => {
    expect(yScaleOf('count', 'zero', 0, 0)).toMatchObject({ lo: 0, hi: 1 });
    expect(yScaleOf('measure', 'range', 5, 5)?.hi).toBeGreaterThan(5);
    expect(yScaleOf('count', 'zero', -50, -10)).toMatchObject({ hi: 0 });
    const extreme = yScaleOf('measure', 'range', -1.7e308, 1.7e308);
    expect(extreme?.lo).toBe(-1.7e308);
    expect(extreme?.hi).toBe(1.7e308);
    expect(yScaleOf('measure', 'range', 5e-324, 1e-323)).toBeDefined();
    expect(yScaleOf('count', 'zero', Number.NaN, Number.NaN)).toBeUndefined();
  });
});
