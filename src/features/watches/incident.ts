// An incident's record as pure arithmetic: whether a value is its new worst, when the next reminder
// is due and whether it is now, and the durations the resolve tells. Slack-free and clock-free: the
// time comes in as `now`.

import type { WatchDirection, WatchIncident } from '../../store/index.ts';
import { durationAsTyped, parseDuration } from '../../time/durations.ts';

/** The new worst value and when, or undefined when `value` is no worse than the worst so far. */
export function worstAfter(
  incident: Pick<WatchIncident, 'direction' | 'worstValue' | 'resolvedAt'>,
  value: number,
  at: number,
): { worstValue: number; worstAt: number } | undefined {
  if (incident.resolvedAt !== null) return undefined;
  return isWorse(incident.direction, value, incident.worstValue)
    ? { worstValue: value, worstAt: at }
    : undefined;
}

function isWorse(direction: WatchDirection, value: number, than: number): boolean {
  return direction === 'above' ? value > than : value < than;
}

/** When the reminder after one at `from` is due; null for a watch never reminded. */
export function nextReminderAt(from: number, remindEveryMs: number | null): number | null {
  return remindEveryMs === null ? null : from + remindEveryMs;
}

/**
 * Whether the incident's reminder is due now: open, nobody has acknowledged it, its due time has
 * come, and the channel may hear of it (not snoozed or muted).
 */
export function reminderDue(
  incident: Pick<WatchIncident, 'acknowledgedAt' | 'resolvedAt' | 'nextReminderAt'>,
  now: number,
  silenced: boolean,
): boolean {
  return (
    !silenced &&
    incident.acknowledgedAt === null &&
    incident.resolvedAt === null &&
    incident.nextReminderAt !== null &&
    incident.nextReminderAt <= now
  );
}

/** How long from fire to acknowledge, and from fire to resolve (or to `now` while open). */
export function incidentTimes(
  incident: Pick<WatchIncident, 'firedAt' | 'acknowledgedAt' | 'resolvedAt'>,
  now: number,
): { ackAfterMs: number | undefined; durationMs: number } {
  return {
    ackAfterMs: incident.acknowledgedAt === null ? undefined : incident.acknowledgedAt - incident.firedAt,
    durationMs: (incident.resolvedAt ?? now) - incident.firedAt,
  };
}

/** A reminder interval longer than a week would never be seen; past that it is a typo. */
export const MAX_REMIND_MS = 7 * 24 * 3_600_000;

/**
 * `20m`, `2h`, `45s` or `never` (a whole number of seconds, minutes or hours): the interval in ms,
 * null for never; undefined when it isn't one.
 */
export function parseRemindEvery(text: string): { ok: true; value: number | null } | { ok: false } {
  const t = text.trim().toLowerCase();
  if (t === 'never') return { ok: true, value: null };
  const value = t.endsWith('d') ? undefined : parseDuration(t);
  return value !== undefined && value >= 1_000 && value <= MAX_REMIND_MS
    ? { ok: true, value }
    : { ok: false };
}

/** The interval as `remind` takes it back: `30m`, `2h`, `45s`, `never`. */
export function remindEveryText(ms: number | null): string {
  return ms === null ? 'never' : durationAsTyped(ms);
}
