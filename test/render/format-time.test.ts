import { describe, expect, it } from 'vitest';
import { STATS_PERIODS } from '../../src/api/schemas.ts';
import { periodInWords, rangeInWords, stepInWords } from '../../src/render/format-time.ts';

describe('periodInWords', () => {
  it('names every period the API allows', () => {
    expect(STATS_PERIODS.map(periodInWords)).toEqual([
      'last hour',
      'last 3 hours',
      'last 12 hours',
      'last 24 hours',
      'last 3 days',
      'last 7 days',
      'last 30 days',
    ]);
  });
});

describe('stepInWords', () => {
  it.each([
    [60_000, '1-minute steps'],
    [72 * 60_000, '72-minute steps'],
    [3 * 3_600_000, '3-hour steps'],
    [86_400_000, '1-day steps'],
    [30_000, '30-second steps'],
  ])('%d ms → %s', (ms, words) => {
    expect(stepInWords(ms)).toBe(words);
  });

  it('says nothing for a step it cannot name', () => {
    expect(stepInWords(0)).toBeUndefined();
    expect(stepInWords(Number.NaN)).toBeUndefined();
    expect(stepInWords(3)).toBeUndefined();
  });
});

describe('rangeInWords', () => {
  it('writes both ends in UTC', () => {
    expect(rangeInWords(Date.UTC(2024, 4, 2, 0), Date.UTC(2024, 4, 31, 21))).toBe(
      '2 May 2024 00:00 – 31 May 2024 21:00 UTC',
    );
  });

  it('writes the day once when both ends share it', () => {
    expect(rangeInWords(Date.UTC(2024, 4, 31, 20, 1), Date.UTC(2024, 4, 31, 21))).toBe(
      '31 May 2024, 20:01 – 21:00 UTC',
    );
  });

  it('gives up quietly on instants a Date cannot hold', () => {
    expect(rangeInWords(0, 1e20)).toBe('');
  });
});
