import { describe, expect, it } from 'vitest';
import {
  agoInWords,
  durationInWords,
  minutesAndHours,
  minutesOrHours,
  stepInWords,
  waitedInWords,
  waitSpelledOut,
} from '../../src/text/spans.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

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

describe('durationInWords', () => {
  it('rounds a length of time to the unit a person would pick', () => {
    expect(durationInWords(15 * 60_000)).toBe('15 min');
    expect(durationInWords(42 * 3_600_000)).toBe('42 h');
    expect(durationInWords(7.5 * 86_400_000)).toBe('7.5 days');
    expect(durationInWords(86_400_000 * 2)).toBe('2 days');
  });
});

describe('the other ways a message words a span', () => {
  it('minutesAndHours: to the minute, one at least, in both units', () => {
    expect([10_000, 5 * MIN, 2 * HOUR, 90 * MIN, 26 * HOUR].map(minutesAndHours)).toEqual([
      '1 min',
      '5 min',
      '2 h',
      '1 h 30 min',
      '26 h',
    ]);
  });

  it('minutesOrHours: minutes under an hour, else hours to one decimal', () => {
    expect([40 * MIN, 150 * MIN, 30 * HOUR].map(minutesOrHours)).toEqual(['40 min', '2.5 h', '30 h']);
  });

  it('waitedInWords: whole units, days and hours past a day', () => {
    expect([20_000, 5 * MIN, 3 * HOUR + 59 * MIN, 2 * DAY, 2 * DAY + 4 * HOUR].map(waitedInWords)).toEqual([
      '1 min',
      '5 min',
      '3 h',
      '2 d',
      '2 d 4 h',
    ]);
  });

  it('agoInWords: just now, then minutes, hours up to two days, days', () => {
    const now = 10 * DAY;
    expect(
      [now - 30_000, now - 3 * MIN, now - 47 * HOUR, now - 3 * DAY].map((t) => agoInWords(t, now)),
    ).toEqual(['just now', '3 min ago', '47 h ago', '3 d ago']);
  });

  it('waitSpelledOut: rounded up, spelled out for a sentence', () => {
    expect([1, 30_000, 60_000, 61_000, 89 * MIN, 2 * HOUR].map(waitSpelledOut)).toEqual([
      'a second',
      '30 seconds',
      'a minute',
      '2 minutes',
      '89 minutes',
      '2 hours',
    ]);
  });
});
