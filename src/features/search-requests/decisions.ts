// Approve, reject and retry. Requests move through their states only by the store's compare-and-set,
// so whichever of two racing clicks loses sees the winner's state and stops; exactly one caller ever
// wins the move into `creating`, and only that caller calls the API (creation.ts).
import { countWords } from '../../approval-rule.ts';
import type { IndexRequest } from '../../store/index.ts';
import { type createChecker, denialFor } from './checks.ts';
import type { creator } from './creation.ts';
import type { Decision } from './denials.ts';
import type { Publisher } from './outbound.ts';
import type { SearchRequestsServiceDeps } from './service.ts';

export function createDecisions(
  deps: Pick<SearchRequestsServiceDeps, 'store' | 'clock' | 'logger'>,
  tools: {
    check: ReturnType<typeof createChecker>;
    runCreate: ReturnType<typeof creator>;
    publisher: Publisher;
  },
) {
  const { store, clock, logger } = deps;
  const { check, runCreate, publisher } = tools;

  return {
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
          const progress = await publisher.progressFor(added.current);
          return { ok: false, denial: { code: 'already_approved', request: added.current, progress } };
        }
        return { ok: false, denial: denialFor(added.current, id, 'approve') };
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

    /**
     * After an approval was recorded: the one create call when it completed the count (its outcome
     * returned), else the card's progress.
     */
    async settle(decision: Decision & { ok: true }, actor: string): Promise<Decision> {
      if (decision.completed === true) return runCreate(decision.request.id, 'approved', actor);
      await publisher.publish(decision.request);
      return decision;
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
      if (!moved.ok) return { ok: false, denial: denialFor(moved.current, id, 'reject') };
      logger.info({ event: 'search_request_rejected', requestId: id, by: userId }, 'index request rejected');
      return moved;
    },

    async publishRejection(request: IndexRequest): Promise<void> {
      await publisher.publish(request, { kind: 'rejected' });
    },
  };
}
