// The search-requests feature as the app sees it: register() wires the service, the listeners and
// the two jobs, and returns the port other features (Home), the demo and tests build on.

import type { ModalView } from '@slack/types';
import { errField } from '../../errors.ts';
import type { FeatureContext } from '../../feature-context.ts';
import { createJob } from '../../jobs.ts';
import { createApproverDirectory } from '../../slack/user-groups.ts';
import type { IndexRequest, RequestState } from '../../store/index.ts';
import { BUTTON_ACTION, MODAL_CALLBACK } from './ids.ts';
import { registerDecisionListeners } from './listeners/decisions.ts';
import { registerRequestListeners, requestFormFor } from './listeners/requests.ts';
import { endedRequests, type FiledRequest, type Filer, filer } from './on-behalf.ts';
import { createOutbound } from './outbound.ts';
import { createRequestQueries, type OwnRequest, type WaitingRequest } from './queries.ts';
import { FIRST_RECORD_RETRY_MS } from './recording.ts';
import { createSearchIndexService } from './service.ts';
import type { RequestForm } from './validation.ts';
import { stateWords } from './views/format.ts';
import { listCommand, requestInWords } from './views/messages.ts';

export type { FiledRequest, Filer } from './on-behalf.ts';
export type { OwnRequest, WaitingRequest } from './queries.ts';
export type { RequestForm } from './validation.ts';

/**
 * How often each job runs: the sweep expires overdue requests and fails stalled ones (listing the
 * requests sweeps too); the reminder job looks for requests half-way to their expiry; the recorder
 * (every FIRST_RECORD_RETRY_MS, doing nothing unless a create waits to be recorded) writes the
 * creates the database didn't take.
 */
const EVERY_MINUTE = 60_000;

/** What others build on (Home picks what it shows from it). */
export type SearchRequestsPort = {
  /** Pending requests `viewerId` can still approve, oldest first, with their progress. */
  pendingFor(viewerId: string): Promise<WaitingRequest[]>;
  /** `requesterId`'s most recent requests, newest first, at most `limit`. */
  recentOf(requesterId: string, limit: number): Promise<OwnRequest[]>;
  /** Who may approve now: the configured IDs and the user group's members (the last list read if Slack fails). */
  approverIds(): Promise<readonly string[]>;
  /** The request form for `userId` from the Home tab; throws a UserFacingError at their cap. */
  requestForm(userId: string): Promise<ModalView>;
  /** `name` (region, plan) in mrkdwn, as every message about a request names it. */
  describe(request: IndexRequest): string;
  /** The emoji and the word for a request's state, as the card and the list show them. */
  stateWords(state: RequestState): { emoji: string; label: string };
  /** The action ids of the approval card's Approve and Reject buttons; they work wherever they are posted. */
  decisionActions: { approve: string; reject: string };
  /** "`/ops search requests`", with the command as the workspace names it, for hints. */
  listCommand(): string;
  /**
   * Records the creates the database didn't take (when their retry is due), expires overdue
   * requests and fails stalled ones now (the job does it every minute).
   */
  sweep(): Promise<void>;
  /**
   * Files a request as `who.actor`, in `who.channelId`, as the request form would, after the policy
   * for that person and place (a workflow step files this way, and so does any door without a form).
   */
  fileAs(who: Filer, form: RequestForm): Promise<FiledRequest>;
  request(id: number): Promise<IndexRequest | undefined>;
  /** Hears each request that ends in this process: created, rejected, expired or failed. */
  onEnded(listener: (request: IndexRequest) => void): void;
};

export function register(context: FeatureContext): SearchRequestsPort {
  context.policy.protect({ views: { [MODAL_CALLBACK.request]: { capability: 'search.request' } } });
  const { app, config, work } = context;
  const logger = context.logger.child({ feature: 'search-requests' });
  const approvers = createApproverDirectory({
    client: app.client,
    group: config.approvals.group,
    staticIds: config.approvals.approverIds,
    clock: context.clock,
    logger,
  });
  const outbound = createOutbound({
    client: app.client,
    postOnce: context.postOnce,
    approvalChannelId: config.approvals.channelId,
    ttlHours: config.approvals.requestTtlHours,
    commandName: context.commandName,
    group: approvers.group,
  });
  const deps = {
    store: context.store,
    clock: context.clock,
    logger,
    approvals: config.approvals,
    approvers,
    outbound,
  };
  const service = createSearchIndexService({
    ...deps,
    mgmt: context.mgmt,
    background: (task) => {
      work.run(task).catch((error: unknown) => {
        logger.error({ event: 'search_background_failed', err: errField(error) }, 'follow-up work failed');
      });
    },
  });
  const queries = createRequestQueries(deps);

  const requestForm = requestFormFor(
    { commandName: context.commandName, approvalPolicy: config.approvals.policy },
    service,
    approvers,
  );
  registerRequestListeners(context, { service, queries, requestForm });
  registerDecisionListeners(context, service);

  const jobs = [
    createJob({ name: 'search_request_sweep', intervalMs: EVERY_MINUTE, run: service.sweep, logger, work }),
    createJob({
      name: 'search_create_recorder',
      intervalMs: FIRST_RECORD_RETRY_MS,
      run: service.recordUnrecorded,
      logger,
      work,
    }),
    createJob({
      name: 'search_request_reminders',
      intervalMs: EVERY_MINUTE,
      run: queries.remindDue,
      logger,
      work,
    }),
  ];
  // The group is looked up before anything is decided: a handle Slack doesn't know stops start-up
  // before opsbot says it is listening.
  context.lifecycle.checkBeforeListening(() => approvers.resolve());
  context.lifecycle.onStart(() => {
    for (const job of jobs) job.start();
  });
  context.lifecycle.onStop(async () => {
    for (const job of jobs) await job.stop();
    await service.lastRecordAttempt();
  });

  return {
    pendingFor: queries.pendingFor,
    recentOf: queries.mineFor,
    approverIds: queries.approverIds,
    requestForm: (userId) => requestForm(userId),
    describe: requestInWords,
    stateWords,
    decisionActions: { approve: BUTTON_ACTION.approve, reject: BUTTON_ACTION.reject },
    listCommand: () => listCommand(context.commandName()),
    sweep: service.sweep,
    fileAs: filer(service, context.policy, context.commandName),
    request: (id) => context.store.getRequest(id),
    onEnded: endedRequests({ changes: context.changes, store: context.store, logger }),
  };
}
