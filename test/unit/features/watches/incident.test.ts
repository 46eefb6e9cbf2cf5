// The incident record's arithmetic with the test's clock: the worst value in the watch's direction,
// when a reminder is due (and when it is not), the times the resolve tells, and `remind` intervals.
import { describe, expect, it } from 'vitest';
import {
  incidentTimes,
  nextReminderAt,
  parseRemindEvery,
  remindEveryText,
  reminderDue,
  worstAfter,
} from '../../../../src/features/watches/incident.ts';
import type { WatchIncident } from '../../../../src/store/index.ts';

const MIN = 60_000;
const clock = { now: Date.UTC(2026, 10, 24, 14, 0) };
const FIRED = clock.now;

const incident = (overrides: Partial<WatchIncident> = {}): WatchIncident => ({
  id: 1,
  watchId: 7,
  firedAt: FIRED,
  direction: 'above',
  threshold: 250,
  worstValue: 300,
  worstAt: FIRED,
  acknowledgedBy: null,
  acknowledgedByName: null,
  acknowledgedAt: null,
  resolvedAt: null,
  remindedAt: null,
  nextReminderAt: nextReminderAt(FIRED, 30 * MIN),
  reminders: 0,
  ...overrides,
});

describe('incident record', () => {
  it('keeps the worst value in the watch’s direction, and when it was', () => {
    clock.now = FIRED + 10 * MIN;
    expect(worstAfter(incident(), 412, clock.now)).toEqual({ worstValue: 412, worstAt: FIRED + 10 * MIN });
    expect(worstAfter(incident(), 280, clock.now)).toBeUndefined();
    expect(worstAfter(incident(), 300, clock.now)).toBeUndefined();
    // Below a floor, lower is worse.
    const below = incident({ direction: 'below', threshold: 100, worstValue: 80 });
    expect(worstAfter(below, 60, clock.now)).toEqual({ worstValue: 60, worstAt: clock.now });
    expect(worstAfter(below, 90, clock.now)).toBeUndefined();
    // A resolved incident's story is final.
    expect(worstAfter(incident({ resolvedAt: FIRED + MIN }), 999, clock.now)).toBeUndefined();
  });

  it('a reminder is due once its interval has passed, while nobody acknowledged it and it may speak', () => {
    const open = incident();
    expect(reminderDue(open, FIRED + 29 * MIN, false)).toBe(false);
    expect(reminderDue(open, FIRED + 30 * MIN, false)).toBe(true);
    expect(reminderDue(open, FIRED + 45 * MIN, false)).toBe(true);
    expect(reminderDue(open, FIRED + 45 * MIN, true)).toBe(false); // snoozed or muted
    expect(reminderDue(incident({ acknowledgedAt: FIRED + MIN }), FIRED + 45 * MIN, false)).toBe(false);
    expect(reminderDue(incident({ resolvedAt: FIRED + MIN }), FIRED + 45 * MIN, false)).toBe(false);
    expect(
      reminderDue(incident({ nextReminderAt: nextReminderAt(FIRED, null) }), FIRED + 900 * MIN, false),
    ).toBe(false);
    // The next one counts from the reminder actually posted, so reminders are at most every interval.
    expect(nextReminderAt(FIRED + 33 * MIN, 30 * MIN)).toBe(FIRED + 63 * MIN);
  });

  it('times: acknowledged after, open for, resolved after', () => {
    clock.now = FIRED + 20 * MIN;
    expect(incidentTimes(incident(), clock.now)).toEqual({ ackAfterMs: undefined, durationMs: 20 * MIN });
    const told = incident({ acknowledgedAt: FIRED + 12 * MIN, resolvedAt: FIRED + 42 * MIN });
    expect(incidentTimes(told, FIRED + 90 * MIN)).toEqual({ ackAfterMs: 12 * MIN, durationMs: 42 * MIN });
  });

  it('reads `remind` intervals as whole seconds, minutes or hours, or never', () => {
    expect(parseRemindEvery('20m')).toEqual({ ok: true, value: 20 * MIN });
    expect(parseRemindEvery('2h')).toEqual({ ok: true, value: 120 * MIN });
    expect(parseRemindEvery('45s')).toEqual({ ok: true, value: 45_000 });
    expect(parseRemindEvery('NEVER')).toEqual({ ok: true, value: null });
    for (const bad of ['', '1.5h', '20', '0m', '10d', 'soon', '200h'])
      expect(parseRemindEvery(bad)).toEqual({ ok: false });
    expect([30 * MIN, 2 * 60 * MIN, 45_000, null].map(remindEveryText)).toEqual([
      '30m',
      '2h',
      '45s',
      'never',
    ]);
  });
});
