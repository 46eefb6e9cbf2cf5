// The three modals: request (prefilled from the command), approve (summary + optional comment),
// reject (reason required). Pure builders: data in, view out.
import type { KnownBlock, ModalView, PlainTextOption } from '@slack/types';
import { z } from 'zod';
import { AVAILABLE_SEARCH_PLANS, SEARCH_REGIONS } from '../../../api/index.ts';
import { type ApprovalRule, approvalsFor, nextCompletes, tally } from '../../../approval-rule.ts';
import { UserFacingError } from '../../../errors.ts';
import { section } from '../../../slack/blocks.ts';
import { SLACK_LIMITS } from '../../../slack/limits.ts';
import type { ApprovalProgress, IndexRequest } from '../../../store/index.ts';
import { plain as plainText } from '../../../text/block-kit.ts';
import { NAME_MAX, NAME_RULE } from '../../../text/index-names.ts';
import { leadingGraphemes, quoteUserText, truncate } from '../../../text/mrkdwn.ts';
import { NO_REQUEST_IN } from '../denials.ts';
import { BLOCK, ELEMENT, VIEW } from '../ids.ts';
import type { RequestPrefill } from '../parse.ts';
import { FIXED_UNAVAILABLE, REASON_MAX } from '../validation.ts';
import { type GroupRef, planNeedsText } from './progress.ts';
import { summaryBlocks } from './summary.ts';

// Every text of this modal is cut at 150, the shortest limit among its labels, hints and placeholders.
const plain = (text: string) => plainText(text, 150);
const title = (text: string) => plain(truncate(text, SLACK_LIMITS.modalTitle));

const REGION_OPTIONS: PlainTextOption[] = SEARCH_REGIONS.map((r) => ({ text: plain(r), value: r }));
const PLAN_DESCRIPTIONS: Record<string, string> = { free: 'Free', payg: 'Pay as you go (payg)' };
const PLAN_OPTIONS: PlainTextOption[] = AVAILABLE_SEARCH_PLANS.map((p) => ({
  text: plain(PLAN_DESCRIPTIONS[p] ?? p),
  value: p,
}));

/** The JSON a modal carries in private_metadata, checked like any other input from Slack. */
const json = z.string().transform((text, ctx) => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    ctx.addIssue({ code: 'custom', message: 'not JSON' });
    return z.NEVER;
  }
});

/**
 * What the request modal carries through Slack: where the command was typed. Without it (a form
 * from the Home tab, or metadata Slack mangled) the confirmation goes to a direct message instead.
 */
export const requestMetadata = json.pipe(z.object({ channelId: z.string() })).catch({ channelId: '' });
type RequestModalMetadata = z.infer<typeof requestMetadata>;

/** What the decision modals carry: only the request number; everything else is read fresh. */
const decisionMetadata = json.pipe(z.object({ requestId: z.coerce.number().int().positive() }));
type DecisionModalMetadata = z.infer<typeof decisionMetadata>;

export function readDecisionMetadata(privateMetadata: string): DecisionModalMetadata {
  const parsed = decisionMetadata.safeParse(privateMetadata);
  if (parsed.success) return parsed.data;
  throw new UserFacingError(NO_REQUEST_IN.form);
}

/** What each plan needs, for the request form: "payg needs 2 approvals from @ops-approvers". */
export function approvalNotes(rule: ApprovalRule, group: GroupRef): string {
  const plans = AVAILABLE_SEARCH_PLANS.map((plan) => planNeedsText(plan, approvalsFor(rule, plan), group));
  return `:busts_in_silhouette: ${plans.join(' · ')}.`;
}

/** What the form says above its fields about the command's words, and the name it starts with. */
function prefillNotes(prefill: RequestPrefill, approvalNote: string | undefined) {
  const notes: string[] = [];
  if (approvalNote !== undefined) notes.push(approvalNote);
  if (prefill.askedForFixed) notes.push(`:information_source: ${FIXED_UNAVAILABLE} Pick one of those below.`);
  if (prefill.ignored.length > 0) {
    const words = prefill.ignored.slice(0, 5).map((w) => quoteUserText(w, 40));
    notes.push(`:information_source: Not used from your command: ${words.join(', ')}.`);
  }
  // A name longer than any index may have would only be refused on submit; it is cut here, at a
  // grapheme, and the person is told, so the field holds something they can fix in place.
  const nameTooLong = prefill.name !== undefined && prefill.name.length > NAME_MAX;
  const initialName = nameTooLong ? leadingGraphemes(prefill.name ?? '', NAME_MAX) : prefill.name;
  if (nameTooLong)
    notes.push(
      `:information_source: The name you typed is longer than ${NAME_MAX} characters; it is cut to its start below.`,
    );
  return { notes, initialName };
}

export function requestModal(
  prefill: RequestPrefill,
  metadata: RequestModalMetadata,
  approvalNote?: string,
): ModalView {
  const { notes, initialName } = prefillNotes(prefill, approvalNote);
  const regionOption = REGION_OPTIONS.find((o) => o.value === prefill.region);
  const planOption = PLAN_OPTIONS.find((o) => o.value === prefill.plan);
  const blocks: KnownBlock[] = [
    ...notes.map((text) => section(text)),
    {
      type: 'input',
      block_id: BLOCK.name,
      label: plain('Index name'),
      hint: plain(NAME_RULE),
      element: {
        type: 'plain_text_input',
        action_id: ELEMENT.name,
        placeholder: plain('e.g. product-search'),
        ...(initialName === undefined || initialName === '' ? {} : { initial_value: initialName }),
      },
    },
    {
      type: 'input',
      block_id: BLOCK.region,
      label: plain('Region'),
      element: {
        type: 'static_select',
        action_id: ELEMENT.region,
        placeholder: plain('Choose a region'),
        options: REGION_OPTIONS,
        ...(regionOption === undefined ? {} : { initial_option: regionOption }),
      },
    },
    {
      type: 'input',
      block_id: BLOCK.plan,
      label: plain('Plan'),
      hint: plain('Only free and payg are currently available.'),
      element: {
        type: 'static_select',
        action_id: ELEMENT.plan,
        placeholder: plain('Choose a plan'),
        options: PLAN_OPTIONS,
        ...(planOption === undefined ? {} : { initial_option: planOption }),
      },
    },
    {
      type: 'input',
      block_id: BLOCK.reason,
      label: plain('Why is it needed?'),
      hint: plain(`Approvers read this. Up to ${REASON_MAX} characters.`),
      element: {
        type: 'plain_text_input',
        action_id: ELEMENT.reason,
        multiline: true,
        placeholder: plain('e.g. search for the new product catalogue'),
      },
    },
  ];
  return {
    type: 'modal',
    callback_id: VIEW.request,
    title: title('Request a search index'),
    submit: plain('Request'),
    close: plain('Cancel'),
    private_metadata: JSON.stringify(metadata),
    blocks,
  };
}

export function approveModal(request: IndexRequest, progress?: ApprovalProgress): ModalView {
  // Whether this approval creates the index or only adds to the count, said before it is given.
  const creates = progress === undefined || nextCompletes(progress);
  const t = progress === undefined ? undefined : tally(progress);
  const intro = creates
    ? `${t !== undefined && t.required > 1 ? `This is approval ${t.required} of ${t.required}: approving` : 'Approving'} creates this search index right away (it may cost money). Check the details:`
    : `This adds your approval to the count (${(t?.counted.length ?? 0) + 1} of ${t?.required}): the index is created once ${t?.required} approvers have approved. Check the details:`;
  return {
    type: 'modal',
    callback_id: VIEW.approve,
    title: title(`Approve request #${request.id}`),
    submit: plain(creates ? 'Approve & create' : 'Approve'),
    close: plain('Cancel'),
    private_metadata: JSON.stringify({ requestId: request.id } satisfies DecisionModalMetadata),
    blocks: [
      section(intro),
      ...summaryBlocks(request, { showExpiry: true }),
      {
        type: 'input',
        block_id: BLOCK.comment,
        optional: true,
        label: plain('Comment (optional)'),
        element: { type: 'plain_text_input', action_id: ELEMENT.comment, multiline: true },
      },
    ],
  };
}

export function rejectModal(request: IndexRequest): ModalView {
  return {
    type: 'modal',
    callback_id: VIEW.reject,
    title: title(`Reject request #${request.id}`),
    submit: plain('Reject'),
    close: plain('Cancel'),
    private_metadata: JSON.stringify({ requestId: request.id } satisfies DecisionModalMetadata),
    blocks: [
      ...summaryBlocks(request, { showExpiry: true }),
      {
        type: 'input',
        block_id: BLOCK.rejectReason,
        label: plain('Why are you rejecting it?'),
        hint: plain('The requester sees this.'),
        element: { type: 'plain_text_input', action_id: ELEMENT.rejectReason, multiline: true },
      },
    ],
  };
}
