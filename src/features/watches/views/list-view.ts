// `watch list`: a channel's watches, how each stands, who it calls and its last incident, each with
// its Edit button. Pure: data in, Block Kit out.
import type { KnownBlock } from '@slack/types';
import { context, header, section } from '../../../slack/blocks.ts';
import { exampleCode, usageCode } from '../../../slack/help-view.ts';
import type { Watch, WatchIncident } from '../../../store/index.ts';
import { escapeMrkdwn, mentionChannel } from '../../../text/mrkdwn.ts';
import { instantInWords } from '../../../time/words.ts';
import { ACTION } from '../ids.ts';
import { lastIncidentText, ownershipText } from './incident-views.ts';
import { button, cantPostMark, type Message, ruleText, silencedText } from './views.ts';
import type { ShownWatch } from './watch-words.ts';

/** Watches listed with their own Edit button; a channel rarely has more. */
const MAX_LISTED = 40;

function stateText(watch: Watch, now: number, timeZone: string): string {
  const refused = cantPostMark(watch);
  const standing = standingText(watch, now, timeZone);
  return refused === undefined ? standing : `${standing} · ${refused}`;
}

function standingText(watch: Watch, now: number, timeZone: string): string {
  const silenced = silencedText(watch, now, timeZone);
  if (watch.state.status === 'firing') {
    const since = watch.state.incidentSince ?? now;
    return `:rotating_light: firing since ${instantInWords(since, timeZone)}${silenced === undefined ? '' : ` · ${silenced}`}`;
  }
  if (watch.state.noDataReason !== null)
    return `:grey_question: no data (${escapeMrkdwn(watch.state.noDataReason)})`;
  if (watch.state.lastCheckedAt === null) return ':hourglass_flowing_sand: not checked yet';
  return `:white_check_mark: ok${silenced === undefined ? '' : ` · ${silenced}`}`;
}

/** A channel's watches as `watch list` shows them: in its time zone, each with its last incident. */
export type WatchList = {
  watches: readonly ShownWatch[];
  timeZone: string;
  lastIncidents: ReadonlyMap<number, WatchIncident>;
};

/** `watch list`: this channel's watches, numbered as `watch remove <n>` takes them. */
export function listMessage(command: string, channelId: string, listed: WatchList, now: number): Message {
  const { watches, timeZone, lastIncidents } = listed;
  if (watches.length === 0)
    return {
      text: 'No watches in this channel.',
      blocks: [
        section(
          `No watches in ${mentionChannel(channelId)} yet. ${usageCode(command, { words: ['watch'] })} sets one up; e.g. ${exampleCode(command, { example: 'watch idx-1 monthly-cost > $50' })}.`,
        ),
      ],
    };
  // One section per watch, with its Edit button; past the message's block limit, the rest by number.
  const shown = watches.slice(0, MAX_LISTED);
  const rows: KnownBlock[] = shown.map((w) => ({
    type: 'section',
    text: {
      type: 'mrkdwn',
      text: `*#${w.id}* ${ruleText(w)}\n${stateText(w, now, timeZone)}${w.note === null ? '' : ` · _${escapeMrkdwn(w.note.slice(0, 80))}_`}\n${ownershipText(w)}${incidentLine(w, lastIncidents, now, timeZone)}`,
    },
    accessory: button('Edit', ACTION.edit, String(w.id)),
  }));
  const unlisted = watches
    .slice(MAX_LISTED)
    .map((w) => `#${w.id}`)
    .join(', ');
  return {
    text: `${watches.length} watches in this channel`,
    blocks: [
      header('Watches in this channel'),
      ...rows,
      ...(unlisted === '' ? [] : [context(`…and ${watches.length - MAX_LISTED} more: ${unlisted}.`)]),
      context(
        `*Edit* changes a watch (its state starts afresh); ${usageCode(command, { words: ['watch', 'remove'], usage: '<n>' })} removes one; ${usageCode(command, { words: ['watch'] })} adds one.`,
      ),
    ],
  };
}

function incidentLine(
  watch: Watch,
  lastIncidents: ReadonlyMap<number, WatchIncident>,
  now: number,
  timeZone: string,
): string {
  const incident = lastIncidents.get(watch.id);
  return incident === undefined ? '' : `\n${lastIncidentText(watch, incident, now, timeZone)}`;
}
