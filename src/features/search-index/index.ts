// The search-index feature as the app sees it: register() wires the listeners and the expiry job,
// and returns the port other features (Home), the demo and tests build on.
import { errField } from '../../errors.ts';
import type { FeatureContext } from '../../feature-context.ts';
import { createJob } from '../../jobs.ts';
import { escapeMrkdwn } from '../../slack/mrkdwn.ts';
import type { IndexRequest, RequestState } from '../../store/index.ts';
import { registerDecisionListeners } from './decision-listeners.ts';
import { STATE_EMOJI, STATE_LABEL } from './format.ts';
import { ACTION } from './ids.ts';
import { type OpenRequestModal, registerRequestListeners, requestModalOpener } from './listeners.ts';
import { requestInWords } from './messages.ts';
import { createSlackNotifier } from './notifier.ts';
import { createSearchIndexService, type SearchIndexService } from './service.ts';

export type { OpenRequestModal } from './listeners.ts';

/** How often overdue requests are expired; listing the requests expires them too. */
const SWEEP_INTERVAL_MS = 60_000;

export type SearchIndexPort = {
  /**
   * Opens the request form for `userId` (from the Home tab: no channelId, so the confirmation goes
   * to a direct message). Throws, for the guard to show, when they already have the most pending
   * requests allowed or Slack won't open the form.
   */
  openRequestModal: OpenRequestModal;
  /** Pending requests `viewerId` may decide (not their own, not past their time), oldest first. */
  pendingFor(viewerId: string): Promise<IndexRequest[]>;
  /** The most recent requests `requesterId` filed, newest first. */
  mineFor(requesterId: string, limit: number): Promise<IndexRequest[]>;
  /** `name` (region, plan) in mrkdwn, as every message about a request names it. */
  requestInWords(request: IndexRequest): string;
  /** The emoji and the word for a request's state, as the card and the list show them. */
  stateInWords(state: RequestState): { emoji: string; label: string };
  /** The action ids of the approval card's Approve and Reject buttons; they work wherever they are posted. */
  decisionActions: { approve: string; reject: string };
  /** "`/ops search requests`", with the command as the workspace names it, for hints. */
  listCommand(): string;
  /** Expires overdue requests and fails stalled ones now (the job does it every minute). */
  sweep(): Promise<void>;
  /** Transitional: Home's listener checks the cap itself until it calls openRequestModal. */
  capRefusal: SearchIndexService['capRefusal'];
};

export function register(context: FeatureContext): SearchIndexPort {
  const { app, config, work } = context;
  const logger = context.logger.child({ feature: 'search-index' });
  const service = createSearchIndexService({
    store: context.store,
    mgmt: context.mgmt,
    clock: context.clock,
    logger,
    approvals: config.approvals,
    notifier: createSlackNotifier({
      client: app.client,
      approvalChannelId: config.approvals.channelId,
      ttlHours: config.approvals.requestTtlHours,
      commandName: context.commandName,
    }),
    background: (task) => {
      work.run(task).catch((error: unknown) => {
        logger.error({ event: 'search_background_failed', err: errField(error) }, 'follow-up work failed');
      });
    },
  });

  const sweep = async (): Promise<void> => {
    await service.expireDue();
    await service.recoverStalled();
  };
  const openRequestModal = requestModalOpener(context, service);
  registerRequestListeners(context, { service, sweep, openRequestModal });
  registerDecisionListeners(context, service);

  const expiry = createJob({
    name: 'search_request_sweep',
    intervalMs: SWEEP_INTERVAL_MS,
    run: sweep,
    logger,
    work,
  });
  context.lifecycle.onStart(() => expiry.start());
  context.lifecycle.onStop(() => expiry.stop());

  return {
    openRequestModal,
    pendingFor: service.pendingFor,
    mineFor: service.mineFor,
    requestInWords,
    stateInWords: (state) => ({ emoji: STATE_EMOJI[state], label: STATE_LABEL[state] }),
    decisionActions: { approve: ACTION.approve, reject: ACTION.reject },
    listCommand: () => `\`${escapeMrkdwn(context.commandName())} search requests\``,
    sweep,
    capRefusal: service.capRefusal,
  };
}
