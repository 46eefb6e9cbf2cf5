import { describe, expect, it } from 'vitest';
import { STATS_PERIODS } from '../../src/api/schemas.ts';
import {
  clockInWords,
  durationInWords,
  periodInWords,
  rangeInWords,
  stepInWords,
} from '../../src/time/words.ts';

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
    [60_000, 'every 1 min'],
    [72 * 60_000, 'every 72 min'],
    [168 * 60_000, 'every 2.8 h'],
    [3 * 3_600_000, 'every 3 h'],
    [86_400_000, 'every 24 h'],
    [7 * 86_400_000, 'every 7 days'],
    [30_000, 'every 30 s'],
  ])('%d ms → %s', (ms, words) => {
    expect(stepInWords(ms)).toBe(words);
  });

  it('says nothing for a step it cannot name', () => {
    expect(stepInWords(0)).toBeUndefined();
    expect(stepInWords(Number.NaN)).toBeUndefined();
    expect(stepInWords(3)).toBeUndefined();
  });
});

describe('durationInWords and clockInWords', () => {
  it('round a length of time to the unit a person would pick', () => {
    expect(durationInWords(15 * 60_000)).toBe('15 min');
    expect(durationInWords(42 * 3_600_000)).toBe('42 h');
    expect(durationInWords(7.5 * 86_400_000)).toBe('7.5 days');
    expect(durationInWords(86_400_000 * 2)).toBe('2 days');
  });

  it('give the time of day, with the date only when it is another day', () => {
    const end = Date.UTC(2026, 10, 24, 17, 27);
    expect(clockInWords(Date.UTC(2026, 10, 24, 14, 2), end)).toBe('14:02 UTC');
    expect(clockInWords(Date.UTC(2026, 10, 22, 9, 5), end)).toBe('22 Nov 09:05 UTC');
    expect(clockInWords(1e20, end)).toBe('');
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
