// What the sweep job does on every replica, the store's compare-and-set letting one of them win
// each request: overdue pending requests expire, and requests a stopped process left half-way (in
// `approved` or `creating`) move to `failed`, so their card offers Retry — except one whose create
// this process saw succeed and is still recording (recording.ts). The states change before
// a sweep returns; the cards and messages follow in the background.
import type { IndexRequest } from '../../store/index.ts';
import { SYSTEM_ACTOR } from './ids.ts';
import type { Publisher } from './outbound.ts';
import type { Recorder } from './recording.ts';
import type { SearchRequestsServiceDeps } from './service.ts';

/**
 * A request left in `approved` or `creating` this long belongs to a process that stopped mid-way:
 * far beyond the longest API timeout config allows (120 s), so a live call is never cut short.
 */
const STALLED_AFTER_MS = 10 * 60_000;
const STALLED_SCAN_LIMIT = 50;

const STALLED_MESSAGES = {
  approved: 'opsbot stopped before it called the management API, so no index was created.',
  creating:
    'opsbot stopped while its call to the management API was in flight, so it can’t tell whether the index was created.',
} as const;

export function createSweep(
  deps: Pick<SearchRequestsServiceDeps, 'store' | 'clock' | 'logger' | 'approvals' | 'background'>,
  publish: Publisher['publish'],
  recorder: Pick<Recorder, 'holds' | 'retryDue'>,
) {
  const { store, clock, logger } = deps;

  /** Tells everyone involved about these requests, after the caller has answered. */
  function publishLater(requests: IndexRequest[], news: 'expired' | 'failed'): void {
    if (requests.length === 0) return;
    deps.background(async () => {
      for (const request of requests) await publish(request, { kind: news });
    });
  }

  async function expire(request: IndexRequest): Promise<IndexRequest | undefined> {
    const moved = await store.transitionRequest(request.id, {
      from: 'pending',
      to: 'expired',
      actor: SYSTEM_ACTOR,
      at: clock(),
      note: `no decision within ${deps.approvals.requestTtlHours} h`,
    });
    if (!moved.ok) return undefined;
    logger.info({ event: 'search_request_expired', requestId: request.id }, 'index request expired');
    return moved.request;
  }

  /** Expires every overdue pending request; returns how many this call expired. */
  async function expireDue(): Promise<number> {
    const expired: IndexRequest[] = [];
    for (const request of await store.listExpiredPending(clock())) {
      const moved = await expire(request);
      if (moved) expired.push(moved);
    }
    publishLater(expired, 'expired');
    return expired.length;
  }

  /**
   * Moves requests a stopped process left half-way to `failed`. One left in `approved` never
   * reached the API; one left in `creating` may have: its outcome is unknown. Returns how many.
   */
  async function recoverStalled(): Promise<number> {
    const now = clock();
    const stuck = await store.listRecentRequests({
      limit: STALLED_SCAN_LIMIT,
      states: ['approved', 'creating'],
    });
    const recovered: IndexRequest[] = [];
    for (const request of stuck) {
      if (now - request.updatedAt < STALLED_AFTER_MS) continue;
      // Its create succeeded in this process: the outcome is known, only not recorded yet.
      if (recorder.holds(request.id)) continue;
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
    publishLater(recovered, 'failed');
    return recovered.length;
  }

  /** One sweep: what the job does every minute, and the requests list before it shows anything. */
  async function sweep(): Promise<void> {
    await recorder.retryDue();
    await expireDue();
    await recoverStalled();
  }

  return { expire, expireDue, recoverStalled, sweep };
}
