// What the Home tab needs from the features it shows, as Home sees them. app.ts hands in their ports
// (context.uses); each port must satisfy these types. Home imports nothing else of those features.

import type { McpToken } from '../../store/index.ts';
import type { DigestsService } from '../digests/index.ts';
import type { SearchRequestsService } from '../search-requests/index.ts';
import type { FiringWatch } from './types.ts';

export type { OwnRequest, WaitingRequest } from '../search-requests/index.ts';

/**
 * Search index requests, as the Home tab lists them and starts one: the part of the search-requests
 * port Home uses (what each member means is documented there).
 */
export type HomeRequests = Pick<
  SearchRequestsService,
  'pendingFor' | 'recentOf' | 'approverIds' | 'requestForm' | 'describe' | 'stateWords' | 'decisionActions'
>;

/** Watches that need attention (snoozed and muted ones included, marked). */
export type HomeWatches = { firing(): Promise<FiringWatch[]> };

/** The viewer's MCP tokens, listed and revoked as `/ops mcp tokens` and `/ops mcp revoke` do (MCP on). */
export type HomeTokens = {
  list(userId: string): Promise<McpToken[]>;
  revoke(userId: string, label: string): Promise<void>;
};

/** Every channel's digest with its last run. */
export type HomeDigests = Pick<DigestsService, 'withLastRun'>;
