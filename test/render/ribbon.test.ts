import { describe, expect, it } from 'vitest';
import { ribbonOf, SUB } from '../../src/render/ribbon.ts';

const line = (xs: number[], ys: number[]) => ({
  xs: Float64Array.from(xs),
  ys: Float64Array.from(ys),
  n: xs.length,
});

describe('ribbonOf', () => {
  it('is a pen wide on a flat line, and reaches nowhere else', () => {
    const r = ribbonOf(line([10, 90], [20, 20]), 3, 100);
    const mid = 50 * SUB;
    expect(r.top[mid]).toBeCloseTo(18.5);
    expect(r.bottom[mid]).toBeCloseTo(21.5);
    expect(r.top[2 * SUB]).toBe(Infinity);
    expect(r.top[98 * SUB]).toBe(Infinity);
  });

  it('keeps a one-sample spike at its full height among many points per column', () => {
    const n = 5000;
    const xs = Array.from({ length: n }, (_, i) => (i / n) * 100);
    const ys = xs.map((_, i) => (i === 2345 ? 0 : 50));
    const r = ribbonOf(line(xs, ys), 2, 100);
    expect(Math.min(...r.top)).toBeCloseTo(-1);
  });

  it('leaves gaps along a dashed line, and still shows a spike inside a gap', () => {
    const r = ribbonOf(line([0, 40, 40.5, 41, 100], [50, 50, 0, 50, 50]), 1, 100, [4, 6]);
    const drawn = Array.from({ length: 100 }, (_, x) => r.top[x * SUB + 2] !== Infinity);
    expect(drawn.filter(Boolean).length).toBeGreaterThan(20);
    expect(drawn.filter((d) => !d).length).toBeGreaterThan(20);
    expect(Math.min(...r.top)).toBeLessThan(30);
  });
});
