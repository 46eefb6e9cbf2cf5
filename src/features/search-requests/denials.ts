// Why a click or a submit was refused, in one sentence. Two styles: mrkdwn for ephemeral messages
// (mentions render) and plain text for modal field errors (Slack shows those verbatim). Listeners
// throw denialError(); the guard shows its sentence where the person is looking.
import { tally } from '../../approval-rule.ts';
import { TargetGone, UserFacingError } from '../../errors.ts';
import type { ApprovalProgress, IndexRequest } from '../../store/index.ts';
import { mentionUser } from '../../text/mrkdwn.ts';
import { utcStamp } from '../../time/words.ts';
import { listCommand } from './views/messages.ts';
import { neededWords } from './views/progress.ts';

export type Denial =
  | { code: 'not_found'; requestId: number }
  | { code: 'not_approver'; approverIds: readonly string[]; group?: string | undefined }
  | { code: 'approvers_unknown'; group: string | undefined }
  | { code: 'already_approved'; request: IndexRequest; progress: ApprovalProgress }
  | { code: 'own_request'; request: IndexRequest }
  | { code: 'decided'; request: IndexRequest }
  | { code: 'expired'; request: IndexRequest }
  | { code: 'not_failed'; request: IndexRequest }
  | { code: 'at_cap'; pending: number; max: number }
  | { code: 'unapproved_daily_cap'; max: number; resetsAt: number };

export type Decision =
  | {
      ok: true;
      request: IndexRequest;
      /** For an approval: its rule and approvals as they now stand. */
      progress?: ApprovalProgress;
      /** For an approval: whether it completed the count (the request is now `approved`). */
      completed?: boolean;
    }
  | { ok: false; denial: Denial };

export type DecisionKind = 'approve' | 'reject' | 'retry';

type TextStyle = 'mrkdwn' | 'plain';

/** A click or a submit whose payload names no request (forged, or from a card long gone). */
export const NO_REQUEST_IN = {
  button: 'That button no longer points at a request. Use the buttons on the request card.',
  form: 'This form can’t be used any more. Close it and use the buttons on the request card again.',
} as const;

function who(userId: string | null, viewerId: string, style: TextStyle): string {
  if (userId === null) return 'an approver';
  if (userId === viewerId) return 'you';
  return style === 'mrkdwn' ? mentionUser(userId) : 'another approver';
}

function stateSentence(request: IndexRequest, viewerId: string, style: TextStyle): string {
  const n = `Request #${request.id}`;
  const by = who(request.decidedBy, viewerId, style);
  switch (request.state) {
    case 'pending':
      return `${n} hasn’t been approved yet, so there is nothing to retry.`;
    case 'approved':
    case 'creating':
      return `${n} was already approved by ${by}; the index is being created now.`;
    case 'created':
      return `${n} was already approved by ${by} and the index has been created.`;
    case 'failed':
      return `${n} was already approved by ${by}, but creating the index failed — an approver can use Retry on the card.`;
    case 'rejected':
      return `${n} was already rejected by ${by}.`;
    case 'expired':
      return `${n} expired at ${utcStamp(request.expiresAt)} without a decision; the requester can file it again.`;
  }
}

/** How the refused person is answered; `command` is the slash command as the workspace names it. */
export type Audience = { viewerId: string; style: TextStyle; command: string };

export function denialText(denial: Denial, viewerId: string, style: TextStyle, command: string): string {
  switch (denial.code) {
    case 'not_found':
      return `There is no request #${denial.requestId}.`;
    case 'not_approver': {
      const group = denial.group === undefined ? '' : ` (members of @${denial.group})`;
      const names =
        style === 'mrkdwn' && denial.approverIds.length > 0 && denial.group === undefined
          ? ` Ask ${denial.approverIds.map(mentionUser).join(', ')}.`
          : ' Ask one of the approvers.';
      return `Only approvers${group} can decide on search index requests, and you aren’t one.${names}`;
    }
    case 'approvers_unknown':
      return `opsbot can’t tell right now who is in ${denial.group === undefined ? 'the approver group' : `@${denial.group}`} (Slack didn’t answer), so it can’t accept a decision yet — try again in a minute.`;
    case 'already_approved': {
      const t = tally(denial.progress);
      return `You already approved request #${denial.request.id} (approvals ${t.counted.length} of ${t.required}); your approval counts once, so it still needs ${neededWords(t.missing)} from another approver.`;
    }
    case 'own_request':
      return denial.request.requesterId === viewerId
        ? `You asked for request #${denial.request.id}, so another approver has to approve it — nobody approves their own request.`
        : `Request #${denial.request.id} was filed on your behalf, so another approver has to approve it — nobody approves a request they caused.`;
    case 'decided':
    case 'expired':
    case 'not_failed':
      return stateSentence(denial.request, viewerId, style);
    case 'at_cap': {
      const list = style === 'mrkdwn' ? ` (${listCommand(command)} lists them)` : '';
      return `You already have ${denial.pending} requests waiting for approval, the most one person may have. Wait for a decision on them${list}.`;
    }
    case 'unapproved_daily_cap':
      return `You’ve already asked for ${denial.max} indexes that need no approval today, the most one person may per day; you can ask again after ${utcStamp(denial.resetsAt)}.`;
  }
}

/** A request that is gone or already decided is a TargetGone; the other denials are about the person. */
export function denialError(denial: Denial, to: Audience): UserFacingError {
  const text = denialText(denial, to.viewerId, to.style, to.command);
  const gone = ['not_found', 'decided', 'expired', 'not_failed'].includes(denial.code);
  return gone ? new TargetGone(text) : new UserFacingError(text);
}

/** The request a decision let through, or the denial thrown for the guard to show. */
export function allowed(decision: Decision, to: Audience): IndexRequest {
  if (!decision.ok) throw denialError(decision.denial, to);
  return decision.request;
}
