// Schedule maths for daily digests, pure: a schedule (local time, IANA zone, weekdays) and an
// instant in, an instant out. Calendar arithmetic happens on the channel's wall clock (TZDate), and
// the wall clock is turned into an instant here rather than by TZDate's constructor, because the
// two DST edge cases need a rule of their own:
// - a local time inside a spring-forward gap (02:30 on a day that jumps 02:00 → 03:00) runs at the
//   first valid instant after the gap (03:00), not an hour later;
// - a local time that happens twice (autumn fall-back) maps to its first occurrence, and because
//   each local date yields exactly one instant, the digest runs once.
import { TZDate } from '@date-fns/tz/date';
import type { Weekday } from '../../store/index.ts';
import { addDays } from '../../time/date-fns.ts';
import { instantOfLocal, type LocalDate, localDateOf, parseLocalTime } from '../../time/zones.ts';

/** A week plus a day: every weekday appears at least once in a scan this long. */
const SCAN_DAYS = 8;

export type Schedule = {
  /** 'HH:mm', 24-hour. */
  localTime: string;
  /** IANA zone, already validated (see canonicalTimeZone). */
  timeZone: string;
  /** 0 = Sunday … 6 = Saturday; never empty. */
  days: readonly Weekday[];
};

export const EVERY_DAY: readonly Weekday[] = [0, 1, 2, 3, 4, 5, 6];
export const WEEKDAYS: readonly Weekday[] = [1, 2, 3, 4, 5];

function dateParts(d: TZDate): LocalDate {
  return { year: d.getFullYear(), month: d.getMonth() + 1, day: d.getDate() };
}

/** The run instant on each chosen day around `instant`, scanning `direction`-wards from its local date. */
function* occurrences(schedule: Schedule, instant: number, direction: 1 | -1): Generator<number> {
  const time = parseLocalTime(schedule.localTime);
  if (!time) throw new RangeError(`local time must be HH:mm, got "${schedule.localTime}"`);
  // Noon never falls in a DST gap, so stepping whole days from it cannot skip or repeat a date.
  const start = new TZDate(instant, schedule.timeZone);
  const noon = new TZDate(start.getFullYear(), start.getMonth(), start.getDate(), 12, 0, schedule.timeZone);
  for (let i = -1; i <= SCAN_DAYS; i++) {
    const day = addDays(noon, i * direction);
    if (!schedule.days.includes(day.getDay() as Weekday)) continue;
    yield instantOfLocal(dateParts(day), time.hours, time.minutes, schedule.timeZone);
  }
}

/** The first run strictly after `after`. */
export function nextRunAfter(schedule: Schedule, after: number): number {
  for (const at of occurrences(schedule, after, 1)) if (at > after) return at;
  throw new RangeError('a schedule needs at least one day');
}

/** The latest run at or before `at`, or undefined when none falls within the last week. */
export function latestRunAtOrBefore(schedule: Schedule, at: number): number | undefined {
  for (const run of occurrences(schedule, at, -1)) if (run <= at) return run;
  return undefined;
}

export type DueRun = { scheduledFor: number; localDate: string; lateMs: number };

type DueDecision = {
  /** Post this run, or record it as skipped when it is too late to be useful. */
  kind: 'post' | 'skip';
  run: DueRun;
  /** The stored run, when downtime made a later run the one that counts; it is recorded as skipped. */
  superseded: DueRun | undefined;
};

/**
 * What to do with a subscription whose stored next run (`storedRunAt`) has come: post the most
 * recent run that is due, or skip it when it is `catchUpMs` late or more. Runs missed before that
 * one are never posted — after long downtime a channel gets at most one digest, never a burst.
 */
export function decideDue(
  schedule: Schedule,
  storedRunAt: number,
  now: number,
  catchUpMs: number,
): DueDecision {
  const at = (scheduledFor: number): DueRun => ({
    scheduledFor,
    localDate: localDateOf(scheduledFor, schedule.timeZone),
    lateMs: now - scheduledFor,
  });
  const latest = latestRunAtOrBefore(schedule, now);
  const run = at(latest === undefined || latest < storedRunAt ? storedRunAt : latest);
  const stored = at(storedRunAt);
  return {
    kind: run.lateMs < catchUpMs ? 'post' : 'skip',
    run,
    superseded: stored.localDate === run.localDate ? undefined : stored,
  };
}

/** 'every day', 'weekdays', 'Mon, Wed, Fri'. */
export function daysInWords(days: readonly Weekday[]): string {
  const set = [...new Set(days)].sort((a, b) => a - b);
  if (set.length === 7) return 'every day';
  if (set.length === 5 && WEEKDAYS.every((d) => set.includes(d))) return 'weekdays';
  if (set.length === 2 && set.includes(0) && set.includes(6)) return 'weekends';
  // Monday first, as most calendars outside the US read.
  const order = [1, 2, 3, 4, 5, 6, 0] as const;
  return order
    .filter((d) => set.includes(d))
    .map((d) => DAY_NAMES[d].slice(0, 3))
    .join(', ');
}

export const DAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/**
 * The next run to store when a schedule is saved at `now`. A run that was already due under the
 * previous settings but not yet handled is kept, so changing the time while a run is due does not
 * silently drop today's digest; the scheduler then posts it once (the run per local date guarantees
 * that a later time on the same day does not post again).
 */
export function nextRunOnSave(schedule: Schedule, now: number, previousNextRunAt?: number): number {
  if (previousNextRunAt !== undefined && previousNextRunAt <= now) return previousNextRunAt;
  return nextRunAfter(schedule, now);
}
