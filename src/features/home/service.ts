// Everything one person's Home tab shows, read from the store and the API health tracker. Slack-free:
// the listeners hand in who is looking and where their clock is.
import type { Logger } from '../../log.ts';
import type { IndexRequest, Store } from '../../store/index.ts';
import { decidePermission, watchScope } from './access.ts';
import type {
  DigestLine,
  FiringWatch,
  FiringWatchSource,
  HomeData,
  HomeHealth,
  Listed,
  Loaded,
} from './types.ts';

/** More than any Home can show; the views cut to what fits and say how many more there are. */
const PENDING_READ_LIMIT = 500;
const MINE_LIMIT = 5;

export type HomeServiceDeps = {
  store: Store;
  clock: () => number;
  logger: Pick<Logger, 'warn'>;
  approverIds: readonly string[];
  approvalChannelId: string;
  health: () => HomeHealth;
  /** Absent until a feature that has watches provides them. */
  firingWatches?: FiringWatchSource | undefined;
};

export type HomeService = {
  load(viewerId: string, timeZone: string): Promise<HomeData>;
  /** Whose Home shows this request: its requester and every approver. */
  affectedByRequest(requesterId: string): string[];
};

export function createHomeService(deps: HomeServiceDeps): HomeService {
  const { store, clock, approverIds } = deps;

  async function read<T>(section: string, work: () => Promise<T>): Promise<Loaded<T>> {
    try {
      return { ok: true, value: await work() };
    } catch (error) {
      deps.logger.warn(
        { event: 'home_section_failed', section, err: error instanceof Error ? error.name : typeof error },
        'a Home section could not be read',
      );
      return { ok: false };
    }
  }

  async function waitingFor(viewerId: string, now: number): Promise<Listed<IndexRequest>> {
    const pending = await store.listRecentRequests({ limit: PENDING_READ_LIMIT, states: ['pending'] });
    // An expired request waits for nobody, even before the sweep has marked it.
    const decidable = pending
      .filter((r) => r.requesterId !== viewerId && r.expiresAt > now)
      .sort((a, b) => a.createdAt - b.createdAt || a.id - b.id);
    return { items: decidable, total: decidable.length };
  }

  async function digestLines(): Promise<Listed<DigestLine>> {
    const subscriptions = await store.listSubscriptions();
    const items = await Promise.all(
      subscriptions.map(async (subscription) => ({
        subscription,
        lastRun: (await store.listDigestRuns(subscription.channelId, 1))[0],
      })),
    );
    return { items, total: items.length };
  }

  async function watchesFor(viewerId: string, source: FiringWatchSource): Promise<Listed<FiringWatch>> {
    const all = await source();
    const scope = watchScope(viewerId, approverIds);
    const visible = scope.allowed ? all : all.filter((w) => w.createdBy === viewerId);
    visible.sort((a, b) => a.since - b.since);
    return { items: visible, total: visible.length };
  }

  return {
    async load(viewerId, timeZone) {
      const now = clock();
      const decide = decidePermission(viewerId, approverIds);
      const source = deps.firingWatches;
      const [waiting, mine, watches, digests] = await Promise.all([
        decide.allowed ? read('waiting', () => waitingFor(viewerId, now)) : undefined,
        read('mine', () => store.listRecentRequests({ limit: MINE_LIMIT, requesterId: viewerId })),
        source === undefined ? undefined : read('watches', () => watchesFor(viewerId, source)),
        read('digests', digestLines),
      ]);
      return {
        viewerId,
        timeZone,
        now,
        decide,
        waiting,
        mine,
        watches,
        watchScope: watchScope(viewerId, approverIds),
        digests,
        health: deps.health(),
        approvalChannelId: deps.approvalChannelId,
      };
    },
    affectedByRequest: (requesterId) => [...new Set([requesterId, ...approverIds])],
  };
}
