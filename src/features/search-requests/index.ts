// The search-requests feature as the app sees it: register() wires the service, the listeners and
// the jobs, and returns the service other features (Home, the workflow steps, MCP), the demo and
// tests build on.

import { errField } from '../../errors.ts';
import type { FeatureContext } from '../../feature-context.ts';
import { createJob, EVERY_MINUTE } from '../../jobs.ts';
import { createApproverDirectory } from '../../slack/user-groups.ts';
import { VIEW } from './ids.ts';
import { registerDecisionListeners } from './listeners/decisions.ts';
import { registerRequestListeners } from './listeners/requests.ts';
import { createSearchRequestsOutbound } from './outbound.ts';
import { FIRST_RECORD_RETRY_MS } from './recording.ts';
import { createSearchRequestsService, type SearchRequestsService } from './service.ts';

// A request that isn't there, or a refused decision, in the sentence Slack shows (MCP's tools say the same).
export { denialError } from './denials.ts';
export type { FiledRequest, Filer } from './on-behalf.ts';
export type { OwnRequest, WaitingRequest } from './queries.ts';
export type { SearchRequestsService } from './service.ts';

/**
 * How often each job runs: the sweep expires overdue requests and fails stalled ones (listing the
 * requests sweeps too); the reminder job looks for requests half-way to their expiry; the recorder
 * (every FIRST_RECORD_RETRY_MS, doing nothing unless a create waits to be recorded) writes the
 * creates the database didn't take.
 */

export function register(context: FeatureContext): SearchRequestsService {
  context.policy.protect({ views: { [VIEW.request]: { capability: 'search.request' } } });
  const { app, config, work } = context;
  const logger = context.logger.child({ feature: 'search-requests' });
  const approvers = createApproverDirectory({
    client: app.client,
    group: config.approvals.group,
    staticIds: config.approvals.approverIds,
    clock: context.clock,
    logger,
  });
  const outbound = createSearchRequestsOutbound({
    client: app.client,
    postOnce: context.postOnce,
    approvalChannelId: config.approvals.channelId,
    ttlHours: config.approvals.requestTtlHours,
    commandName: context.commandName,
    group: approvers.group,
  });
  const service = createSearchRequestsService({
    ...context,
    logger,
    approvals: config.approvals,
    approvers,
    outbound,
    background: (task) => {
      work.run(task).catch((error: unknown) => {
        logger.error({ event: 'search_background_failed', err: errField(error) }, 'follow-up work failed');
      });
    },
  });
  registerRequestListeners(context, service);
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
      run: service.remindDue,
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

  return service;
}
