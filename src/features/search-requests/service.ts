// What the feature does, without Slack: requests move through their states only by the store's
// compare-and-set, so whichever of two racing clicks loses sees the winner's state and stops.
// Exactly one caller ever wins the move into `creating`, and only that caller calls the API.

import { approvalsFor } from '../../config.ts';
import { errField } from '../../errors.ts';
import type { ApprovalProgress, IndexRequest, RequestState } from '../../store/index.ts';
import { creator } from './creation.ts';
import { SYSTEM_ACTOR } from './ids.ts';
import { countWords, hasApproved, leavers } from './policy.ts';
import type {
  Decision,
  DecisionKind,
  Refusal,
  RequesterNews,
  SearchIndexServiceDeps,
} from './service-types.ts';
import { stalledRecovery } from './stalled.ts';
import type { ValidRequest } from './validation.ts';

export type * from './service-types.ts';

export type SearchIndexService = ReturnType<typeof createSearchIndexService>;

const HOUR_MS = 3_600_000;
export function createSearchIndexService(deps: SearchIndexServiceDeps) {
  const { store, clock, logger, notifier, approvals } = deps;

  /** Slack calls after a state change: failures are logged, never undo the change. */
  async function safely(event: string, request: IndexRequest, work: () => Promise<unknown>): Promise<void> {
    try {
      await work();
    } catch (error) {
      logger.warn(
        { event, requestId: request.id, err: errField(error) },
        'could not update Slack after a request change',
      );
    }
  }

  async function progressFor(request: IndexRequest): Promise<ApprovalProgress> {
    const progress = (await store.approvalProgress([request.id])).get(request.id);
    return progress ?? { requestId: request.id, required: 1, approvals: [] };
  }

  async function publish(request: IndexRequest, news?: RequesterNews): Promise<void> {
    let progress: ApprovalProgress | undefined;
    await safely('search_card_update_failed', request, async () => {
      progress = await progressFor(request);
      await notifier.updateCard(request, progress);
    });
    if (news)
      await safely('search_requester_notice_failed', request, async () =>
        notifier.tellRequester(request, news, progress ?? (await progressFor(request))),
      );
  }

  async function expire(request: IndexRequest): Promise<IndexRequest | undefined> {
    const moved = await store.transitionRequest(request.id, {
      from: 'pending',
      to: 'expired',
      actor: SYSTEM_ACTOR,
      at: clock(),
      note: `no decision within ${approvals.requestTtlHours} h`,
    });
    if (!moved.ok) return undefined;
    logger.info({ event: 'search_request_expired', requestId: request.id }, 'index request expired');
    return moved.request;
  }

  function refusalFor(current: IndexRequest | undefined, id: number, kind: DecisionKind): Refusal {
    if (current === undefined) return { code: 'not_found', requestId: id };
    if (current.state === 'expired') return { code: 'expired', request: current };
    if (kind === 'retry') return { code: 'not_failed', request: current };
    return { code: 'decided', request: current };
  }

  const groupHandle = () => {
    const group = deps.approvers.group();
    return group === undefined || group.handle === '' ? undefined : group.handle;
  };

  /**
   * Everything that must hold for `userId` to approve, reject or retry request `id` right now. The
   * approver list is read from Slack when stale; for an approval, every counted approver is
   * re-checked, and one who is no longer an approver stops counting.
   */
  async function check(
    id: number,
    userId: string,
    kind: DecisionKind,
    options: { publishLapses: boolean } = { publishLapses: true },
  ): Promise<Decision> {
    const request = await store.getRequest(id);
    if (request === undefined) return { ok: false, refusal: { code: 'not_found', requestId: id } };
    const approvers = await deps.approvers.approvers({ mustInclude: userId });
    if (approvers === 'unknown') {
      return { ok: false, refusal: { code: 'approvers_unknown', group: groupHandle() } };
    }
    if (!approvers.has(userId)) {
      const refusal = {
        code: 'not_approver' as const,
        approverIds: approvals.approverIds,
        group: groupHandle(),
      };
      return { ok: false, refusal };
    }
    // Separation of duties: whoever asked can't be the one who makes the index exist.
    if (kind !== 'reject' && request.requesterId === userId) {
      return { ok: false, refusal: { code: 'own_request', request } };
    }
    const wanted: RequestState = kind === 'retry' ? 'failed' : 'pending';
    if (request.state !== wanted) return { ok: false, refusal: refusalFor(request, id, kind) };
    if (request.state === 'pending' && request.expiresAt <= clock()) {
      const expired = await expire(request);
      if (expired) deps.background(() => publish(expired, { kind: 'expired' }));
      return { ok: false, refusal: { code: 'expired', request: expired ?? request } };
    }
    if (kind !== 'approve') return { ok: true, request };
    const progress = await recheck(request, await progressFor(request), approvers, options.publishLapses);
    if (hasApproved(progress, userId))
      return { ok: false, refusal: { code: 'already_approved', request, progress } };
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

  const runCreate = creator({ store, mgmt: deps.mgmt, clock, logger, publish, refusalFor });

  /** Undefined when `userId` may file another request, else why not. */
  async function capRefusal(userId: string): Promise<Refusal | undefined> {
    const pending = await store.countPendingByRequester(userId, clock());
    const max = approvals.maxPendingPerUser;
    return pending >= max ? { code: 'at_cap', pending, max } : undefined;
  }

  return {
    check,
    capRefusal,

    /** Stores the request (pending) — before anything about it is posted anywhere. */
    async submit(input: { requesterId: string; channelId: string; form: ValidRequest }): Promise<Decision> {
      const cap = await capRefusal(input.requesterId);
      if (cap) return { ok: false, refusal: cap };
      const now = clock();
      const required = approvalsFor(approvals.policy, input.form.plan);
      const request = await store.createRequest({
        requesterId: input.requesterId,
        requesterChannelId: input.channelId,
        ...input.form,
        createdAt: now,
        expiresAt: now + approvals.requestTtlHours * HOUR_MS,
        approvalsRequired: required,
      });
      logger.info(
        { event: 'search_request_created', requestId: request.id, approvalsRequired: required },
        'index request stored',
      );
      if (required > 0) return { ok: true, request };
      // A plan whose policy is 0 is created on the requester's word, and the trail says so.
      const moved = await store.transitionRequest(request.id, {
        from: 'pending',
        to: 'approved',
        actor: input.requesterId,
        at: now,
        note: `created without approval: plan ${input.form.plan} needs none`,
      });
      return moved.ok ? { ok: true, request: moved.request, completed: true } : { ok: true, request };
    },

    /** Posts the approval card and tells the requester; a card that can't be posted keeps the request. */
    async announce(request: IndexRequest): Promise<void> {
      let cardError: string | undefined;
      const progress = await progressFor(request);
      try {
        const card = await notifier.postCard(request, progress);
        await store.setRequestCard(request.id, card);
      } catch (error) {
        const err = errField(error);
        cardError = err.code ?? err.name;
        logger.warn(
          { event: 'search_card_post_failed', requestId: request.id, error: cardError, err },
          'card not posted',
        );
      }
      await safely('search_requester_notice_failed', request, () =>
        notifier.tellRequester(
          request,
          cardError === undefined ? { kind: 'submitted' } : { kind: 'submitted', cardError },
          progress,
        ),
      );
    },

    /**
     * The decisive, fast part of an approval: re-check everyone, then record it. The approval that
     * completes the count moves the request to `approved` (`completed`); call `settle` afterwards.
     */
    async approve(id: number, userId: string, comment: string | undefined): Promise<Decision> {
      const checked = await check(id, userId, 'approve', { publishLapses: false });
      if (!checked.ok) return checked;
      const added = await store.addApproval(id, {
        approverId: userId,
        at: clock(),
        ...(comment === undefined ? {} : { note: comment }),
      });
      if (!added.ok) {
        if (added.reason === 'already_approved' && added.current !== undefined) {
          const progress = await progressFor(added.current);
          return { ok: false, refusal: { code: 'already_approved', request: added.current, progress } };
        }
        return { ok: false, refusal: refusalFor(added.current, id, 'approve') };
      }
      logger.info(
        {
          event: added.completed ? 'search_request_approved' : 'search_approval_counted',
          requestId: id,
          by: userId,
          count: countWords(added.progress),
        },
        added.completed ? 'index request approved' : 'approval counted',
      );
      return { ok: true, request: added.request, progress: added.progress, completed: added.completed };
    },

    /** After an approval was recorded: the one create call when it completed the count, else the card's progress. */
    async settle(decision: Decision & { ok: true }, actor: string): Promise<void> {
      if (decision.completed === true) await runCreate(decision.request.id, 'approved', actor);
      else await publish(decision.request);
    },

    /** The one create call for an approved request. */
    create(approved: IndexRequest, actor: string): Promise<Decision> {
      return runCreate(approved.id, 'approved', actor);
    },

    async retry(id: number, userId: string): Promise<Decision> {
      const checked = await check(id, userId, 'retry');
      if (!checked.ok) return checked;
      return runCreate(id, 'failed', userId);
    },

    async reject(id: number, userId: string, reason: string): Promise<Decision> {
      const checked = await check(id, userId, 'reject');
      if (!checked.ok) return checked;
      const moved = await store.transitionRequest(id, {
        from: 'pending',
        to: 'rejected',
        actor: userId,
        at: clock(),
        note: reason,
        patch: { decidedBy: userId, decisionComment: reason },
      });
      if (!moved.ok) return { ok: false, refusal: refusalFor(moved.current, id, 'reject') };
      logger.info({ event: 'search_request_rejected', requestId: id, by: userId }, 'index request rejected');
      return moved;
    },

    publishRejection(request: IndexRequest): Promise<void> {
      return publish(request, { kind: 'rejected' });
    },

    /**
     * Expires every overdue pending request and returns how many this call expired. The states
     * change before this returns; the cards and messages follow in the background.
     */
    async expireDue(): Promise<number> {
      const expired: IndexRequest[] = [];
      for (const request of await store.listExpiredPending(clock())) {
        const moved = await expire(request);
        if (moved) expired.push(moved);
      }
      if (expired.length > 0) {
        deps.background(async () => {
          for (const request of expired) await publish(request, { kind: 'expired' });
        });
      }
      return expired.length;
    },

    recoverStalled: stalledRecovery(deps, publish),
    progressFor,
  };
}
