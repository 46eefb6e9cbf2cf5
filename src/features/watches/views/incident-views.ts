// The words of an incident's ownership: who an alert calls, who acknowledged it, the reminder, the
// resolve's story and `watch list`'s last-incident line. Pure: data in, mrkdwn out. Only the alert
// and its reminders mention anyone; everything said on resolve names people without a ping.

import type { Watch, WatchIncident, WatchNotify } from '../../../store/index.ts';
import { escapeMrkdwn, mentionUser } from '../../../text/mrkdwn.ts';
import { minutesAndHours } from '../../../text/spans.ts';
import { clockInWords, instantInWords } from '../../../time/words.ts';
import { incidentTimes, remindEveryText } from '../incident.ts';
import { formatMetricValue } from '../watchable.ts';
import { metricWords } from './metric-view.ts';
import { indexWords, metricOf, type ShownWatch } from './watch-words.ts';

/** `<!subteam^S…> <@U…>`: what makes Slack notify them; '' for nobody. */
export function mentionsOf(notify: WatchNotify): string {
  const groups = notify.groups.filter((g) => /^S[A-Z0-9]+$/.test(g)).map((g) => `<!subteam^${g}>`);
  return [...groups, ...notify.users.map(mentionUser)].join(' ');
}

/** The alert's line naming who it calls, or undefined for nobody. */
export function callsText(watch: Watch): string | undefined {
  const mentions = mentionsOf(watch.notify);
  return mentions === '' ? undefined : `:telephone_receiver: ${mentions}`;
}

/** "@bob" as plain text: the name Slack gave with the click, never a mention. */
function nameOf(incident: WatchIncident): string {
  return `@${escapeMrkdwn(incident.acknowledgedByName ?? 'someone')}`;
}

/** On the alert once someone has it: "Acknowledged by @bob 12 min after it fired". */
export function acknowledgedText(incident: WatchIncident): string | undefined {
  const { ackAfterMs } = incidentTimes(incident, incident.acknowledgedAt ?? 0);
  if (incident.acknowledgedBy === null || ackAfterMs === undefined) return undefined;
  return `:raising_hand: Acknowledged by ${mentionUser(incident.acknowledgedBy)} ${minutesAndHours(ackAfterMs)} after it fired`;
}

/** The sentence a second click gets. */
export function alreadyAcknowledged(incident: WatchIncident, now: number): string {
  const ago =
    incident.acknowledgedAt === null ? '' : ` ${minutesAndHours(now - incident.acknowledgedAt)} ago`;
  return `${nameOf(incident)} already acknowledged this alert${ago}; it is theirs.`;
}

/** The threaded reminder: the mentions again, and how long it has gone unacknowledged. */
export function reminderText(watch: ShownWatch, incident: WatchIncident, now: number): string {
  const metric = metricOf(watch);
  const value = watch.state.lastValue;
  const mentions = mentionsOf(watch.notify);
  const shown = value === null ? '' : ` is ${formatMetricValue(metric, value)}`;
  return `${mentions === '' ? '' : `${mentions} `}:alarm_clock: Still firing and nobody has acknowledged it: ${indexWords(watch)} · ${metricWords(metric)}${shown} (threshold ${formatMetricValue(metric, watch.threshold)}), firing for ${minutesAndHours(now - incident.firedAt)}. *Acknowledge* on the alert takes it and stops these reminders.`;
}

/** "Resolved after 42 min · worst 412 (threshold 250) at 14:10 · acknowledged by @bob after 12 min". */
export function storyText(watch: Watch, incident: WatchIncident, now: number, timeZone: string): string {
  const metric = metricOf(watch);
  const { ackAfterMs, durationMs } = incidentTimes(incident, now);
  const worst = `worst ${formatMetricValue(metric, incident.worstValue)} (threshold ${formatMetricValue(metric, incident.threshold)}) at ${clockInWords(incident.worstAt, incident.worstAt, timeZone)}`;
  const ack =
    ackAfterMs === undefined
      ? 'nobody acknowledged it'
      : `acknowledged by ${nameOf(incident)} after ${minutesAndHours(ackAfterMs)}`;
  return `Resolved after ${minutesAndHours(durationMs)} · ${worst} · ${ack}`;
}

/** `watch list`'s line about a watch's last incident. */
export function lastIncidentText(
  watch: Watch,
  incident: WatchIncident,
  now: number,
  timeZone: string,
): string {
  const metric = metricOf(watch);
  const { ackAfterMs, durationMs } = incidentTimes(incident, now);
  const parts = [
    `last incident ${instantInWords(incident.firedAt, timeZone)}`,
    `worst ${formatMetricValue(metric, incident.worstValue)}`,
    ackAfterMs === undefined
      ? 'not acknowledged'
      : `acknowledged by ${nameOf(incident)} after ${minutesAndHours(ackAfterMs)}`,
    incident.resolvedAt === null
      ? `open for ${minutesAndHours(durationMs)}`
      : `resolved after ${minutesAndHours(durationMs)}`,
  ];
  return parts.join(' · ');
}

/** `watch list`'s line about who a watch calls and how often it reminds. */
export function ownershipText(watch: Watch): string {
  const mentions = mentionsOf(watch.notify);
  const remind =
    watch.remindEveryMs === null ? 'no reminders' : `reminds every ${remindEveryText(watch.remindEveryMs)}`;
  return `${mentions === '' ? 'calls nobody' : `calls ${mentions}`} · ${remind}`;
}

/** ", calling @search-oncall; reminded every 30m until acknowledged" for the confirmation. */
export function confirmation(watch: Watch): string {
  const mentions = mentionsOf(watch.notify);
  const calls = mentions === '' ? '' : `, calling ${mentions}`;
  const remind =
    watch.remindEveryMs === null
      ? '; no reminders'
      : `; reminded every ${remindEveryText(watch.remindEveryMs)} until someone acknowledges`;
  return `${calls}${remind}`;
}
