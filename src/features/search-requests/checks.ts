// Everything that must hold before a person decides on a request: they are an approver now, it is
// not their own (for an approval or a retry), it is in the state the decision needs and not past its
// time. Approvals of counted approvers who are no longer approvers lapse on the way.
import { causedBy, hasApproved, leavers } from '../../approval-rule.ts';
import type { ApprovalProgress, IndexRequest, RequestState } from '../../store/index.ts';
import type { Decision, DecisionKind, Denial } from './denials.ts';
import { SYSTEM_ACTOR } from './ids.ts';
import type { Publisher } from './outbound.ts';
import type { SearchRequestsServiceDeps } from './service.ts';

type CheckDeps = Pick<
  SearchRequestsServiceDeps,
  'store' | 'clock' | 'logger' | 'approvals' | 'approvers' | 'background'
>;

/** Why a request found in `current`'s state can't take this decision. */
export function denialFor(current: IndexRequest | undefined, id: number, kind: DecisionKind): Denial {
  if (current === undefined) return { code: 'not_found', requestId: id };
  if (current.state === 'expired') return { code: 'expired', request: current };
  if (kind === 'retry') return { code: 'not_failed', request: current };
  return { code: 'decided', request: current };
}

export function createChecker(
  deps: CheckDeps,
  publisher: Publisher,
  expire: (request: IndexRequest) => Promise<IndexRequest | undefined>,
) {
  const { store, clock, logger } = deps;
  const { progressFor, publish } = publisher;

  const groupHandle = () => {
    const group = deps.approvers.group();
    return group === undefined || group.handle === '' ? undefined : group.handle;
  };

  /** Who may decide now, read from Slack when stale; a denial when `userId` is not one of them. */
  async function approversIncluding(
    userId: string,
  ): Promise<{ approvers: ReadonlySet<string> } | { denial: Denial }> {
    const approvers = await deps.approvers.approvers({ mustInclude: userId });
    if (approvers === 'unknown') return { denial: { code: 'approvers_unknown', group: groupHandle() } };
    if (approvers.has(userId)) return { approvers };
    const approverIds = deps.approvals.approverIds;
    return { denial: { code: 'not_approver', approverIds, group: groupHandle() } };
  }

  /**
   * Everything that must hold for `userId` to approve, reject or retry request `id` right now. For
   * an approval, every counted approver is re-checked, and one who is no longer an approver stops
   * counting.
   */
  async function check(
    id: number,
    userId: string,
    kind: DecisionKind,
    options: { publishLapses: boolean } = { publishLapses: true },
  ): Promise<Decision> {
    const request = await store.getRequest(id);
    if (request === undefined) return { ok: false, denial: { code: 'not_found', requestId: id } };
    const who = await approversIncluding(userId);
    if ('denial' in who) return { ok: false, denial: who.denial };
    // Separation of duties: whoever asked, or was asked for, can't be the one who makes the index exist.
    if (kind !== 'reject' && causedBy(request, userId)) {
      return { ok: false, denial: { code: 'own_request', request } };
    }
    const wanted: RequestState = kind === 'retry' ? 'failed' : 'pending';
    if (request.state !== wanted) return { ok: false, denial: denialFor(request, id, kind) };
    if (request.state === 'pending' && request.expiresAt <= clock()) {
      const expired = await expire(request);
      if (expired) deps.background(() => publish(expired, { kind: 'expired' }));
      return { ok: false, denial: { code: 'expired', request: expired ?? request } };
    }
    if (kind !== 'approve') return { ok: true, request };
    const progress = await recheck(request, await progressFor(request), who.approvers, options.publishLapses);
    if (hasApproved(progress, userId))
      return { ok: false, denial: { code: 'already_approved', request, progress } };
    return { ok: true, request, progress };
  }

  /** Lapses the approvals of counted approvers who are no longer approvers; the card says so. */
  async function recheck(
    request: IndexRequest,
    progress: ApprovalProgress,
    approvers: ReadonlySet<string>,
    publishLapses: boolean,
  ): Promise<ApprovalProgress> {
    const left = leavers(progress, approvers);
    if (left.length === 0) return progress;
    const changed = await store.lapseApprovals(request.id, left, SYSTEM_ACTOR, clock());
    if (changed === 0) return progress;
    logger.info(
      { event: 'search_approval_lapsed', requestId: request.id, approvers: left },
      'approvals of former approvers no longer count',
    );
    // On a submit, the card is updated once the approval is recorded; a second update could overtake it.
    if (publishLapses) deps.background(() => publish(request));
    return progressFor(request);
  }

  return check;
}
