// The watches' messages: data in, Block Kit out. No I/O. (The form is in modal-view.ts, `watch list`
// in list-view.ts.)

import type { KnownBlock } from '@slack/types';
import { cantPostIn } from '../../../errors.ts';
import { DEFAULT_LIMITS } from '../../../policy/index.ts';
import { context, section } from '../../../slack/blocks.ts';
import { isMuted, type Watch, type WatchIncident } from '../../../store/index.ts';
import { plain } from '../../../text/block-kit.ts';
import { escapeMrkdwn, mentionChannel, mentionUser } from '../../../text/mrkdwn.ts';
import { minutesAndHours } from '../../../text/spans.ts';
import { instantInWords } from '../../../time/words.ts';
import { ACTION, BLOCK } from '../ids.ts';
import { formatMetricValue } from '../watchable.ts';
import { acknowledgedText, callsText, mentionsOf, storyText } from './incident-views.ts';
import { metricWords } from './metric-view.ts';
import { indexWords, metricOf, plainIndexWords, type ShownWatch } from './watch-words.ts';

export type Message = { text: string; blocks: KnownBlock[] };

/** "*catalog* (`0d6f3f5e…`) `p99-query-latency` above 250 for 3 checks". */
export function ruleText(watch: ShownWatch): string {
  const metric = metricOf(watch);
  const checks = watch.forChecks === 1 ? '1 check' : `${watch.forChecks} checks`;
  return `${indexWords(watch)} ${metricWords(metric)} ${watch.direction} ${formatMetricValue(metric, watch.threshold)} for ${checks}`;
}

export function silencedText(watch: Watch, now: number, timeZone: string): string | undefined {
  const c = watch.controls;
  if (c.mutedBy !== null && isMuted(c, now))
    return c.mutedUntil == null
      ? `:mute: muted by ${mentionUser(c.mutedBy)} until someone unmutes it`
      : `:mute: muted by ${mentionUser(c.mutedBy)} until ${escapeMrkdwn(instantInWords(c.mutedUntil, timeZone))}`;
  if (c.snoozedUntil !== null && c.snoozedUntil > now && c.snoozedBy !== null)
    return `:zzz: snoozed by ${mentionUser(c.snoozedBy)} until ${escapeMrkdwn(instantInWords(c.snoozedUntil, timeZone))}`;
  return undefined;
}

export function button(text: string, actionId: string, value: string) {
  return { type: 'button' as const, action_id: actionId, value, text: plain(text) };
}

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** What Mute offers, up to the policy's longest mute (which is offered too, whatever it is). */
const MUTE_CHOICES = [HOUR, 4 * HOUR, DAY, 7 * DAY];

/** "7 days", "4 hours", "90 minutes": a mute's length in its largest whole unit. */
function muteForWords(ms: number): string {
  const [n, unit] =
    ms % DAY === 0
      ? [ms / DAY, 'day']
      : ms % HOUR === 0
        ? [ms / HOUR, 'hour']
        : [Math.max(1, Math.round(ms / 60_000)), 'minute'];
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

/** Mute as a menu of durations; each option's value is `<watch>:<ms>`. */
function muteMenu(watchId: number, longestMs: number) {
  const choices = [...new Set([...MUTE_CHOICES.filter((ms) => ms < longestMs), longestMs])];
  return {
    type: 'static_select' as const,
    action_id: ACTION.mute,
    placeholder: plain('Mute for…'),
    options: choices.map((ms) => ({
      value: `${watchId}:${ms}`,
      text: plain(`Mute for ${muteForWords(ms)}`),
    })),
  };
}

/** The one top-level message of an incident, while it fires; it calls whoever the watch notifies. */
export function alertMessage(
  watch: ShownWatch,
  now: number,
  timeZone: string,
  image?: KnownBlock,
  incident?: WatchIncident,
): Message {
  const metric = metricOf(watch);
  const value = watch.state.lastValue;
  const shown = value === null ? 'no value' : formatMetricValue(metric, value);
  const since = watch.state.incidentSince ?? now;
  const headline = `:rotating_light: ${indexWords(watch)} · ${metricWords(metric)} is *${shown}* — ${watch.direction} ${formatMetricValue(metric, watch.threshold)}`;
  const silenced = silencedText(watch, now, timeZone);
  const muted = isMuted(watch.controls, now);
  const calls = callsText(watch);
  const acknowledged = incident === undefined ? undefined : acknowledgedText(incident);
  const canAcknowledge = incident !== undefined && acknowledged === undefined;
  const blocks: KnownBlock[] = [
    section(
      `${headline}\nFiring since ${instantInWords(since, timeZone)} (${minutesAndHours(now - since)}) · watch #${watch.id}: ${ruleText(watch)}${calls === undefined ? '' : `\n${calls}`}`,
    ),
    ...(image === undefined ? [] : [image]),
    ...(watch.note === null ? [] : [section(`:memo: ${escapeMrkdwn(watch.note)}`)]),
    ...(silenced === undefined ? [] : [context(silenced)]),
    ...(acknowledged === undefined ? [] : [context(acknowledged)]),
    {
      type: 'actions',
      block_id: BLOCK.alertActions(watch.id),
      elements: [
        ...(canAcknowledge
          ? [
              {
                ...button('Acknowledge', ACTION.acknowledge, String(incident.id)),
                style: 'primary' as const,
              },
            ]
          : []),
        button('Snooze 1 h', ACTION.snoozeHour, String(watch.id)),
        button('Snooze until tomorrow 09:00', ACTION.snoozeMorning, String(watch.id)),
        muted
          ? button('Unmute', ACTION.unmute, String(watch.id))
          : muteMenu(watch.id, watch.muteAtMostMs ?? DEFAULT_LIMITS.muteAtMostMs),
        button('Open stats', ACTION.openStats, String(watch.id)),
      ],
    },
  ];
  const mentions = mentionsOf(watch.notify);
  return {
    text: `${mentions === '' ? '' : `${mentions} `}${escapeMrkdwn(plainIndexWords(watch))} ${metric.name} is ${shown}, ${watch.direction} ${formatMetricValue(metric, watch.threshold)}`,
    blocks,
  };
}

/**
 * The same message once the incident is over: updated in place, no buttons, no ping — who
 * acknowledged it is named, never mentioned. With the incident's record, its story.
 */
export function resolvedMessage(
  watch: Watch,
  now: number,
  timeZone: string,
  incident?: WatchIncident,
): Message {
  const metric = metricOf(watch);
  const since = incident?.firedAt ?? watch.state.incidentSince ?? now;
  const value = watch.state.lastValue;
  const story =
    incident === undefined
      ? `Resolved after ${minutesAndHours(now - since)}`
      : storyText(watch, incident, now, timeZone);
  const [headline, ...rest] = story.split(' · ');
  const tail = rest.length === 0 ? '' : ` · ${rest.join(' · ')}`;
  const text = `:white_check_mark: *${headline}*${tail} — ${indexWords(watch)} · ${metricWords(metric)} ${value === null ? '' : `is ${formatMetricValue(metric, value)} `}(threshold ${formatMetricValue(metric, watch.threshold)})`;
  return {
    text: `${headline}: ${escapeMrkdwn(plainIndexWords(watch))} ${metric.name}${tail}`,
    blocks: [
      section(text),
      context(`Watch #${watch.id}: ${ruleText(watch)} · fired ${instantInWords(since, timeZone)}`),
    ],
  };
}

export function recoveredNote(watch: Watch, now: number): string {
  const metric = metricOf(watch);
  const since = watch.state.incidentSince ?? now;
  const value =
    watch.state.lastValue === null ? '' : ` at ${formatMetricValue(metric, watch.state.lastValue)}`;
  return `Back${value} for ${watch.forChecks === 1 ? '1 check' : `${watch.forChecks} checks`} — resolved after ${minutesAndHours(now - since)}.`;
}

export function worseNote(watch: Watch, previous: number | null): string {
  const metric = metricOf(watch);
  const now = watch.state.lastValue;
  const was = previous === null ? '' : ` (was ${formatMetricValue(metric, previous)})`;
  return `:chart_with_upwards_trend: Worse: ${metricWords(metric)} is ${now === null ? 'unknown' : formatMetricValue(metric, now)} now${was}.`;
}

export function noDataMessage(watch: Watch, reason: string): Message {
  const text = `:grey_question: *No data* for watch #${watch.id} (${ruleText(watch)}): ${escapeMrkdwn(reason)}. opsbot keeps checking and will say when it can read the index again; until then the watch is not OK, just unknown.`;
  return { text: `No data for watch #${watch.id}: ${reason}`, blocks: [section(text)] };
}

export function dataBackMessage(watch: Watch): Message {
  const text = `:large_green_circle: Data is back for watch #${watch.id} (${ruleText(watch)}).`;
  return { text: `Data is back for watch #${watch.id}`, blocks: [section(text)] };
}

export function changedMessage(watch: Watch, by: string): Message {
  const text = `:pencil2: Watch #${watch.id} was changed by ${mentionUser(by)} (now: ${ruleText(watch)}); this incident is closed and the watch starts afresh.`;
  return { text: `Watch #${watch.id} was changed`, blocks: [section(text)] };
}

export function removedMessage(watch: Watch, by: string): Message {
  const text = `:wastebasket: Watch #${watch.id} (${ruleText(watch)}) was removed by ${mentionUser(by)}; this alert gets no more updates.`;
  return { text: `Watch #${watch.id} was removed`, blocks: [section(text)] };
}

/** A channel at the policy's `watches_per_channel`. Plain text: it shows under a form's field too. */
export function channelFullSentence(limit: number, command: string): string {
  return `That channel already has ${limit} watches, the most one channel may have: remove one there first (${command} watch list shows them).`;
}

/** The DM to a watch's creator, once, when its channel refuses opsbot's posts (`code`: Slack's answer). */
export function cantPostNote(watch: ShownWatch, code: string, command: string): string {
  return `:warning: ${cantPostIn(watch.channelId, code)}, so watch #${watch.id} (${ruleText(watch)}) can’t alert anyone there: invite it or pick another channel (*Edit* in \`${command} watch list\`).`;
}

/** How `watch list` marks a watch whose channel refuses its posts. */
export function cantPostMark(watch: Watch): string | undefined {
  return watch.state.cantPost == null
    ? undefined
    : `:no_entry: can’t post in ${mentionChannel(watch.channelId)}`;
}
