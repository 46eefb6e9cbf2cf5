// What the MCP feature builds on: the services of the features whose commands its tools mirror, and
// the shared parts it reads (the clock, the approvals in the store, what a person may see listed).
import type { Store } from '../../store/index.ts';
import type { IndexNamesService } from '../index-names/index.ts';
import type { MessagingAccountsService } from '../messaging-accounts/index.ts';
import type { SearchRequestsService } from '../search-requests/index.ts';
import type { VectorStatsService } from '../vector-stats/index.ts';
import type { WatchesService } from '../watches/index.ts';

export type McpUses = {
  vectorStats: Pick<VectorStatsService, 'target' | 'read'>;
  messagingAccounts: Pick<MessagingAccountsService, 'summaries'>;
  indexNames: Pick<IndexNamesService, 'list'>;
  searchRequests: Pick<SearchRequestsService, 'fileAs' | 'request' | 'describe'>;
  watches: Pick<WatchesService, 'firing'>;
  approvalProgress: Store['approvalProgress'];
  /** The person's own DM with opsbot (conversations.open), where an agent's call is decided; throws when Slack didn't say. */
  dmOf(userId: string): Promise<string>;
  seenBy(
    userId: string,
    channels: readonly string[],
  ): Promise<{ seen: ReadonlySet<string>; unanswered: boolean }>;
};
