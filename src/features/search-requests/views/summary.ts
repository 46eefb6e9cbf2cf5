// The request as people see it, shared by the approval card and the decision modals.
import type { KnownBlock, SectionBlock } from '@slack/types';
import type { IndexRequest } from '../../../store/index.ts';
import { escapeMrkdwn, mentionUser, quoteUserText, truncate } from '../../../text/mrkdwn.ts';
import { REASON_MAX } from '../validation.ts';
import { planLabel, slackDate } from './format.ts';

export function indexName(name: string): string {
  return quoteUserText(name, 60);
}

/** A user's free text as a block quote: escaped (nothing pings), cut to the length we accept. */
export function quoted(text: string, max = REASON_MAX): string {
  return escapeMrkdwn(truncate(text.trim(), max))
    .split('\n')
    .map((line) => `>${line}`)
    .join('\n');
}

/** "<@filer>", or "<@filer> on behalf of <@person>" when a workflow step filed it for someone. */
function requestedBy(request: Pick<IndexRequest, 'requesterId' | 'onBehalfOf'>): string {
  const filer = mentionUser(request.requesterId);
  return request.onBehalfOf === null || request.onBehalfOf === request.requesterId
    ? filer
    : `${filer} on behalf of ${mentionUser(request.onBehalfOf)}`;
}

export function summaryBlocks(request: IndexRequest, options: { showExpiry: boolean }): KnownBlock[] {
  const fields: SectionBlock['fields'] = [
    { type: 'mrkdwn', text: `*Requested by*\n${requestedBy(request)}` },
    { type: 'mrkdwn', text: `*Name*\n${indexName(request.name)}` },
    { type: 'mrkdwn', text: `*Region*\n${escapeMrkdwn(request.region)}` },
    { type: 'mrkdwn', text: `*Plan*\n${escapeMrkdwn(planLabel(request.plan))}` },
    { type: 'mrkdwn', text: `*Requested*\n${slackDate(request.createdAt)}` },
  ];
  if (options.showExpiry) fields.push({ type: 'mrkdwn', text: `*Expires*\n${slackDate(request.expiresAt)}` });
  return [
    { type: 'section', fields },
    { type: 'section', text: { type: 'mrkdwn', text: `*Reason*\n${quoted(request.reason)}` } },
  ];
}
