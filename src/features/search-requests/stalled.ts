// Requests a stopped process left half-way (in `approved` or `creating`) are moved to `failed`, so
// their card offers Retry: run by the expiry job on every replica, the store's compare-and-set
// letting one of them win each request.
import type { IndexRequest } from '../../store/index.ts';
import { SYSTEM_ACTOR } from './ids.ts';
import type { RequesterNews, SearchIndexServiceDeps } from './service-types.ts';

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

/**
 * Moves requests a stopped process left half-way to `failed`, so the card offers Retry. One left in
 * `approved` never reached the API; one left in `creating` may have: its outcome is unknown.
 * Returns how many it moved; the cards and messages follow in the background.
 */
export function stalledRecovery(
  deps: Pick<SearchIndexServiceDeps, 'store' | 'clock' | 'logger' | 'background'>,
  publish: (request: IndexRequest, news: RequesterNews) => Promise<void>,
): () => Promise<number> {
  const { store, clock, logger } = deps;
  return async () => {
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
  };
}
