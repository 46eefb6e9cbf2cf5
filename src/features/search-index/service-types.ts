// The service's vocabulary: decisions, refusals, and the Slack side as the service sees it.
import type { ManagementClient } from '../../api/index.ts';
import type { Clock } from '../../clock.ts';
import type { Logger } from '../../log.ts';
import type { IndexRequest, MessageRef, Store } from '../../store/index.ts';
import type { TokenHints } from './result.ts';

export type Refusal =
  | { code: 'not_found'; requestId: number }
  | { code: 'not_approver'; approverIds: readonly string[] }
  | { code: 'own_request'; request: IndexRequest }
  | { code: 'decided'; request: IndexRequest }
  | { code: 'expired'; request: IndexRequest }
  | { code: 'not_failed'; request: IndexRequest }
  | { code: 'at_cap'; pending: number; max: number };

export type Decision = { ok: true; request: IndexRequest } | { ok: false; refusal: Refusal };

export type DecisionKind = 'approve' | 'reject' | 'retry';

/** What the requester is told, and when. */
export type RequesterNews =
  | { kind: 'submitted'; cardError?: string }
  | { kind: 'created'; tokens?: TokenHints }
  | { kind: 'failed' }
  | { kind: 'rejected' }
  | { kind: 'expired' };

/** The Slack side, as the service sees it. `postCard` throws when the card can't be posted. */
export interface RequestNotifier {
  postCard(request: IndexRequest): Promise<MessageRef>;
  updateCard(request: IndexRequest): Promise<void>;
  tellRequester(request: IndexRequest, news: RequesterNews): Promise<void>;
}

export type SearchIndexServiceDeps = {
  store: Store;
  mgmt: Pick<ManagementClient, 'createSearchIndex'>;
  clock: Clock;
  logger: Logger;
  approvals: { approverIds: readonly string[]; requestTtlHours: number; maxPendingPerUser: number };
  notifier: RequestNotifier;
  /** Runs follow-up work (card updates, DMs) after the caller has answered Slack; tracked for shutdown. */
  background: (task: () => Promise<void>) => void;
};
