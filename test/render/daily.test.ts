import { describe, expect, it } from 'vitest';
import { dayBarsOf, latestBarWords, weekdayOf } from '../../src/render/daily.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;
// Sunday 22 November 2026, 00:00 UTC.
const SUNDAY = Date.UTC(2026, 10, 22);
const TUESDAY_AFTERNOON = SUNDAY + 2 * DAY + 17 * HOUR;

function bars(points: ReadonlyArray<readonly [number, number]>, days: readonly unknown[], now?: number) {
  return dayBarsOf(
    points.map(([at]) => at),
    points.map(([, y]) => y),
    points.length,
    days,
    now,
  );
}

const weekToDate = [
  [SUNDAY, 1_400_000],
  [SUNDAY + DAY, 2_100_000],
  [SUNDAY + 2 * DAY, 900_000],
] as const;

describe('dayBarsOf', () => {
  it('names week-to-date bars with the weekdays of `days`; today is still counting', () => {
    const b = bars(weekToDate, ['Sunday', 'Monday', 'Tuesday'], TUESDAY_AFTERNOON);
    expect(b).toEqual({
      values: [1_400_000, 2_100_000, 900_000],
      labels: ['Sun', 'Mon', 'Tue'],
      partialLast: true,
      span: 'this week: Sun–Tue',
    });
    expect(latestBarWords(b)).toBe('Tue, so far');
  });

  it('falls back to dates when `days` is missing', () => {
    const b = bars(weekToDate, [], TUESDAY_AFTERNOON);
    expect(b.labels).toEqual(['22 Nov', '23 Nov', '24 Nov']);
    expect(b.span).toBe('22–24 Nov');
  });

  it.each([
    ['one name too few', ['Sunday', 'Monday']],
    ['not weekdays', ['a', 'b', 'c']],
    ['three days off', ['Wednesday', 'Thursday', 'Friday']],
    ['not strings', [1, 2, 3]],
  ])('falls back to dates when `days` does not line up: %s', (_name, days) => {
    expect(bars(weekToDate, days, TUESDAY_AFTERNOON).labels).toEqual(['22 Nov', '23 Nov', '24 Nov']);
  });

  it('trusts `days` a day off the UTC date: the provider counts days in its own time zone', () => {
    expect(bars(weekToDate, ['Monday', 'Tuesday', 'Wednesday']).labels).toEqual(['Mon', 'Tue', 'Wed']);
    expect(bars(weekToDate, ['sat', 'SUN', ' Mon ']).labels).toEqual(['Sat', 'Sun', 'Mon']);
  });

  it('is not today’s (nor "this week") when the period ended on another day', () => {
    const b = bars(weekToDate, ['Sunday', 'Monday', 'Tuesday'], SUNDAY + 5 * DAY);
    expect(b.partialLast).toBe(false);
    expect(b.span).toBe('Sun–Tue');
    expect(latestBarWords(b)).toBe('Tue');
  });

  it('groups the spec’s shape (a point per step) into one bar per day, each its day’s latest point', () => {
    const points = Array.from(
      { length: 60 },
      (_, i) => [SUNDAY + 20 * HOUR + i * 72 * 60_000, 1000 + i] as const,
    );
    const b = bars(points, ['Monday'], points[59]?.[0]);
    expect(b.values).toEqual([1003, 1023, 1043, 1059]);
    expect(b.labels).toEqual(['22 Nov', '23 Nov', '24 Nov', '25 Nov']);
    expect(b.partialLast).toBe(true);
  });

  it('writes a span across months in full, a single bar on its own', () => {
    const across = bars(
      [
        [Date.UTC(2026, 9, 31), 1],
        [Date.UTC(2026, 10, 1), 2],
      ],
      [],
    );
    expect(across.span).toBe('31 Oct – 1 Nov');
    expect(bars([[SUNDAY, 5]], [], SUNDAY + HOUR).span).toBe('today');
    expect(bars([], []).values).toEqual([]);
  });
});

describe('weekdayOf', () => {
  it('reads full and short names in any case, and nothing else', () => {
    expect(['Sunday', 'mon', 'TUESDAY', 'wed', 'Thurs', 'fri', 'Saturday'].map(weekdayOf)).toEqual([
      0, 1, 2, 3, 4, 5, 6,
    ]);
    expect(['', 'Mo', 'Sundays', 'x', null, 3].map(weekdayOf)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});
