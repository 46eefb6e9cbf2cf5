// The approval card in the approvals channel. One builder for every state, so `chat.update` after
// each transition shows the request as the store has it; buttons exist only while they can work.
import type { ActionsBlock, KnownBlock } from '@slack/types';
import { countWords, oneApprovalNeeded, tally } from '../../../approval-rule.ts';
import { header, section } from '../../../slack/blocks.ts';
import type { ApprovalProgress, IndexRequest } from '../../../store/index.ts';
import { plain } from '../../../text/block-kit.ts';
import { escapeMrkdwn, mentionUser, NOT_REPORTED, truncate } from '../../../text/mrkdwn.ts';
import { ACTION, BLOCK } from '../ids.ts';
import { planLabel, STATE_EMOJI, slackDate } from './format.ts';
import { approvedBy, type GroupRef, groupMention, neededWords, progressText } from './progress.ts';
import { indexName, quoted, summaryBlocks } from './summary.ts';

export type SlackMessage = { text: string; blocks: KnownBlock[] };

function decisionButtons(request: IndexRequest): ActionsBlock {
  const value = String(request.id);
  return {
    type: 'actions',
    block_id: BLOCK.decide,
    elements: [
      { type: 'button', action_id: ACTION.approve, text: plain('Approve'), style: 'primary', value },
      { type: 'button', action_id: ACTION.reject, text: plain('Reject'), style: 'danger', value },
    ],
  };
}

/** Exactly what approvers must know before they retry a call whose outcome is unknown. */
export function outcomeUnknownText(request: IndexRequest): string {
  return (
    `opsbot can’t tell whether the call went through, so the index *may or may not exist*. ` +
    `Check the provider’s console for an index named ${indexName(request.name)} in ` +
    `${escapeMrkdwn(request.region)} before retrying — retrying when it exists creates a second one.`
  );
}

function retryButton(request: IndexRequest): ActionsBlock {
  const text = request.outcomeUnknown
    ? `Only retry if the console shows no index named ${request.name} in ${request.region}; otherwise a retry creates a second one.`
    : `opsbot will call the management API once more to create ${request.name}.`;
  return {
    type: 'actions',
    block_id: BLOCK.retry,
    elements: [
      {
        type: 'button',
        action_id: ACTION.retry,
        text: plain('Retry'),
        value: String(request.id),
        confirm: {
          title: plain('Retry creating the index?'),
          text: plain(truncate(text, 300)),
          confirm: plain('Retry'),
          deny: plain('Cancel'),
        },
      },
    ],
  };
}

/** Without a progress, the card shows the one-approval rule requests had before rules existed. */
type CardOptions = { ttlHours: number; progress?: ApprovalProgress; group?: GroupRef };

function outcome(request: IndexRequest, options: CardOptions): KnownBlock[] {
  const progress = options.progress ?? oneApprovalNeeded(request.id);
  const by = approvedBy(request, progress);
  const rejecter = request.decidedBy === null ? 'an approver' : mentionUser(request.decidedBy);
  const when = slackDate(request.updatedAt);
  // With several approvals, each one's comment is on its own line of the progress above.
  const comment =
    progress.required > 1 || request.decisionComment === null || request.decisionComment.trim() === ''
      ? ''
      : `\n${quoted(request.decisionComment)}`;
  switch (request.state) {
    case 'pending':
      return [section(progressText(progress, options.group, true)), decisionButtons(request)];
    case 'approved':
    case 'creating':
      return [section(`${STATE_EMOJI.creating} ${approvedHead(by)} — creating the index…${comment}`)];
    case 'created': {
      const result = request.result;
      const details =
        result === null
          ? ''
          : `\nIndex ID \`${escapeMrkdwn(result.indexId)}\` · endpoint ${escapeMrkdwn(result.endpoint ?? NOT_REPORTED)}`;
      return [section(`${STATE_EMOJI.created} *Created* ${when} — ${by}.${details}${comment}`)];
    }
    case 'failed': {
      const message = escapeMrkdwn(request.failureMessage ?? 'The management API call failed.');
      const blocks = [section(`${STATE_EMOJI.failed} *Creation failed* ${when} — ${by}.\n${message}`)];
      if (request.outcomeUnknown) blocks.push(section(`:rotating_light: ${outcomeUnknownText(request)}`));
      return [...blocks, retryButton(request)];
    }
    case 'rejected': {
      // Approvals given before the rejection stay visible: the trail of who said what.
      const before =
        tally(progress).counted.length > 0 ? `\n${progressText(progress, options.group, false)}` : '';
      return [section(`${STATE_EMOJI.rejected} *Rejected* ${when} by ${rejecter}.${comment}${before}`)];
    }
    case 'expired':
      return [
        section(
          `${STATE_EMOJI.expired} *Expired* ${when} — no approver decided within ${options.ttlHours} hours ` +
            `(approvals ${countWords(progress)}).`,
        ),
      ];
  }
}

/** "*Approved* by <@a> and <@b>", or "*Approved* — created without approval: …". */
const approvedHead = (by: string) =>
  by.startsWith('approved ') ? `*Approved* ${by.slice('approved '.length)}` : `*Approved* — ${by}`;

export function requestCard(request: IndexRequest, options: CardOptions): SlackMessage {
  const text =
    `Search index request #${request.id} from ${mentionUser(request.requesterId)}: ` +
    `${escapeMrkdwn(`${request.name} (${request.region}, ${planLabel(request.plan)})`)} — ${request.state}`;
  return {
    text,
    blocks: [
      header(`Search index request #${request.id}`),
      ...summaryBlocks(request, { showExpiry: request.state === 'pending' }),
      ...outcome(request, options),
    ],
  };
}

/** The one reminder, in the card's thread, half-way to the expiry. */
export function reminderMessage(
  request: IndexRequest,
  options: CardOptions & { progress: ApprovalProgress },
): SlackMessage {
  const t = tally(options.progress);
  return {
    text: `Request #${request.id} is still waiting for ${neededWords(t.missing)}.`,
    blocks: [
      section(
        `:alarm_clock: Request *#${request.id}* is still waiting: approvals ${countWords(options.progress)}, ` +
          `${neededWords(t.missing)} still needed from ${groupMention(options.group)}. ` +
          `It expires ${slackDate(request.expiresAt)}.`,
      ),
    ],
  };
}
