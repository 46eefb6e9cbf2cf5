import { describe, expect, it } from 'vitest';
import { dayBarsOf, latestBarWords, slotsOf } from '../../src/stats-report/daily.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;
// Sunday 22 November 2026, 00:00 UTC.
const SUNDAY = Date.UTC(2026, 10, 22);
const TUESDAY_AFTERNOON = SUNDAY + 2 * DAY + 17 * HOUR;

function bars(points: ReadonlyArray<readonly [number, number]>, slots: ReturnType<typeof slotsOf>) {
  return dayBarsOf(
    points.map(([at]) => at),
    points.map(([, y]) => y),
    points.length,
    slots,
  );
}

// The provider's real shape: a point per day since Sunday, at midnight, today's still counting.
const weekToDate = [
  [SUNDAY, 1_400_000],
  [SUNDAY + DAY, 2_100_000],
  [SUNDAY + 2 * DAY, 900_000],
] as const;

describe('the per-day panel follows the period', () => {
  it.each([
    ['1h', 1],
    ['3h', 3],
    ['12h', 12],
    ['1d', 24],
    ['3d', 3],
    ['7d', 7],
    ['30d', 30],
  ] as const)('%s has %d bars', (period, count) => {
    const slots = slotsOf(period, TUESDAY_AFTERNOON);
    expect(slots.numbers).toHaveLength(count);
    expect(slots.labels).toHaveLength(count);
    expect(bars(weekToDate, slots).values).toHaveLength(count);
  });

  it('7 days: a bar for each of the last seven, none where the API sent nothing', () => {
    const slots = slotsOf('7d', TUESDAY_AFTERNOON);
    const b = bars(weekToDate, slots);
    expect(slots.labels).toEqual(['Wed', 'Thu', 'Fri', 'Sat', 'Sun', 'Mon', 'Tue']);
    expect(slots.span).toBe('7 days: Wed–Tue');
    expect(b.values.slice(0, 4).every(Number.isNaN)).toBe(true);
    expect(b.values.slice(4)).toEqual([1_400_000, 2_100_000, 900_000]);
    expect(b.partialLast).toBe(true);
    expect(latestBarWords(b)).toBe('today so far');
  });

  it('30 days: dated bars, each its day’s latest point (the spec’s shape, a point per step)', () => {
    const end = SUNDAY + 20 * HOUR;
    const points = Array.from({ length: 240 }, (_, i) => [end - (239 - i) * 3 * HOUR, 1000 + i] as const);
    const slots = slotsOf('30d', end);
    const b = bars(points, slots);
    expect(slots.labels[0]).toBe('24 Oct');
    expect(slots.labels[29]).toBe('22 Nov');
    expect(slots.span).toBe('30 days: 24 Oct – 22 Nov');
    expect(b.values.at(-1)).toBe(1239);
    expect(b.values.at(-2)).toBe(1232);
    expect(b.values.filter((v) => !Number.isNaN(v))).toHaveLength(30);
  });

  it('up to a day: the hours, each bar the day so far at that hour; today’s midnight stamp is its count now', () => {
    const slots = slotsOf('12h', TUESDAY_AFTERNOON);
    expect(slots.labels[0]).toBe('06:00');
    expect(slots.labels.at(-1)).toBe('17:00');
    expect(slots.span).toBe('by the hour, 06:00 – 17:00 UTC: each bar its day so far');
    const b = bars(weekToDate, slots);
    expect(b.values.at(-1)).toBe(900_000);
    expect(b.values.slice(0, -1).every(Number.isNaN)).toBe(true);
  });

  it('writes its labels on the conversation’s clock', () => {
    const slots = slotsOf('3h', TUESDAY_AFTERNOON, 'Europe/Berlin');
    expect(slots.labels).toEqual(['16:00', '17:00', '18:00']);
    expect(slots.span).toContain('Europe/Berlin');
  });

  it('keeps days on the API’s (UTC) days whatever the reader’s zone: its counters reset at UTC midnight', () => {
    const slots = slotsOf('7d', TUESDAY_AFTERNOON, 'America/New_York');
    expect(slots.labels).toEqual(['Wed', 'Thu', 'Fri', 'Sat', 'Sun', 'Mon', 'Tue']);
    expect(bars(weekToDate, slots).values.slice(4)).toEqual([1_400_000, 2_100_000, 900_000]);
  });

  it('has no bars without points, and no "so far" when the last day has none', () => {
    expect(bars([], slotsOf('7d', TUESDAY_AFTERNOON)).values).toEqual([]);
    const b = bars([[SUNDAY, 5]], slotsOf('7d', SUNDAY + 5 * DAY));
    expect(b.partialLast).toBe(false);
    expect(latestBarWords(b)).toBe('Fri');
  });
});
