// Answers to `/ops digest list|remove|preview` and the plain notices: pure builders.
import type { KnownBlock } from '@slack/types';
import { FORM_NOT_OPENED } from '../../../errors.ts';
import { context, header, mrkdwnSections, section } from '../../../slack/blocks.ts';
import { SOME_ENTRIES_HIDDEN } from '../../../slack/membership.ts';
import type { DigestSubscription } from '../../../store/index.ts';
import { escapeMrkdwn, mentionChannel, mentionUser } from '../../../text/mrkdwn.ts';
import { instantInWords } from '../../../time/words.ts';
import { daysInWords } from '../schedule.ts';

export type Answer = { text: string; blocks: KnownBlock[] };

/** Beyond this the list is counted, not shown: a 50-block message must always fit. */
const LIST_MAX = 40;

export function notice(text: string): Answer {
  return { text, blocks: [section(text)] };
}

/** `hidden`: some digests were left out because Slack didn't answer about their channels. */
export function listAnswer(
  subscriptions: readonly DigestSubscription[],
  viewer: { timeZone: string; zoneKnown: boolean },
  command: string,
  hidden = false,
): Answer {
  const hiddenNote = hidden ? [context(SOME_ENTRIES_HIDDEN)] : [];
  if (subscriptions.length === 0) {
    const none = notice(
      `No channel has a daily digest yet. Set one up in a channel with \`${command} digest\`.`,
    );
    return hidden ? { text: SOME_ENTRIES_HIDDEN, blocks: hiddenNote } : none;
  }
  const zone = escapeMrkdwn(viewer.timeZone);
  const lines = subscriptions.slice(0, LIST_MAX).map((s) => {
    const ids = s.indexIds.length === 1 ? '1 index' : `${s.indexIds.length} indexes`;
    return (
      `• ${mentionChannel(s.channelId)} — ${s.localTime} ${escapeMrkdwn(s.timeZone)}, ${daysInWords(s.days)} · ` +
      `${ids} (${escapeMrkdwn(s.period)}) · next ${instantInWords(s.nextRunAt, viewer.timeZone)} · ` +
      `set by ${mentionUser(s.configuredBy)}`
    );
  });
  const more = subscriptions.length - LIST_MAX;
  if (more > 0) lines.push(`…and ${more} more.`);
  return {
    text: `${subscriptions.length} daily ${subscriptions.length === 1 ? 'digest' : 'digests'}`,
    blocks: [
      header('Daily digests'),
      ...mrkdwnSections(lines),
      context(
        viewer.zoneKnown
          ? `Next runs are shown in your time zone (${zone}).`
          : `Next runs are shown in ${zone}: your own time zone could not be read.`,
      ),
      ...hiddenNote,
    ],
  };
}

export function removedAnswer(channelId: string, command: string): Answer {
  return notice(
    `:wastebasket: The daily digest for ${mentionChannel(channelId)} is removed; no more digests will be posted here. ` +
      `Set it up again any time with \`${command} digest\`.`,
  );
}

export function previewPostedAnswer(channelId: string): Answer {
  return notice(
    `:white_check_mark: Posted a preview of the digest in ${mentionChannel(channelId)}. The schedule is unchanged.`,
  );
}

// The sentences below are thrown (TargetGone, UserFacingError) and shown by the guard as they are.

export const nothingToRemove = (channelId: string) =>
  `${mentionChannel(channelId)} has no daily digest, so there is nothing to remove.`;

export const nothingToPreview = (channelId: string, command: string) =>
  `${mentionChannel(channelId)} has no daily digest yet, so there is nothing to preview. Set one up with \`${command} digest\`.`;

export const removedWhileEditing = (channelId: string, command: string) =>
  `The daily digest for ${mentionChannel(channelId)} was removed while you were editing it, so nothing was saved. Set it up again with \`${command} digest\`.`;

/** `reason` is one of errors.ts's CANT_POST answers: opsbot's own words, mrkdwn included. */
export const cannotPostPreview = (channelId: string, reason: string, command: string) =>
  `opsbot couldn’t post the preview in ${mentionChannel(channelId)}: ${reason}; you can still see it privately with \`${command} digest preview\`.`;

export const formNotOpened = FORM_NOT_OPENED;

export const outdatedForm = (command: string) =>
  `This form is out of date — close it and run ${command} digest again.`;
