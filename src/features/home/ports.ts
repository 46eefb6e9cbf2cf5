// What the Home tab needs from the features it shows, as Home sees them. app.ts hands in their ports
// (context.uses); each port must satisfy these types. Home imports nothing else of those features.
import type { IndexRequest } from '../../store/index.ts';
import type { DigestsPort } from '../digests/index.ts';
import type { SearchRequestsPort } from '../search-requests/index.ts';
import type { FiringWatch } from './types.ts';

/** A request waiting for the viewer's approval, with how far its approvals have got. */
export type WaitingRequest = IndexRequest & { progressWords?: string };

/**
 * Search index requests, as the Home tab lists them and starts one: the part of the search-index
 * port Home uses (what each member means is documented there).
 */
export type HomeRequests = Pick<
  SearchRequestsPort,
  'recentOf' | 'approverIds' | 'requestForm' | 'describe' | 'stateWords' | 'decisionActions'
> & { pendingFor(viewerId: string): Promise<WaitingRequest[]> };

/** Watches that need attention (snoozed and muted ones included, marked). */
export type HomeWatches = { firing(): Promise<FiringWatch[]> };

/** Every channel's digest with its last run. */
export type HomeDigests = Pick<DigestsPort, 'withLastRun'>;
