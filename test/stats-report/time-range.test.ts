import { describe, expect, it } from 'vitest';
import { dataSpan, rangeInWords, stepInWords, timeRangeInWords } from '../../src/stats-report/time-range.ts';

const MIN = 60_000;
const at = (iso: string) => Date.parse(iso);
const series = (startIso: string, count: number, stepMs: number) =>
  Array.from({ length: count }, (_, i) => ({ at: at(startIso) + i * stepMs }));

describe('timeRangeInWords', () => {
  it('describes 7 days in the words of the data: steps and range from the timestamps', () => {
    const s = series('2024-11-15T10:00:00Z', 61, 168 * MIN);
    expect(timeRangeInWords('7d', [s])).toBe('last 7 days, every 2.8 h, 15 Nov 10:00 – 22 Nov 10:00 UTC');
  });

  it('describes an hour within one day compactly', () => {
    const s = series('2024-11-15T09:00:00Z', 60, MIN);
    expect(timeRangeInWords('1h', [s])).toBe('last hour, every 1 min, 15 Nov, 09:00 – 09:59 UTC');
  });

  it('describes 30 days at 3-hour steps and shows years only across a new year', () => {
    const s = series('2024-12-05T00:00:00Z', 240, 180 * MIN);
    expect(timeRangeInWords('30d', [s])).toBe(
      'last 30 days, every 3 h, 5 Dec 2024 00:00 – 3 Jan 2025 21:00 UTC',
    );
  });

  it('says so when there is no data at all', () => {
    expect(timeRangeInWords('3d', [[], []])).toBe('last 3 days, no data points');
  });

  it('shows what a short series really covers, not what the period promised', () => {
    const s = series('2024-11-15T10:00:00Z', 3, 72 * MIN);
    expect(timeRangeInWords('3d', [s, []])).toBe('last 3 days, every 72 min, 15 Nov, 10:00 – 12:24 UTC');
  });

  it('a single point has a time but no step', () => {
    expect(timeRangeInWords('1d', [[{ at: at('2024-11-15T10:00:00Z') }]])).toBe(
      'last 24 hours, 15 Nov 10:00 UTC',
    );
  });
});

describe('dataSpan', () => {
  it('spans all series and takes the median step of the longest (a gap does not change it)', () => {
    const a = [...series('2024-01-01T00:00:00Z', 5, MIN), { at: at('2024-01-01T01:00:00Z') }];
    const b = series('2023-12-31T23:00:00Z', 2, MIN);
    expect(dataSpan([a, b])).toEqual({
      from: at('2023-12-31T23:00:00Z'),
      to: at('2024-01-01T01:00:00Z'),
      stepMs: MIN,
      points: 6,
    });
  });
});

describe('stepInWords and rangeInWords', () => {
  it('names steps in round words', () => {
    expect(stepInWords(24 * 60 * MIN)).toBe('every 24 h');
    expect(stepInWords(3 * 60 * MIN)).toBe('every 3 h');
    expect(stepInWords(24 * MIN)).toBe('every 24 min');
    expect(stepInWords(30_000)).toBe('every 30 s');
    expect(stepInWords(0)).toBeUndefined();
    expect(stepInWords(Number.NaN)).toBeUndefined();
  });

  it('refuses instants a Date cannot hold instead of throwing', () => {
    expect(rangeInWords(0, 9e15)).toBeUndefined();
  });
});
