// The workflow-steps feature as the app sees it: opsbot's Workflow Builder steps (request a search
// index, read an index's statistics, summarise the messaging accounts), built on the services of the
// features whose commands do the same. register() wires them and the job that completes, after a
// restart or on another replica, the request steps whose request ended unheard.
import { randomUUID } from 'node:crypto';
import { errField } from '../../errors.ts';
import type { FeatureContext } from '../../feature-context.ts';
import { createJob, EVERY_MINUTE } from '../../jobs.ts';
import type { MessagingAccountsService } from '../messaging-accounts/index.ts';
import type { SearchRequestsService } from '../search-requests/index.ts';
import type { VectorStatsService } from '../vector-stats/index.ts';
import { registerStepListeners } from './listeners.ts';
import { createWorkflowStepsOutbound } from './outbound.ts';
import { createWorkflowStepsService, type WorkflowStepsService } from './service.ts';
import { stepCheck } from './step-checks.ts';

export type { WorkflowStepsService } from './service.ts';

type WorkflowStepsUses = {
  searchRequests: SearchRequestsService;
  vectorStats: VectorStatsService;
  messagingAccounts: MessagingAccountsService;
};

export function register(context: FeatureContext<WorkflowStepsUses>): WorkflowStepsService {
  const logger = context.logger.child({ feature: 'workflow-steps' });
  const completions = createWorkflowStepsOutbound(context.app.client, logger);
  const service = createWorkflowStepsService({
    ...context.uses,
    store: context.store,
    clock: context.clock,
    logger,
    requests: context.uses.searchRequests,
    completions,
    owner: `opsbot-${randomUUID()}`,
    check: stepCheck(context.policy),
  });
  registerStepListeners({ app: context.app, logger }, service, completions);

  // The request ended in this process: complete its step now (the store claims it once).
  context.uses.searchRequests.onEnded((ended) => {
    context.work
      .run(() => service.completeEnded(ended))
      .catch((error: unknown) => {
        logger.warn(
          { event: 'workflow_step_completion_failed', requestId: ended.id, err: errField(error) },
          'the job retries it',
        );
      });
  });
  const job = createJob({
    name: 'workflow_step_completions',
    intervalMs: EVERY_MINUTE,
    run: () => service.catchUp(),
    logger,
    work: context.work,
    runAtStart: true,
  });
  context.lifecycle.onStart(() => job.start());
  context.lifecycle.onStop(() => job.stop());

  return service;
}
