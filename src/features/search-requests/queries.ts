// Reading requests with their approvals: the `search requests` list, Home's "Waiting for you" and
// "Your requests", who approves, and the half-way reminder. Slack-free; outbound.ts posts the reminder.
import { canStillApprove, countWords, oneApprovalNeeded } from '../../approval-rule.ts';
import { errField } from '../../errors.ts';
import type { ApprovalProgress, IndexRequest } from '../../store/index.ts';
import type { SearchRequestsOutbound } from './outbound.ts';
import type { SearchRequestsServiceDeps } from './service.ts';
import { decisionWords } from './views/progress.ts';

/** More than anyone could go through; a view cuts to what fits and says how many more there are. */
const PENDING_READ_LIMIT = 500;
const REMINDERS_PER_RUN = 50;

/** A request with its approval progress. */
type RequestWithProgress = IndexRequest & { progress: ApprovalProgress };

/** A request waiting for the viewer, with its progress in words ("Approvals 1 of 2"). */
export type WaitingRequest = IndexRequest & { progressWords: string };
/** One of a person's requests, with who decided it in the list's own words. */
export type OwnRequest = IndexRequest & { decisionWords?: string | undefined };

export function createRequestQueries(
  deps: Pick<SearchRequestsServiceDeps, 'store' | 'clock' | 'logger' | 'approvers'> & {
    approvals: { approverIds: readonly string[] };
    outbound: Pick<SearchRequestsOutbound, 'remind'>;
  },
) {
  const { store, clock } = deps;

  async function withProgress(requests: IndexRequest[]): Promise<RequestWithProgress[]> {
    const progress = await store.approvalProgress(requests.map((r) => r.id));
    return requests.map((r) => ({
      ...r,
      progress: progress.get(r.id) ?? oneApprovalNeeded(r.id),
    }));
  }

  return {
    async recent(limit: number): Promise<RequestWithProgress[]> {
      return withProgress(await store.listRecentRequests({ limit }));
    },

    /**
     * Pending requests `viewerId` can still approve, oldest first: they are an approver now, it is
     * not their own, their approval doesn't count already, and it isn't past its time. None when
     * Slack can't say who the approvers are.
     */
    async pendingFor(viewerId: string): Promise<WaitingRequest[]> {
      const approvers = await deps.approvers.approvers();
      if (approvers === 'unknown' || !approvers.has(viewerId)) return [];
      const now = clock();
      const pending = await store.listRecentRequests({ limit: PENDING_READ_LIMIT, states: ['pending'] });
      const open = await withProgress(pending.filter((r) => r.expiresAt > now));
      return open
        .filter((r) => canStillApprove(r, r.progress, viewerId))
        .sort((a, b) => a.createdAt - b.createdAt || a.id - b.id)
        .map((r) => ({ ...r, progressWords: `Approvals ${countWords(r.progress)}` }));
    },

    /** Who may approve now: the configured IDs and the group's members (the last list read if Slack fails). */
    async approverIds(): Promise<readonly string[]> {
      const now = await deps.approvers.approvers();
      return now === 'unknown' ? deps.approvals.approverIds : [...now];
    },

    /** The most recent requests `requesterId` filed, newest first. */
    async mineFor(requesterId: string, limit: number): Promise<OwnRequest[]> {
      const mine = await withProgress(await store.listRecentRequests({ limit, requesterId }));
      return mine.map((r) => ({ ...r, decisionWords: decisionWords(r, r.progress) }));
    },

    /**
     * One reminder, in the card's thread, for each request still waiting half-way to its expiry.
     * The store's claim makes it one across replicas; a reminder Slack refuses is not retried.
     */
    async remindDue(): Promise<number> {
      let sent = 0;
      for (const request of await store.listReminderDue(clock(), REMINDERS_PER_RUN)) {
        if (!(await store.claimReminder(request.id, clock()))) continue;
        if (request.card === null) continue;
        const [withIt] = await withProgress([request]);
        if (withIt === undefined) continue;
        try {
          await deps.outbound.remind(request, withIt.progress);
          sent += 1;
        } catch (error) {
          deps.logger.warn(
            { event: 'search_reminder_failed', requestId: request.id, err: errField(error) },
            'reminder not posted',
          );
        }
      }
      return sent;
    },
  };
}
