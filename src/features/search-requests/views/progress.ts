// How approval progress reads on the card, in the list and in messages. Pure: data in, mrkdwn out.

import { tally } from '../../../approval-rule.ts';
import type { ApprovalProgress, IndexRequest } from '../../../store/index.ts';
import { listWords } from '../../../text/lists.ts';
import { escapeMrkdwn, mentionUser, truncate } from '../../../text/mrkdwn.ts';

/** What `plan` needs, as the request form and the card say it: "2 approvals", "1 approval", "no approval". */
export function neededWords(required: number): string {
  if (required === 0) return 'no approval';
  return required === 1 ? '1 approval' : `${required} approvals`;
}

export type GroupRef = { id: string; handle: string } | undefined;

/** `<!subteam^S…>` (notifies its members where posted), or "an approver" without a group. */
export function groupMention(group: GroupRef): string {
  return group === undefined ? 'an approver' : `<!subteam^${group.id}>`;
}

/** "@ops-approvers" as plain words (modals and denials don't notify anyone). */
export function groupWords(group: GroupRef): string {
  if (group === undefined) return 'an approver';
  return group.handle === '' ? 'the approver group' : `@${group.handle}`;
}

/** "approved by <@a> and <@b>", or that nobody needed to approve. */
export function approvedBy(request: IndexRequest, progress: ApprovalProgress | undefined): string {
  if (progress?.required === 0)
    return `created without approval: plan ${escapeMrkdwn(request.plan)} needs none`;
  const names = progress === undefined ? [] : tally(progress).counted.map((a) => mentionUser(a.approverId));
  if (names.length > 0) return `approved by ${listWords(names, 'and')}`;
  return `approved by ${request.decidedBy === null ? 'an approver' : mentionUser(request.decidedBy)}`;
}

/** Who decided a request, as the list, the card and Home all say it; undefined while nobody has. */
export function decisionWords(
  request: IndexRequest,
  progress: ApprovalProgress | undefined,
): string | undefined {
  if (request.state === 'pending') return undefined;
  if (request.state === 'rejected')
    return request.decidedBy === null ? undefined : `rejected by ${mentionUser(request.decidedBy)}`;
  if (request.decidedBy !== null || progress?.required === 0) return approvedBy(request, progress);
  return undefined;
}

/** The pending card's progress: each approval, the ones that stopped counting, and who is still needed. */
export function progressText(progress: ApprovalProgress, group: GroupRef, mention: boolean): string {
  const t = tally(progress);
  const lines = [`*Approvals ${t.counted.length} of ${t.required}*`];
  for (const a of t.counted) {
    // One line per approval: the note is cut short and escaped (nothing in it pings anyone).
    const note =
      a.note === null || a.note.trim() === ''
        ? ''
        : ` “${escapeMrkdwn(truncate(a.note.trim().replace(/\s+/g, ' '), 200))}”`;
    lines.push(`:white_check_mark: ${mentionUser(a.approverId)}${note}`);
  }
  for (const a of t.lapsed)
    lines.push(
      `:heavy_multiplication_x: ${mentionUser(a.approverId)} is no longer an approver: their approval doesn’t count`,
    );
  const who = mention ? groupMention(group) : groupWords(group);
  if (t.missing > 0)
    lines.push(
      `Still needed: ${neededWords(t.missing)} from ${who}${t.counted.length > 0 ? ' (another approver)' : ''}.`,
    );
  return lines.join('\n');
}

/** "payg needs 2 approvals from @ops-approvers": what a plan needs, for the request form. */
export function planNeedsText(plan: string, required: number, group: GroupRef): string {
  if (required === 0) return `${plan} needs no approval: it is created as soon as you ask`;
  return `${plan} needs ${neededWords(required)} from ${groupWords(group)}`;
}
