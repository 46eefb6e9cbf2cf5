import { describe, expect, it } from 'vitest';
import { STATS_PERIODS } from '../../../src/api/schemas.ts';
import {
  clockInWords,
  instantInWords,
  periodInWords,
  rangeInWords,
  spanWords,
  utcStamp,
} from '../../../src/time/words.ts';

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

describe('clockInWords', () => {
  it('gives the time of day, with the date only when it is another day', () => {
    const end = Date.UTC(2026, 10, 24, 17, 27);
    expect(clockInWords(Date.UTC(2026, 10, 24, 14, 2), end)).toBe('14:02 UTC');
    expect(clockInWords(Date.UTC(2026, 10, 22, 9, 5), end)).toBe('22 Nov 09:05 UTC');
    expect(clockInWords(1e20, end)).toBe('');
  });
});

describe('rangeInWords', () => {
  it('writes both ends with the zone, the year only across a new year', () => {
    expect(rangeInWords(Date.UTC(2024, 4, 2, 0), Date.UTC(2024, 4, 31, 21))).toBe(
      '2 May 00:00 – 31 May 21:00 UTC',
    );
    expect(rangeInWords(Date.UTC(2024, 11, 5), Date.UTC(2025, 0, 3, 21))).toBe(
      '5 Dec 2024 00:00 – 3 Jan 2025 21:00 UTC',
    );
  });

  it('writes the day once when both ends share it', () => {
    expect(rangeInWords(Date.UTC(2024, 4, 31, 20, 1), Date.UTC(2024, 4, 31, 21))).toBe(
      '31 May, 20:01 – 21:00 UTC',
    );
  });

  it('writes the wall clock of the zone it is given, and names it', () => {
    expect(rangeInWords(Date.UTC(2026, 11, 1, 21, 10), Date.UTC(2026, 11, 1, 22, 10), 'Europe/Berlin')).toBe(
      '1 Dec, 22:10 – 23:10 Europe/Berlin',
    );
  });

  it('gives up quietly on instants a Date cannot hold', () => {
    expect(rangeInWords(0, 1e20)).toBe('');
  });
});

describe('instantInWords', () => {
  it('says the weekday, the date, the time and the zone: "Firing since Tue 1 Dec, 22:10 UTC"', () => {
    const at = Date.UTC(2026, 11, 1, 22, 10);
    expect(instantInWords(at)).toBe('Tue 1 Dec, 22:10 UTC');
    expect(instantInWords(at, 'Europe/Berlin')).toBe('Tue 1 Dec, 23:10 Europe/Berlin');
    expect(instantInWords(at, 'America/New_York')).toBe('Tue 1 Dec, 17:10 America/New_York');
  });
});

describe('utcStamp', () => {
  it('writes an instant with its year in UTC, for where Slack cannot show the reader their zone', () => {
    expect(utcStamp(Date.UTC(2026, 0, 15, 9, 30, 59))).toBe('2026-01-15 09:30 UTC');
    expect(utcStamp(Number.NaN)).toBe('');
  });
});

describe('spanWords', () => {
  const MIN = 60_000;
  it('describes a period in the words of its data: the step and the range from the timestamps', () => {
    const from = Date.UTC(2024, 10, 15, 10);
    expect(spanWords('7d', { from, to: from + 7 * 86_400_000, stepMs: 168 * MIN }).join(', ')).toBe(
      'last 7 days, every 2.8 h, 15 Nov 10:00 – 22 Nov 10:00 UTC',
    );
    expect(spanWords('1h', { from, to: from + 59 * MIN, stepMs: MIN }, 'Europe/Berlin').join(', ')).toBe(
      'last hour, every 1 min, 15 Nov, 11:00 – 11:59 Europe/Berlin',
    );
  });

  it('says so when there is no data at all, and gives a lone point no step', () => {
    expect(spanWords('3d', undefined).join(', ')).toBe('last 3 days, no data points');
    const at = Date.UTC(2024, 10, 15, 10);
    expect(spanWords('1d', { from: at, to: at, stepMs: 0 }).join(', ')).toBe(
      'last 24 hours, 15 Nov 10:00 UTC',
    );
  });
});
