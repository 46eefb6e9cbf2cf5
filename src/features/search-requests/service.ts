// What the feature does, without Slack: one service, put together from its concerns, each its own
// file: filing a request (filing.ts, and without the form: on-behalf.ts), the checks before a
// decision, the decisions, the one create call, its recording, the sweep, and reading requests
// (queries.ts). What others (Home, the workflow steps, MCP), the listeners and the jobs use.
import type { ManagementClient } from '../../api/index.ts';
import type { ApprovalRule } from '../../approval-rule.ts';
import type { ChangeFeed } from '../../changes.ts';
import type { Clock } from '../../clock.ts';
import type { Logger } from '../../log.ts';
import type { Membership, Policy } from '../../policy/index.ts';
import type { ApproverDirectory } from '../../slack/user-groups.ts';
import type { IndexRequest, Store } from '../../store/index.ts';
import { createChecker } from './checks.ts';
import { creator } from './creation.ts';
import { createDecisions } from './decisions.ts';
import { createFiling } from './filing.ts';
import { ACTION } from './ids.ts';
import { endedRequests, filer } from './on-behalf.ts';
import { createPublisher, type SearchRequestsOutbound } from './outbound.ts';
import { createRequestQueries } from './queries.ts';
import { createRecorder } from './recording.ts';
import { createSweep } from './sweep.ts';
import { stateWords } from './views/format.ts';
import { listCommand, requestInWords } from './views/messages.ts';

/** Who may approve right now (Slack's user group and the configured IDs). */
export type Approvers = Pick<ApproverDirectory, 'approvers' | 'group'>;

export type SearchRequestsServiceDeps = {
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
  outbound: SearchRequestsOutbound;
  /** Runs follow-up work (card updates, DMs) after the caller has answered Slack; tracked for shutdown. */
  background: (task: () => Promise<unknown>) => void;
  /** Told of every stored change: an ended request is heard from it (onEnded). */
  changes: ChangeFeed;
  /** The guardrails, for a request filed without a form (fileAs). */
  policy: { current(): Policy; membership: Membership };
  /** The slash command as the workspace names it, for hints. */
  commandName(): string;
};

export type SearchRequestsService = ReturnType<typeof createSearchRequestsService>;

export function createSearchRequestsService(deps: SearchRequestsServiceDeps) {
  const publisher = createPublisher(deps);
  const recorder = createRecorder(deps, publisher.publish);
  const sweep = createSweep(deps, publisher.publish, recorder);
  const check = createChecker(deps, publisher, sweep.expire);
  const runCreate = creator(deps, publisher, recorder);
  const filing = createFiling(deps, publisher);
  const decisions = createDecisions(deps, { check, runCreate, publisher });
  const queries = createRequestQueries(deps);
  return {
    // Filing (filing.ts): the form, its caps, the stored request, its card.
    requestForm: filing.requestForm,
    capDenial: filing.capDenial,
    submit: filing.submit,
    announce: filing.announce,
    /**
     * Files a request as `who.actor`, in `who.channelId`, as the request form would, after the policy
     * for that person and place (a workflow step files this way, and so does any door without a form).
     */
    fileAs: filer({ ...filing, settle: decisions.settle }, deps.policy, deps.commandName),
    // Deciding (checks.ts, decisions.ts, creation.ts).
    check,
    approve: decisions.approve,
    settle: decisions.settle,
    reject: decisions.reject,
    retry: decisions.retry,
    publishRejection: decisions.publishRejection,
    // The jobs (sweep.ts, recording.ts, queries.ts).
    expireDue: sweep.expireDue,
    recoverStalled: sweep.recoverStalled,
    /**
     * Records the creates the database didn't take (when their retry is due), expires overdue
     * requests and fails stalled ones now (the job does it every minute).
     */
    sweep: sweep.sweep,
    /** Writes the created indexes the database didn't take yet, whose retry is due. */
    recordUnrecorded: recorder.retryDue,
    /** At shutdown: a last write of each, and a log line for an operator for any still unrecorded. */
    lastRecordAttempt: recorder.lastAttempt,
    remindDue: queries.remindDue,
    // Reading (queries.ts), and how a request reads, for Home and MCP.
    recent: queries.recent,
    pendingFor: queries.pendingFor,
    recentOf: queries.mineFor,
    approverIds: queries.approverIds,
    request: (id: number): Promise<IndexRequest | undefined> => deps.store.getRequest(id),
    /** Hears each request that ends in this process: created, rejected, expired or failed. */
    onEnded: endedRequests(deps),
    /** `name` (region, plan) in mrkdwn, as every message about a request names it. */
    describe: requestInWords,
    /** The emoji and the word for a request's state, as the card and the list show them. */
    stateWords,
    /** The action ids of the approval card's Approve and Reject buttons; they work wherever they are posted. */
    decisionActions: { approve: ACTION.approve, reject: ACTION.reject },
    /** "`/ops search requests`", with the command as the workspace names it, for hints. */
    listCommand: () => listCommand(deps.commandName()),
  };
}
