// The feature's long-lived pieces for one app: the instance id its run claims carry, the posting
// pacer, the Slack port and the scheduler. Built once per createOpsbot; tests reach the scheduler
// through digestsRuntimeOf(app) to drive ticks with an injected clock.
import { randomUUID } from 'node:crypto';
import type { App } from '@slack/bolt';
import type { FeatureContext } from '../../feature-context.ts';
import { createPacer, DEFAULT_PACING, type Pacer, type PacerOptions } from '../../slack/pacer.ts';
import { type CardRenderer, defaultCardRenderer } from '../vector-stats/service.ts';
import type { DigestParts } from './compose.ts';
import { createTickParts } from './parts.ts';
import { type DigestSlack, digestSlackOf } from './poster.ts';
import { DigestScheduler, type SchedulerOptions } from './scheduler.ts';

export type DigestsOptions = Partial<SchedulerOptions> & {
  pacing?: Partial<PacerOptions>;
  /** Lease of a run claim; renewed while the run works. Default 5 minutes. */
  leaseMs?: number;
  maxAttempts?: number;
  apiConcurrency?: number;
  renderer?: CardRenderer;
  retryDelaysMs?: readonly number[];
};

export type DigestsRuntime = {
  instanceId: string;
  scheduler: DigestScheduler;
  slack: DigestSlack;
  pacer: Pacer;
  /**
   * Fresh memoised parts: one set per tick, and one per preview. A tick's statistics go through the
   * schedulers' shared reads; a preview, asked for by a person, reads the API afresh.
   */
  parts(reads?: 'shared' | 'fresh'): DigestParts;
};

const runtimes = new WeakMap<App, DigestsRuntime>();

/** The digests runtime of an app built by createOpsbot, once the feature is registered. */
export function digestsRuntimeOf(app: App): DigestsRuntime | undefined {
  return runtimes.get(app);
}

/** `config.digests.tickMs` once DIGEST_TICK_MS is in the config; until then the scheduler's default. */
function configuredTickMs(context: FeatureContext): number | undefined {
  const value = (context.config.digests as { tickMs?: unknown }).tickMs;
  return typeof value === 'number' && value > 0 ? value : undefined;
}

export function createDigestsRuntime(context: FeatureContext, options: DigestsOptions): DigestsRuntime {
  const instanceId = randomUUID();
  const logger = context.logger.child({ component: 'digests' });
  const slack = digestSlackOf(context.app.client);
  const pacer =
    options.pacing === undefined ? context.pacer : createPacer({ ...DEFAULT_PACING, ...options.pacing });
  const parts = (reads: 'shared' | 'fresh' = 'shared') =>
    createTickParts({
      // A tick's statistics through the schedulers' shared reads (a watch tick at the same minute
      // reuses them); a person's preview straight from the API.
      mgmt: {
        getVectorIndexStats: (id, period) =>
          (reads === 'shared' ? context.scheduledStats : context.mgmt).getVectorIndexStats(id, period),
        listMessagingAccounts: () => context.mgmt.listMessagingAccounts(),
      },
      store: context.store,
      renderer: options.renderer ?? defaultCardRenderer,
      uploadPng: (upload) => slack.uploadPng(upload),
      logger,
      ...(options.apiConcurrency === undefined ? {} : { apiConcurrency: options.apiConcurrency }),
    });
  const tickMs = options.tickMs ?? configuredTickMs(context);
  const scheduler = new DigestScheduler(
    {
      store: context.store,
      clock: context.clock,
      logger,
      partsForTick: () => parts('shared'),
      runner: {
        slack,
        pacer,
        owner: instanceId,
        leaseMs: options.leaseMs ?? 5 * 60_000,
        catchUpMs: context.config.digests.catchUpHours * 3_600_000,
        maxAttempts: options.maxAttempts ?? 3,
        ...(options.retryDelaysMs === undefined ? {} : { retryDelaysMs: options.retryDelaysMs }),
      },
    },
    {
      ...(tickMs === undefined ? {} : { tickMs }),
      ...(options.batchSize === undefined ? {} : { batchSize: options.batchSize }),
      ...(options.channelConcurrency === undefined ? {} : { channelConcurrency: options.channelConcurrency }),
    },
  );
  const runtime = { instanceId, scheduler, slack, pacer, parts };
  runtimes.set(context.app, runtime);
  return runtime;
}
