import { describe, expect, it } from 'vitest';
import { CHANGE_IN_WORDS, changeOf, formatChange } from '../../../src/stats-report/change.ts';

describe('change (one meaning everywhere)', () => {
  it('compares the mean of the last quarter with the mean of the first, in percent of the first', () => {
    expect(changeOf([10, 10, 99, 0, 0, 99, 15, 15])).toEqual({ from: 10, to: 15, pct: 50 });
    expect(changeOf([100, 80])?.pct).toBeCloseTo(-20);
    expect(changeOf([100, 5, 5, 125])?.pct).toBeCloseTo(25);
  });

  it('has no percentage from nothing, 0 when zero throughout, nothing without two points', () => {
    expect(changeOf([0, 0, 5, 5])).toEqual({ from: 0, to: 5, pct: undefined });
    expect(changeOf([0, 0, 0, 0])?.pct).toBe(0);
    expect(changeOf([7])).toBeUndefined();
  });

  it('is signed with a true minus when formatted', () => {
    expect(formatChange(12.345)).toBe('+12%');
    expect(formatChange(4.26)).toBe('+4.3%');
    expect(formatChange(-3.21)).toBe('−3.2%');
    expect(formatChange(1234.5)).toBe('+1,235%');
    expect(formatChange(56_000)).toBe('+56k%');
    expect(formatChange(0.01)).toBe('0%');
    expect(formatChange(undefined)).toBe('n/a');
  });
});

describe('the words of the definition', () => {
  it('say what changeOf computes', () => {
    expect(CHANGE_IN_WORDS).toBe(
      '“change” compares the mean of the last quarter of a period with the mean of its first quarter, in percent of the first',
    );
  });
});
