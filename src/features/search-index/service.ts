// What the feature does, without Slack: requests move through their states only by the store's
// compare-and-set, so whichever of two racing clicks loses sees the winner's state and stops.
// Exactly one caller ever wins the move into `creating`, and only that caller calls the API.
import { errField } from '../../errors.ts';
import type { IndexRequest, RequestState } from '../../store/index.ts';
import { creator } from './creation.ts';
import { SYSTEM_ACTOR } from './ids.ts';
import type {
  Decision,
  DecisionKind,
  Refusal,
  RequesterNews,
  SearchIndexServiceDeps,
} from './service-types.ts';
import type { ValidRequest } from './validation.ts';

export type * from './service-types.ts';

export type SearchIndexService = ReturnType<typeof createSearchIndexService>;

const HOUR_MS = 3_600_000;
/**
 * A request left in `approved` or `creating` this long belongs to a process that stopped mid-way:
 * far beyond the longest API timeout config allows (120 s), so a live call is never cut short.
 */
export const STALLED_AFTER_MS = 10 * 60_000;
const STALLED_SCAN_LIMIT = 50;
/** More than anyone could go through; a view cuts to what fits and says how many more there are. */
const PENDING_READ_LIMIT = 500;

const STALLED_MESSAGES = {
  approved: 'opsbot stopped before it called the management API, so no index was created.',
  creating:
    'opsbot stopped while its call to the management API was in flight, so it can’t tell whether the index was created.',
} as const;

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

  async function publish(request: IndexRequest, news?: RequesterNews): Promise<void> {
    await safely('search_card_update_failed', request, () => notifier.updateCard(request));
    if (news)
      await safely('search_requester_notice_failed', request, () => notifier.tellRequester(request, news));
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

  /** Everything that must hold for `userId` to approve, reject or retry request `id` right now. */
  async function check(id: number, userId: string, kind: DecisionKind): Promise<Decision> {
    const request = await store.getRequest(id);
    if (request === undefined) return { ok: false, refusal: { code: 'not_found', requestId: id } };
    if (!approvals.approverIds.includes(userId)) {
      return { ok: false, refusal: { code: 'not_approver', approverIds: approvals.approverIds } };
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
    return { ok: true, request };
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
      const request = await store.createRequest({
        requesterId: input.requesterId,
        requesterChannelId: input.channelId,
        ...input.form,
        createdAt: now,
        expiresAt: now + approvals.requestTtlHours * HOUR_MS,
      });
      logger.info({ event: 'search_request_created', requestId: request.id }, 'index request stored');
      return { ok: true, request };
    },

    /** Posts the approval card and tells the requester; a card that can't be posted keeps the request. */
    async announce(request: IndexRequest): Promise<void> {
      let cardError: string | undefined;
      try {
        const card = await notifier.postCard(request);
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
        ),
      );
    },

    /** The decisive, fast part of an approval: re-check and claim it. Call `create` afterwards. */
    async approve(id: number, userId: string, comment: string | undefined): Promise<Decision> {
      const checked = await check(id, userId, 'approve');
      if (!checked.ok) return checked;
      const moved = await store.transitionRequest(id, {
        from: 'pending',
        to: 'approved',
        actor: userId,
        at: clock(),
        patch: { decidedBy: userId, decisionComment: comment ?? null },
        ...(comment === undefined ? {} : { note: comment }),
      });
      if (!moved.ok) return { ok: false, refusal: refusalFor(moved.current, id, 'approve') };
      logger.info({ event: 'search_request_approved', requestId: id, by: userId }, 'index request approved');
      return moved;
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

    /**
     * Moves requests a stopped process left half-way to `failed`, so the card offers Retry. One
     * left in `approved` never reached the API; one left in `creating` may have: its outcome is unknown.
     */
    async recoverStalled(): Promise<number> {
      const now = clock();
      const stuck = await store.listRecentRequests({
        limit: STALLED_SCAN_LIMIT,
        states: ['approved', 'creating'],
      });
      const recovered: IndexRequest[] = [];
      for (const request of stuck) {
        if (now - request.updatedAt < STALLED_AFTER_MS) continue;
        const state = request.state === 'approved' ? 'approved' : 'creating';
        const moved = await store.transitionRequest(request.id, {
          from: state,
          to: 'failed',
          actor: SYSTEM_ACTOR,
          at: now,
          note: 'stalled',
          patch: { failureMessage: STALLED_MESSAGES[state], outcomeUnknown: state === 'creating' },
        });
        if (!moved.ok) continue;
        logger.warn(
          { event: 'search_request_stalled', requestId: request.id, state },
          'stalled request failed',
        );
        recovered.push(moved.request);
      }
      if (recovered.length > 0) {
        deps.background(async () => {
          for (const request of recovered) await publish(request, { kind: 'failed' });
        });
      }
      return recovered.length;
    },

    recent(limit: number): Promise<IndexRequest[]> {
      return store.listRecentRequests({ limit });
    },

    /** Pending requests `viewerId` may decide (not their own, not past their time), oldest first. */
    async pendingFor(viewerId: string): Promise<IndexRequest[]> {
      const now = clock();
      const pending = await store.listRecentRequests({ limit: PENDING_READ_LIMIT, states: ['pending'] });
      return pending
        .filter((r) => r.requesterId !== viewerId && r.expiresAt > now)
        .sort((a, b) => a.createdAt - b.createdAt || a.id - b.id);
    },

    /** The most recent requests `requesterId` filed, newest first. */
    mineFor(requesterId: string, limit: number): Promise<IndexRequest[]> {
      return store.listRecentRequests({ limit, requesterId });
    },
  };
}
