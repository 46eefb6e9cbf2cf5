// The digests feature as the app sees it: register() wires the commands, the modal and the
// scheduler job, and returns the service, with the tick the demo and tests run now.
import { randomUUID } from 'node:crypto';
import type { FeatureContext } from '../../feature-context.ts';
import { createJob } from '../../jobs.ts';
import { defaultCardRenderer } from '../../render/index.ts';
import type { IndexNamesService } from '../index-names/index.ts';
import type { MessagingAccountsService } from '../messaging-accounts/index.ts';
import { BLOCK, VIEW } from './ids.ts';
import { registerDigestListeners } from './listeners.ts';
import { createDigestsOutbound } from './outbound.ts';
import { createTickParts } from './parts.ts';
import { createDigestsService } from './service.ts';
import { runDigestTick } from './tick.ts';

export type { DigestsService, DigestWithLastRun } from './service.ts';

/** A run claim's lease; renewed while the run works, so only a dead process lets it lapse. */
const LEASE_MS = 5 * 60_000;

export function register(
  context: FeatureContext<{ indexNames: IndexNamesService; messagingAccounts: MessagingAccountsService }>,
) {
  const instanceId = randomUUID();
  const logger = context.logger.child({ feature: 'digests' });
  const slack = createDigestsOutbound(context.app.client, context.postOnce);
  const parts = (stats: 'shared' | 'fresh') =>
    createTickParts({
      // A tick's statistics through the schedulers' shared reads (a watch tick at the same moment
      // reuses them); a person's preview straight from the API.
      stats: stats === 'shared' ? context.scheduledStats : context.mgmt,
      accounts: context.uses.messagingAccounts.summaries,
      store: context.store,
      renderer: defaultCardRenderer,
      admission: context.statsWork,
      uploadPng: (upload) => slack.uploadPng(upload),
      logger,
      indexName: (id) => context.uses.indexNames.nameOf(id),
    });
  context.policy.protect({
    views: { [VIEW.configure]: { capability: 'digest.manage' } },
    options: { [BLOCK.indexes]: 'digest.manage' },
  });
  const service = createDigestsService(context);
  registerDigestListeners(
    { ...context, service, membership: context.policy.membership },
    {
      slack,
      previewParts: () => parts('fresh'),
      indexes: context.uses.indexNames,
    },
  );

  const job = createJob({
    name: 'digest_scheduler',
    intervalMs: context.config.digests.tickMs,
    // Right after a start, digests missed while opsbot was down are caught up without waiting a tick.
    runAtStart: true,
    logger,
    work: context.work,
    run: (signal) =>
      runDigestTick(
        {
          store: context.store,
          clock: context.clock,
          logger,
          partsForTick: () => parts('shared'),
          batchSize: 500,
          channelConcurrency: 4,
          runner: {
            slack,
            pacer: context.pacer,
            owner: instanceId,
            leaseMs: LEASE_MS,
            catchUpMs: context.config.digests.catchUpHours * 3_600_000,
            maxAttempts: 3,
            command: context.commandName(),
            work: context.work,
          },
        },
        signal,
      ),
  });
  context.lifecycle.onStart(() => job.start());
  context.lifecycle.onStop(() => job.stop());
  return {
    ...service,
    /** Runs one scheduler tick now (after the one in flight); undefined when it failed (and was logged). */
    runOnce: () => job.runOnce(),
    /** Who holds this process's run claims in the store. */
    instanceId,
  };
}
