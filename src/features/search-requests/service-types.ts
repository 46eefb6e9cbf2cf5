// The service's vocabulary: decisions, denials, and the Slack side as the service sees it.
import type { ManagementClient } from '../../api/index.ts';
import type { ApprovalRule } from '../../approval-rule.ts';
import type { Clock } from '../../clock.ts';
import type { Logger } from '../../log.ts';
import type { ApproverDirectory } from '../../slack/user-groups.ts';
import type { ApprovalProgress, IndexRequest, MessageRef, Store } from '../../store/index.ts';
import type { TokenHints } from './result.ts';

export type Denial =
  | { code: 'not_found'; requestId: number }
  | { code: 'not_approver'; approverIds: readonly string[]; group?: string | undefined }
  | { code: 'approvers_unknown'; group: string | undefined }
  | { code: 'already_approved'; request: IndexRequest; progress: ApprovalProgress }
  | { code: 'own_request'; request: IndexRequest }
  | { code: 'decided'; request: IndexRequest }
  | { code: 'expired'; request: IndexRequest }
  | { code: 'not_failed'; request: IndexRequest }
  | { code: 'at_cap'; pending: number; max: number }
  | { code: 'unapproved_daily_cap'; max: number; resetsAt: number };

export type Decision =
  | {
      ok: true;
      request: IndexRequest;
      /** For an approval: its rule and approvals as they now stand. */
      progress?: ApprovalProgress;
      /** For an approval: whether it completed the count (the request is now `approved`). */
      completed?: boolean;
    }
  | { ok: false; denial: Denial };

export type DecisionKind = 'approve' | 'reject' | 'retry';

/** What the requester is told, and when. */
export type RequesterNews =
  | { kind: 'submitted'; cardError?: string }
  | { kind: 'created'; tokens?: TokenHints }
  | { kind: 'failed' }
  | { kind: 'rejected' }
  | { kind: 'expired' };

/** The Slack side (outbound.ts), as the service sees it. `postCard` throws when the card can't be posted. */
export interface RequestOutbound {
  postCard(request: IndexRequest, progress: ApprovalProgress): Promise<MessageRef>;
  updateCard(request: IndexRequest, progress: ApprovalProgress): Promise<void>;
  tellRequester(request: IndexRequest, news: RequesterNews, progress: ApprovalProgress): Promise<void>;
  /** The one reminder, in the card's thread, for a request still waiting half-way to its expiry. */
  remind(request: IndexRequest, progress: ApprovalProgress): Promise<void>;
}

/** Who may approve right now (Slack's user group and the configured IDs). */
export type Approvers = Pick<ApproverDirectory, 'approvers' | 'group'>;

export type SearchIndexServiceDeps = {
  store: Store;
  mgmt: Pick<ManagementClient, 'createSearchIndex'>;
  clock: Clock;
  logger: Logger;
  approvals: {
    approverIds: readonly string[];
    requestTtlHours: number;
    maxPendingPerUser: number;
    maxUnapprovedPerDay: number;
    rule: ApprovalRule;
  };
  approvers: Approvers;
  outbound: RequestOutbound;
  /** Runs follow-up work (card updates, DMs) after the caller has answered Slack; tracked for shutdown. */
  background: (task: () => Promise<unknown>) => void;
};
