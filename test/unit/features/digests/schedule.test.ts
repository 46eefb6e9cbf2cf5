import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  daysInWords,
  decideDue,
  EVERY_DAY,
  latestRunAtOrBefore,
  nextRunAfter,
  nextRunOnSave,
  type Schedule,
  WEEKDAYS,
} from '../../../../src/features/digests/schedule.ts';
import type { Weekday } from '../../../../src/store/index.ts';
import { canonicalTimeZone, localDateOf, localTimeOf } from '../../../../src/time/zones.ts';

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();
const HOUR = 3_600_000;

const every = (localTime: string, timeZone: string, days: readonly Weekday[] = EVERY_DAY): Schedule => ({
  localTime,
  timeZone,
  days,
});

describe('next run in zones ahead of and behind UTC', () => {
  it('Berlin (UTC+1 in winter): later today, or tomorrow once the time has passed', () => {
    const s = every('09:00', 'Europe/Berlin');
    expect(iso(nextRunAfter(s, at('2026-11-23T07:30:00Z')))).toBe('2026-11-23T08:00:00.000Z');
    expect(iso(nextRunAfter(s, at('2026-11-23T08:00:00Z')))).toBe('2026-11-24T08:00:00.000Z');
  });

  it('New York (UTC−5): the local date, not the UTC date, decides the day', () => {
    const s = every('23:30', 'America/New_York');
    // 22:00 on the 23rd in New York is already the 24th in UTC.
    const next = nextRunAfter(s, at('2026-11-24T03:00:00Z'));
    expect(iso(next)).toBe('2026-11-24T04:30:00.000Z');
    expect(localDateOf(next, 'America/New_York')).toBe('2026-11-23');
  });

  it('Auckland (UTC+13): the run lands on the previous UTC day', () => {
    const s = every('07:00', 'Pacific/Auckland');
    expect(iso(nextRunAfter(s, at('2026-11-23T10:00:00Z')))).toBe('2026-11-23T18:00:00.000Z');
  });

  it('Kolkata (UTC+5:30): half-hour offsets', () => {
    expect(iso(nextRunAfter(every('09:00', 'Asia/Kolkata'), at('2026-11-23T00:00:00Z')))).toBe(
      '2026-11-23T03:30:00.000Z',
    );
  });
});

describe('DST', () => {
  it('Berlin spring forward: 02:30 does not exist, so it runs at 03:00, the first valid instant', () => {
    const s = every('02:30', 'Europe/Berlin');
    const run = nextRunAfter(s, at('2026-03-28T23:00:00Z'));
    expect(iso(run)).toBe('2026-03-29T01:00:00.000Z');
    expect(localTimeOf(run, 'Europe/Berlin')).toBe('03:00');
    // The day after is back to 02:30, now in summer time.
    expect(iso(nextRunAfter(s, run))).toBe('2026-03-30T00:30:00.000Z');
  });

  it('Berlin fall back: 02:30 happens twice, the digest runs at the first one only', () => {
    const s = every('02:30', 'Europe/Berlin');
    const first = nextRunAfter(s, at('2026-10-24T23:00:00Z'));
    expect(iso(first)).toBe('2026-10-25T00:30:00.000Z');
    const next = nextRunAfter(s, first);
    expect(iso(next)).toBe('2026-10-26T01:30:00.000Z');
    // Asked from inside the repeated hour, the second 02:30 is not a run either.
    expect(iso(nextRunAfter(s, at('2026-10-25T01:10:00Z')))).toBe('2026-10-26T01:30:00.000Z');
  });

  it('New York spring forward and fall back', () => {
    expect(iso(nextRunAfter(every('02:30', 'America/New_York'), at('2026-03-08T05:00:00Z')))).toBe(
      '2026-03-08T07:00:00.000Z',
    );
    const s = every('01:30', 'America/New_York');
    const first = nextRunAfter(s, at('2026-11-01T04:00:00Z'));
    expect(iso(first)).toBe('2026-11-01T05:30:00.000Z');
    expect(iso(nextRunAfter(s, first))).toBe('2026-11-02T06:30:00.000Z');
  });

  it('a time away from the change keeps its wall-clock time across it', () => {
    const s = every('09:00', 'Europe/Berlin');
    expect(iso(nextRunAfter(s, at('2026-03-28T09:00:00Z')))).toBe('2026-03-29T07:00:00.000Z');
    expect(iso(nextRunAfter(s, at('2026-10-24T09:00:00Z')))).toBe('2026-10-25T08:00:00.000Z');
  });
});

describe('days', () => {
  it('weekdays: Friday after the time → Monday; Saturday → Monday', () => {
    const s = every('09:00', 'Europe/Berlin', WEEKDAYS);
    expect(iso(nextRunAfter(s, at('2026-11-27T08:00:00Z')))).toBe('2026-11-30T08:00:00.000Z');
    expect(iso(nextRunAfter(s, at('2026-11-28T12:00:00Z')))).toBe('2026-11-30T08:00:00.000Z');
  });

  it('chosen days: Wednesday only', () => {
    const s = every('09:00', 'America/New_York', [3]);
    expect(iso(nextRunAfter(s, at('2026-11-26T15:00:00Z')))).toBe('2026-12-02T14:00:00.000Z');
  });

  it('uses the weekday of the zone, not of UTC', () => {
    // Monday 08:00 in Tokyo is still Sunday in UTC; a weekdays digest runs then.
    const s = every('08:00', 'Asia/Tokyo', WEEKDAYS);
    expect(iso(nextRunAfter(s, at('2026-11-22T12:00:00Z')))).toBe('2026-11-22T23:00:00.000Z');
  });

  it('words', () => {
    expect(daysInWords(EVERY_DAY)).toBe('every day');
    expect(daysInWords(WEEKDAYS)).toBe('weekdays');
    expect(daysInWords([0, 6])).toBe('weekends');
    expect(daysInWords([5, 1, 3])).toBe('Mon, Wed, Fri');
  });
});

describe('month and year boundaries', () => {
  it('30 November → 1 December', () => {
    expect(iso(nextRunAfter(every('09:00', 'Europe/Berlin'), at('2026-11-30T09:00:00Z')))).toBe(
      '2026-12-01T08:00:00.000Z',
    );
  });

  it('New Year in Tokyo while UTC is still in the old year', () => {
    const s = every('08:00', 'Asia/Tokyo');
    const run = nextRunAfter(s, at('2026-12-31T12:00:00Z'));
    expect(iso(run)).toBe('2026-12-31T23:00:00.000Z');
    expect(localDateOf(run, 'Asia/Tokyo')).toBe('2027-01-01');
  });

  it('New Year Eve in Los Angeles while UTC is already in the new year', () => {
    const run = nextRunAfter(every('20:00', 'America/Los_Angeles'), at('2027-01-01T01:00:00Z'));
    expect(iso(run)).toBe('2027-01-01T04:00:00.000Z');
    expect(localDateOf(run, 'America/Los_Angeles')).toBe('2026-12-31');
  });

  it('29 February in a leap year', () => {
    const s = every('09:00', 'UTC', [0]);
    expect(iso(nextRunAfter(s, at('2028-02-27T10:00:00Z')))).toBe('2028-03-05T09:00:00.000Z');
    expect(localDateOf(nextRunAfter(every('09:00', 'UTC'), at('2028-02-28T10:00:00Z')), 'UTC')).toBe(
      '2028-02-29',
    );
  });
});

describe('latest run and what to do when due', () => {
  const s = every('09:00', 'Europe/Berlin');
  const CATCH_UP = 3 * HOUR;

  it('latest run at or before an instant', () => {
    expect(iso(latestRunAtOrBefore(s, at('2026-11-23T08:00:00Z')) ?? 0)).toBe('2026-11-23T08:00:00.000Z');
    expect(iso(latestRunAtOrBefore(s, at('2026-11-23T07:59:00Z')) ?? 0)).toBe('2026-11-22T08:00:00.000Z');
  });

  it('on time and a little late: post; too late: skip', () => {
    const stored = at('2026-11-23T08:00:00Z');
    expect(decideDue(s, stored, stored, CATCH_UP)).toMatchObject({
      kind: 'post',
      run: { localDate: '2026-11-23', lateMs: 0 },
    });
    expect(decideDue(s, stored, stored + 2 * HOUR, CATCH_UP).kind).toBe('post');
    expect(decideDue(s, stored, stored + 3 * HOUR, CATCH_UP).kind).toBe('skip');
    expect(decideDue(s, stored, stored + 3 * HOUR, CATCH_UP).superseded).toBeUndefined();
  });

  it('after days of downtime only the latest run counts, and the stored one is superseded', () => {
    const stored = at('2026-11-20T08:00:00Z');
    const d = decideDue(s, stored, at('2026-11-23T09:00:00Z'), CATCH_UP);
    expect(d.kind).toBe('post');
    expect(d.run.localDate).toBe('2026-11-23');
    expect(d.superseded?.localDate).toBe('2026-11-20');
    // Down until after today's window: nothing is posted, and nothing older either.
    expect(decideDue(s, stored, at('2026-11-23T20:00:00Z'), CATCH_UP)).toMatchObject({
      kind: 'skip',
      run: { localDate: '2026-11-23' },
    });
  });

  it('a time change while a run is due keeps the due run; otherwise the next one after now', () => {
    const due = at('2026-11-23T08:00:00Z');
    const now = due + 60_000;
    const later = every('15:00', 'Europe/Berlin');
    expect(nextRunOnSave(later, now, due)).toBe(due);
    // Under the new schedule the due run is still today's, posted once.
    expect(decideDue(later, due, now, CATCH_UP)).toMatchObject({
      kind: 'post',
      run: { localDate: '2026-11-23' },
    });
    expect(iso(nextRunOnSave(later, now, due + HOUR))).toBe('2026-11-23T14:00:00.000Z');
    expect(iso(nextRunOnSave(later, now))).toBe('2026-11-23T14:00:00.000Z');
  });

  it('a run due across the spring-forward change is still found and posted', () => {
    const s230 = every('02:30', 'Europe/Berlin');
    const stored = at('2026-03-29T01:00:00Z');
    const d = decideDue(s230, stored, at('2026-03-29T01:20:00Z'), CATCH_UP);
    expect(d).toMatchObject({ kind: 'post', run: { localDate: '2026-03-29', scheduledFor: stored } });
  });
});

describe('time zones', () => {
  it('accepts IANA names in any case and canonicalises them; refuses offsets and unknown names', () => {
    expect(canonicalTimeZone('europe/berlin')).toBe('Europe/Berlin');
    expect(canonicalTimeZone(' America/New_York ')).toBe('America/New_York');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
    // The name people chose stays, even where ICU knows the zone by an older one.
    expect(canonicalTimeZone('Asia/Kolkata')).toBe('Asia/Kolkata');
    expect(canonicalTimeZone('Europe/Kyiv')).toBe('Europe/Kyiv');
    expect(canonicalTimeZone('+05:00')).toBeUndefined();
    expect(canonicalTimeZone('Mars/Olympus_Mons')).toBeUndefined();
    expect(canonicalTimeZone('')).toBeUndefined();
  });
});

describe('properties over zones, times and days', () => {
  const zones = [
    'Europe/Berlin',
    'America/New_York',
    'Australia/Lord_Howe',
    'Asia/Kathmandu',
    'America/Santiago',
    'UTC',
  ];
  const arb = fc.record({
    zone: fc.constantFrom(...zones),
    hh: fc.integer({ min: 0, max: 23 }),
    mm: fc.integer({ min: 0, max: 59 }),
    days: fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 }),
    after: fc.integer({ min: at('2025-01-01T00:00:00Z'), max: at('2030-01-01T00:00:00Z') }),
  });

  it('the next run is later, on a chosen day, at the local time (or just after a gap), and none is skipped', () => {
    fc.assert(
      fc.property(arb, ({ zone, hh, mm, days, after }) => {
        const localTime = `${String(hh).padStart(2, '0')}:${String(mm).padStart(2, '0')}`;
        const s = every(localTime, zone, days as Weekday[]);
        const next = nextRunAfter(s, after);
        expect(next).toBeGreaterThan(after);
        expect(next - after).toBeLessThanOrEqual(8 * 24 * HOUR);
        const weekday = new Date(`${localDateOf(next, zone)}T12:00:00Z`).getUTCDay();
        expect(days).toContain(weekday);
        const shown = localTimeOf(next, zone);
        // Either the exact time, or the end of a DST gap that swallowed it (later the same day).
        if (shown !== localTime) expect(shown > localTime).toBe(true);
        // No run between `after` and `next`.
        expect(latestRunAtOrBefore(s, next - 1) ?? Number.NEGATIVE_INFINITY).toBeLessThanOrEqual(after);
      }),
      { numRuns: 500 },
    );
  });
});
