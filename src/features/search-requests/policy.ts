// The approval policy, as pure functions: which approvals count, how many are still needed, and
// whose approval stops counting because they are no longer an approver. Slack-free and store-free.
import type { Approval, ApprovalProgress } from '../../store/index.ts';

export type Tally = {
  required: number;
  /** Approvals that count, oldest first. */
  counted: Approval[];
  /** Approvals of people who were no longer approvers when checked; they don't count. */
  lapsed: Approval[];
  /** How many more approvals the request needs (0 when it needs none or has them all). */
  missing: number;
};

export function tally(progress: ApprovalProgress): Tally {
  const counted = progress.approvals.filter((a) => a.lapsedAt === null);
  const lapsed = progress.approvals.filter((a) => a.lapsedAt !== null);
  return {
    required: progress.required,
    counted,
    lapsed,
    missing: Math.max(0, progress.required - counted.length),
  };
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

/** "1 of 2", the words progress is shown in everywhere. */
export function countWords(progress: ApprovalProgress): string {
  const t = tally(progress);
  return `${t.counted.length} of ${t.required}`;
}

/** What `plan` needs, as the request form and the card say it: "2 approvals", "1 approval", "no approval". */
export function neededWords(required: number): string {
  if (required === 0) return 'no approval';
  return required === 1 ? '1 approval' : `${required} approvals`;
}

/** Whether `viewerId` can still add an approval to this request (not their own, not counted yet). */
export function canStillApprove(
  request: { requesterId: string },
  progress: ApprovalProgress,
  viewerId: string,
): boolean {
  return request.requesterId !== viewerId && !hasApproved(progress, viewerId);
}
