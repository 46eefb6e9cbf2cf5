// The search-index feature as the app sees it: register() wires the listeners and the expiry job,
// and returns the port other features (Home), the demo and tests build on.

import type { ModalView } from '@slack/types';
import { errField } from '../../errors.ts';
import type { FeatureContext } from '../../feature-context.ts';
import { createJob } from '../../jobs.ts';
import { escapeMrkdwn } from '../../slack/mrkdwn.ts';
import { createApproverDirectory } from '../../slack/user-groups.ts';
import type { IndexRequest, RequestState } from '../../store/index.ts';
import { registerDecisionListeners } from './decision-listeners.ts';
import { STATE_EMOJI, STATE_LABEL } from './format.ts';
import { ACTION, CALLBACK } from './ids.ts';
import { type OpenRequestModal, registerRequestListeners, requestModalOpener } from './listeners.ts';
import { requestInWords } from './messages.ts';
import { policyNotes, requestModal } from './modals.ts';
import { createSlackNotifier } from './notifier.ts';
import { parseCreateArgs } from './parse.ts';
import { createRequestQueries, type WaitingRequest } from './queries.ts';
import { refusalError } from './refusals.ts';
import { createSearchIndexService } from './service.ts';

export type { OpenRequestModal } from './listeners.ts';

/** How often overdue requests are expired; listing the requests expires them too. */
const SWEEP_INTERVAL_MS = 60_000;

/** How often requests half-way to their expiry are looked for, to remind the approvers once. */
const REMINDER_INTERVAL_MS = 60_000;

/** What others build on (Home picks what it shows from it). */
export type SearchRequestsPort = {
  /**
   * Opens the request form for `userId` (from the Home tab: no channelId, so the confirmation goes
   * to a direct message). Throws, for the guard to show, when they already have the most pending
   * requests allowed or Slack won't open the form.
   */
  openRequestModal: OpenRequestModal;
  /** Pending requests `viewerId` can still approve, oldest first, with their progress. */
  pendingFor(viewerId: string): Promise<WaitingRequest[]>;
  /** `requesterId`'s most recent requests, newest first, at most `limit`. */
  recentOf(requesterId: string, limit: number): Promise<IndexRequest[]>;
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
  /** Expires overdue requests and fails stalled ones now (the job does it every minute). */
  sweep(): Promise<void>;
  /** Posts the half-way reminders now (the job does it every minute). */
  remind(): Promise<number>;
};

export function register(context: FeatureContext): SearchRequestsPort {
  context.policy.protect({ views: { [CALLBACK.request]: { capability: 'search.request' } } });
  const { app, config, work } = context;
  const logger = context.logger.child({ feature: 'search-requests' });
  const approvers = createApproverDirectory({
    client: app.client,
    group: config.approvals.group,
    staticIds: config.approvals.approverIds,
    clock: context.clock,
    logger,
  });
  const notifier = createSlackNotifier({
    client: app.client,
    approvalChannelId: config.approvals.channelId,
    ttlHours: config.approvals.requestTtlHours,
    commandName: context.commandName,
    group: approvers.group,
  });
  const service = createSearchIndexService({
    store: context.store,
    mgmt: context.mgmt,
    clock: context.clock,
    logger,
    approvals: config.approvals,
    approvers,
    notifier,
    background: (task) => {
      work.run(task).catch((error: unknown) => {
        logger.error({ event: 'search_background_failed', err: errField(error) }, 'follow-up work failed');
      });
    },
  });
  const queries = createRequestQueries({
    store: context.store,
    clock: context.clock,
    logger,
    approvers,
    notifier,
  });

  const sweep = async (): Promise<void> => {
    await service.expireDue();
    await service.recoverStalled();
  };
  const openRequestModal = requestModalOpener(context, service, approvers);
  registerRequestListeners(context, { service, queries, sweep, openRequestModal });
  registerDecisionListeners(context, service);

  const jobs = [
    createJob({ name: 'search_request_sweep', intervalMs: SWEEP_INTERVAL_MS, run: sweep, logger, work }),
    createJob({
      name: 'search_request_reminders',
      intervalMs: REMINDER_INTERVAL_MS,
      run: async () => {
        await queries.remindDue();
      },
      logger,
      work,
    }),
  ];
  // The group is looked up before anything is decided: a handle Slack doesn't know stops start-up.
  context.lifecycle.onStart(() => approvers.resolve());
  context.lifecycle.onStart(() => {
    for (const job of jobs) job.start();
  });
  context.lifecycle.onStop(async () => {
    for (const job of jobs) await job.stop();
  });

  return {
    openRequestModal,
    pendingFor: queries.pendingFor,
    recentOf: queries.mineFor,
    async approverIds() {
      const now = await approvers.approvers();
      return now === 'unknown' ? config.approvals.approverIds : [...now];
    },
    async requestForm(userId) {
      const cap = await service.capRefusal(userId);
      if (cap) throw refusalError(cap, { viewerId: userId, style: 'mrkdwn', command: context.commandName() });
      return requestModal(
        parseCreateArgs([]),
        { channelId: '' },
        policyNotes(config.approvals.policy, approvers.group()),
      );
    },
    describe: requestInWords,
    stateWords: (state) => ({ emoji: STATE_EMOJI[state], label: STATE_LABEL[state] }),
    decisionActions: { approve: ACTION.approve, reject: ACTION.reject },
    listCommand: () => `\`${escapeMrkdwn(context.commandName())} search requests\``,
    sweep,
    remind: queries.remindDue,
  };
}
