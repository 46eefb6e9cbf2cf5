// Subscriptions as the feature sees them: saving computes the next run, and a submitted form's
// index ids are checked against the API before anything is stored. No Slack types here.
import {
  describeApiError,
  isManagementApiError,
  type ManagementClient,
  type StatsPeriod,
} from '../../api/index.ts';
import type { Clock } from '../../clock.ts';
import { TargetGone } from '../../errors.ts';
import { createLimiter, within } from '../../limiter.ts';
import type { DigestRun, DigestSubscription, Store } from '../../store/index.ts';
import type { DigestSettings } from './form.ts';
import { nextRunOnSave } from './schedule.ts';
import { nothingToPreview, nothingToRemove, removedWhileEditing } from './views/answers.ts';

type IndexCheck = { indexId: string; ok: true } | { indexId: string; ok: false; problem: string };

/**
 * Asks the API for each id's stats (the very call the digest will make). A view submission must be
 * answered within 3 seconds, so ids that have not answered by `deadlineMs` are reported as unchecked
 * rather than holding the modal past Slack's limit.
 */
async function checkIndexes(
  mgmt: Pick<ManagementClient, 'getVectorIndexStats'>,
  indexIds: readonly string[],
  period: StatsPeriod,
  deadlineMs: number,
): Promise<IndexCheck[]> {
  const limit = createLimiter(4);
  return Promise.all(
    indexIds.map(async (indexId): Promise<IndexCheck> => {
      const call = limit(() => mgmt.getVectorIndexStats(indexId, period)).then(
        () => ({ indexId, ok: true as const }),
        (err: unknown) => ({ indexId, ok: false as const, problem: problemOf(err) }),
      );
      const result = await within(call, deadlineMs, 'late' as const);
      return result === 'late'
        ? { indexId, ok: false, problem: 'did not answer in time (the management API is slow)' }
        : result;
    }),
  );
}

function problemOf(err: unknown): string {
  if (isManagementApiError(err) && err.kind === 'not_found') return 'no such vector index';
  // The sentence names the cause and a hint; the modal shows plain text, so no escaping is needed.
  return describeApiError(err);
}

/** One line for the modal's error slot: which ids failed and why, short enough to read. */
export function indexCheckError(checks: readonly IndexCheck[]): string | undefined {
  const failed = checks.filter((c): c is Extract<IndexCheck, { ok: false }> => !c.ok);
  if (failed.length === 0) return undefined;
  const shown = failed.slice(0, 3).map((c) => `${c.indexId}: ${c.problem}`);
  const more = failed.length > 3 ? ` (and ${failed.length - 3} more)` : '';
  const text = `${shown.join('; ')}${more}`;
  // Slack shows up to 150 characters or so of an input error before it wraps awkwardly.
  return text.length > 300 ? `${text.slice(0, 299)}…` : text;
}

type SaveInput = {
  channelId: string;
  userId: string;
  settings: DigestSettings;
  /** The form edited a digest: if that digest was removed meanwhile, nothing is saved. */
  editing: boolean;
  command: string;
};

/** A channel's digest and how its last run went. */
export type DigestWithLastRun = { subscription: DigestSubscription; lastRun: DigestRun | undefined };

type DigestsServiceDeps = {
  store: Pick<
    Store,
    | 'getSubscription'
    | 'upsertSubscription'
    | 'deleteSubscription'
    | 'listSubscriptions'
    | 'listSubscribedChannels'
    | 'listLastDigestRuns'
  >;
  clock: Clock;
  mgmt: Pick<ManagementClient, 'getVectorIndexStats'>;
};

export function createDigestsService({ store, clock, mgmt }: DigestsServiceDeps) {
  return {
    get: (channelId: string) => store.getSubscription(channelId),
    list: () => store.listSubscriptions(),
    checkIndexes: (indexIds: readonly string[], period: StatsPeriod, deadlineMs: number) =>
      checkIndexes(mgmt, indexIds, period, deadlineMs),

    async save(input: SaveInput): Promise<DigestSubscription> {
      const now = clock();
      const existing = await store.getSubscription(input.channelId);
      if (input.editing && existing === undefined)
        throw new TargetGone(removedWhileEditing(input.channelId, input.command));
      const s = input.settings;
      return store.upsertSubscription({
        channelId: input.channelId,
        configuredBy: input.userId,
        indexIds: s.indexIds,
        period: s.period,
        localTime: s.localTime,
        timeZone: s.timeZone,
        days: s.days,
        includeAccounts: s.includeAccounts,
        includeRequests: s.includeRequests,
        nextRunAt: nextRunOnSave(s, now, existing?.nextRunAt),
        at: now,
      });
    },

    async remove(channelId: string): Promise<void> {
      if (!(await store.deleteSubscription(channelId))) throw new TargetGone(nothingToRemove(channelId));
    },

    async toPreview(channelId: string, command: string): Promise<DigestSubscription> {
      const subscription = await store.getSubscription(channelId);
      if (subscription === undefined) throw new TargetGone(nothingToPreview(channelId, command));
      return subscription;
    },

    /** The channels that have a digest, by channel id: Home asks Slack which its viewer may see. */
    channels: () => store.listSubscribedChannels(),

    /** These channels' digests (every channel's, when none are named) with their last runs, as Home lists them. */
    async withLastRun(channelIds?: readonly string[]): Promise<DigestWithLastRun[]> {
      // Two reads, however many digests: the Home tab asks on every publish.
      const [subscriptions, lastRuns] = await Promise.all([
        store.listSubscriptions(channelIds),
        store.listLastDigestRuns(channelIds),
      ]);
      const lastRunOf = new Map(lastRuns.map((run) => [run.channelId, run]));
      return subscriptions.map((subscription) => ({
        subscription,
        lastRun: lastRunOf.get(subscription.channelId),
      }));
    },
  };
}

export type DigestsService = ReturnType<typeof createDigestsService>;
