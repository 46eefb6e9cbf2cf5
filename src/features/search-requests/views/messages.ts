// What the requester is told privately, and the `search requests` list. Pure builders; `command`
// is the slash command as the workspace names it, for the hints.
import { countWords } from '../../../approval-rule.ts';
import { CANT_POST, SLACK_TROUBLE } from '../../../errors.ts';
import { context, header, mrkdwnSections, section } from '../../../slack/blocks.ts';
import type { ApprovalProgress, IndexRequest } from '../../../store/index.ts';
import { escapeMrkdwn, mentionChannel, mentionUser, NOT_REPORTED } from '../../../text/mrkdwn.ts';
import type { TokenHints } from '../result.ts';
import type { SlackMessage } from './cards.ts';
import { outcomeUnknownText } from './cards.ts';
import { limitLines, planLabel, STATE_EMOJI, STATE_LABEL, slackDate } from './format.ts';
import { approvedBy, decisionWords, type GroupRef, groupWords, neededWords } from './progress.ts';
import { indexName, quoted } from './summary.ts';

function single(text: string, fallback: string): SlackMessage {
  return { text: fallback, blocks: [section(text)] };
}

/** "`/ops search requests`", with the command as the workspace names it, for hints. */
export function listCommand(command: string): string {
  return `\`${escapeMrkdwn(command)} search requests\``;
}

/** `name` (region, plan), as every message about a request names it. */
export function requestInWords(request: IndexRequest): string {
  return `${indexName(request.name)} (${escapeMrkdwn(request.region)}, ${escapeMrkdwn(planLabel(request.plan))})`;
}

export function submittedMessage(
  request: IndexRequest,
  options: {
    approvalChannelId: string;
    cardError?: string | undefined;
    progress?: ApprovalProgress;
    group?: GroupRef;
  },
): SlackMessage {
  const channel = mentionChannel(options.approvalChannelId);
  if (options.progress?.required === 0) {
    return single(
      `:hammer_and_wrench: Request *#${request.id}* for ${requestInWords(request)} needs no approval ` +
        `(plan ${escapeMrkdwn(request.plan)} needs none), so opsbot is creating it now. You’ll get a direct message when it is ready.`,
      `Request #${request.id} needs no approval; creating it now.`,
    );
  }
  if (options.cardError !== undefined) {
    const channelProblem = CANT_POST[options.cardError];
    const why =
      channelProblem ??
      SLACK_TROUBLE[options.cardError] ??
      `Slack answered \`${escapeMrkdwn(options.cardError)}\``;
    const fix =
      channelProblem === undefined
        ? 'Tell an admin: the details are in opsbot’s log.'
        : 'Ask an admin to invite opsbot to that channel or to check `APPROVAL_CHANNEL_ID`.';
    return single(
      `:warning: Request *#${request.id}* for ${requestInWords(request)} is saved, but opsbot couldn’t post it to the ` +
        `approvals channel ${channel} (${why}), so approvers can’t see it yet. ${fix}`,
      `Request #${request.id} is saved, but the approvals channel couldn’t be reached.`,
    );
  }
  return single(
    `:inbox_tray: Request *#${request.id}* for ${requestInWords(request)} is waiting for approval in ${channel}` +
      `${options.progress === undefined || options.progress.required <= 1 ? '' : ` (it needs ${neededWords(options.progress.required)} from ${groupWords(options.group)})`}. ` +
      `You’ll get a direct message when an approver decides. Without a decision it expires ${slackDate(request.expiresAt)}.`,
    `Request #${request.id} is waiting for approval.`,
  );
}

export function createdMessage(
  request: IndexRequest,
  tokens: TokenHints | undefined,
  progress?: ApprovalProgress,
): SlackMessage {
  const result = request.result;
  const by = approvedBy(request, progress);
  const facts = [
    `*Name:* ${indexName(request.name)}`,
    `*Index ID:* \`${escapeMrkdwn(result?.indexId ?? 'unknown')}\``,
    `*Endpoint:* ${escapeMrkdwn(result?.endpoint ?? NOT_REPORTED)}`,
    `*Region:* ${escapeMrkdwn(result?.region ?? request.region)}`,
    `*Plan:* ${escapeMrkdwn(planLabel(result?.type ?? request.plan))}`,
    // creation_time is Unix seconds (docs/management-api-decisions.md).
    `*Created:* ${result?.creationTime == null ? NOT_REPORTED : slackDate(result.creationTime * 1000)}`,
  ];
  const limits = result === null ? [] : limitLines(result.limits).map((line) => `• ${escapeMrkdwn(line)}`);
  const hint =
    tokens === undefined ? '' : ` (token ${tokens.token}, read-only token ${tokens.readOnlyToken})`;
  return {
    text: `Your search index ${escapeMrkdwn(request.name)} is ready.`,
    blocks: [
      header('Your search index is ready'),
      section(`:white_check_mark: Request *#${request.id}*, ${by}, is done.`),
      ...mrkdwnSections(facts),
      ...(limits.length > 0 ? mrkdwnSections(['*Limits*', ...limits]) : []),
      context(
        `:lock: opsbot never posts, logs or stores the index’s tokens. Copy them from the provider’s console${hint}.`,
      ),
    ],
  };
}

export function failedMessage(
  request: IndexRequest,
  approvalChannelId: string,
  progress?: ApprovalProgress,
): SlackMessage {
  const by = approvedBy(request, progress);
  const message = escapeMrkdwn(request.failureMessage ?? 'The management API call failed.');
  const next = request.outcomeUnknown
    ? outcomeUnknownText(request)
    : `An approver can retry from the card in ${mentionChannel(approvalChannelId)}.`;
  return single(
    `:warning: Request *#${request.id}* for ${requestInWords(request)} was ${by}, but creating the index ` +
      `failed: ${message}\n${next}`,
    `Creating the index for request #${request.id} failed.`,
  );
}

export function rejectedMessage(request: IndexRequest): SlackMessage {
  const by = request.decidedBy === null ? 'an approver' : mentionUser(request.decidedBy);
  const reason = request.decisionComment?.trim() ? `\n*Reason:*\n${quoted(request.decisionComment)}` : '';
  return single(
    `${STATE_EMOJI.rejected} Your request *#${request.id}* for ${requestInWords(request)} was rejected by ${by}.${reason}`,
    `Your request #${request.id} was rejected.`,
  );
}

export function expiredMessage(request: IndexRequest, ttlHours: number, command: string): SlackMessage {
  const again = `${command} search create ${request.name} ${request.region} ${request.plan}`;
  return single(
    `${STATE_EMOJI.expired} Your request *#${request.id}* for ${requestInWords(request)} expired: no approver decided ` +
      `within ${ttlHours} hours. If you still need it, ask again with \`${escapeMrkdwn(again)}\`.`,
    `Your request #${request.id} expired.`,
  );
}

function actors(request: IndexRequest, progress: ApprovalProgress | undefined): string {
  const parts = [`asked by ${mentionUser(request.requesterId)} ${slackDate(request.createdAt)}`];
  if (request.state === 'pending' && progress !== undefined) parts.push(`approvals ${countWords(progress)}`);
  else {
    const decided = decisionWords(request, progress);
    if (decided !== undefined) parts.push(decided);
  }
  if (request.state === 'created' && request.result)
    parts.push(`index \`${escapeMrkdwn(request.result.indexId)}\``);
  if (request.state === 'failed' && request.outcomeUnknown) parts.push('outcome unknown — check the console');
  return parts.join(' · ');
}

export function requestListMessage(
  requests: ReadonlyArray<IndexRequest & { progress?: ApprovalProgress }>,
  command: string,
): SlackMessage {
  if (requests.length === 0) {
    return single(
      `No search index requests yet. Start one with \`${escapeMrkdwn(command)} search create [name] [region] [plan]\`.`,
      'No search index requests yet.',
    );
  }
  const lines = requests.map(
    (r) =>
      `${STATE_EMOJI[r.state]} *#${r.id}* ${requestInWords(r)} — *${STATE_LABEL[r.state]}*\n      ${actors(r, r.progress)}`,
  );
  return {
    text: `The ${requests.length} most recent search index requests.`,
    blocks: [
      header('Search index requests'),
      ...mrkdwnSections(lines),
      context('Newest first. Only you can see this.'),
    ],
  };
}
