// The approval rule, in one place: what APPROVALS_REQUIRED says, how many approvals a plan needs,
// which approvals count and when they complete a request. config.ts parses with it, the store
// completes a count inside its transaction with it, and the search-requests feature checks and
// shows progress with it. Pure: no Slack, no store calls.
import type { ApprovalProgress } from './store/index.ts';

/** The plans a rule may name (the API's plan names). */
const RULE_PLANS = ['free', 'payg', 'fixed'] as const;
const MAX_APPROVALS = 10;

/**
 * How many distinct approvals a request needs: `required` for every plan, or per plan with
 * `plans` (a plan not named there needs 1). 0 means created on the requester's word.
 */
export type ApprovalRule = { required: number; plans: Readonly<Record<string, number>> };

const RULE_SHAPE = `one number from 0 to ${MAX_APPROVALS} (e.g. 2) or per plan (e.g. free=0,payg=2,fixed=2)`;

/** `2` or `free=0,payg=2`; a sentence saying what is wrong (never echoing it whole) when malformed. */
export function parseApprovalRule(value: string | undefined): ApprovalRule | string {
  if (value === undefined) return { required: 1, plans: {} };
  const count = (text: string) => {
    const n = /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
    return Number.isInteger(n) && n <= MAX_APPROVALS ? n : undefined;
  };
  const single = count(value);
  if (single !== undefined) return { required: single, plans: {} };
  const plans: Record<string, number> = {};
  for (const part of value.split(',')) {
    const [plan = '', n = '', ...rest] = part.split('=').map((p) => p.trim());
    const needed = count(n);
    if (rest.length > 0 || needed === undefined || !(RULE_PLANS as readonly string[]).includes(plan))
      return `must be ${RULE_SHAPE}; plans are ${RULE_PLANS.join(', ')}`;
    if (plan in plans) return `names the plan ${plan} twice; must be ${RULE_SHAPE}`;
    plans[plan] = needed;
  }
  return { required: 1, plans };
}

/** How many approvals a request for `plan` needs under `rule`. */
export function approvalsFor(rule: ApprovalRule, plan: string): number {
  return rule.plans[plan] ?? rule.required;
}

/**
 * An approval counts until it lapses (its approver stopped being one). `counted` oldest first;
 * `lapsed` don't count; `missing` is how many more the request needs (0 when it has them all).
 */
export function tally(progress: ApprovalProgress) {
  const counted = progress.approvals.filter((a) => a.lapsedAt === null);
  const lapsed = progress.approvals.filter((a) => a.lapsedAt !== null);
  return {
    required: progress.required,
    counted,
    lapsed,
    missing: Math.max(0, progress.required - counted.length),
  };
}

/** The progress of a request nothing was read for: the one approval requests needed before policies. */
export function oneApprovalNeeded(requestId: number): ApprovalProgress {
  return { requestId, required: 1, approvals: [] };
}

/** Counted approvals whose approver is no longer one: they must stop counting. */
export function leavers(progress: ApprovalProgress, approvers: ReadonlySet<string>): string[] {
  return tally(progress)
    .counted.map((a) => a.approverId)
    .filter((id) => !approvers.has(id));
}

/** Whether `userId`'s approval already counts on this request. */
export function hasApproved(progress: ApprovalProgress, userId: string): boolean {
  return tally(progress).counted.some((a) => a.approverId === userId);
}

/** Whether one more approval completes the count. */
export function nextCompletes(progress: ApprovalProgress): boolean {
  return tally(progress).missing <= 1;
}

/** Who caused a request: whoever filed it, and whoever it was filed for. Neither may approve it. */
type CausedBy = { requesterId: string; onBehalfOf: string | null };

/** Whether `userId` caused the request (separation of duties: they can't make the index exist). */
export function causedBy(request: CausedBy, userId: string): boolean {
  return request.requesterId === userId || request.onBehalfOf === userId;
}

/** Whether `viewerId` can still add an approval to this request (not one they caused, not counted yet). */
export function canStillApprove(request: CausedBy, progress: ApprovalProgress, viewerId: string): boolean {
  return !causedBy(request, viewerId) && !hasApproved(progress, viewerId);
}

/** "1 of 2", the words progress is shown in everywhere (the card, the audit trail, the log). */
export function countWords(progress: ApprovalProgress): string {
  const t = tally(progress);
  return `${t.counted.length} of ${t.required}`;
}
