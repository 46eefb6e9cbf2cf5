// Everything one person's Home tab shows, read from the ports of the features it shows, the store's
// digests and the API health tracker. Slack-free: the listeners hand in who is looking and where
// their clock is.
import { errField } from '../../errors.ts';
import type { Logger } from '../../log.ts';
import type { Store } from '../../store/index.ts';
import { decidePermission, watchScope } from './access.ts';
import type { HomeRequests, HomeWatches } from './ports.ts';
import type { DigestLine, FiringWatch, HomeData, HomeHealth, Listed, Loaded } from './types.ts';

const MINE_LIMIT = 5;

export type HomeServiceDeps = {
  store: Pick<Store, 'listSubscriptions' | 'listDigestRuns'>;
  requests: HomeRequests;
  watches: HomeWatches;
  clock: () => number;
  logger: Pick<Logger, 'warn'>;
  approvalChannelId: string;
  health: () => HomeHealth;
  commandName: () => string;
};

export type HomeService = {
  load(viewerId: string, timeZone: string): Promise<HomeData>;
  /** Whose Home shows this request: its requester and every approver. */
  affectedByRequest(requesterId: string): Promise<string[]>;
};

export function createHomeService(deps: HomeServiceDeps): HomeService {
  const { store, clock, requests } = deps;

  // One section that can't be read says so on the tab; the rest still shows.
  async function read<T>(section: string, work: () => Promise<T>): Promise<Loaded<T>> {
    try {
      return { ok: true, value: await work() };
    } catch (error) {
      deps.logger.warn(
        { event: 'home_section_failed', section, err: errField(error) },
        'a Home section could not be read',
      );
      return { ok: false };
    }
  }

  const listed = <T>(items: T[]): Listed<T> => ({ items, total: items.length });

  async function digestLines(): Promise<Listed<DigestLine>> {
    const subscriptions = await store.listSubscriptions();
    const items = await Promise.all(
      subscriptions.map(async (subscription) => ({
        subscription,
        lastRun: (await store.listDigestRuns(subscription.channelId, 1))[0],
      })),
    );
    return listed(items);
  }

  async function watchesFor(viewerId: string, approverIds: readonly string[]): Promise<Listed<FiringWatch>> {
    const all = await deps.watches.firing();
    const scope = watchScope(viewerId, approverIds);
    const visible = scope.allowed ? all : all.filter((w) => w.createdBy === viewerId);
    return listed(visible.sort((a, b) => a.since - b.since));
  }

  return {
    async load(viewerId, timeZone) {
      // Who approves is read from the search-requests feature (the approver group changes in Slack).
      const approverIds = await requests.approverIds();
      const decide = decidePermission(viewerId, approverIds);
      const [waiting, mine, watches, digests] = await Promise.all([
        decide.allowed ? read('waiting', async () => listed(await requests.pendingFor(viewerId))) : undefined,
        read('mine', () => requests.recentOf(viewerId, MINE_LIMIT)),
        read('watches', () => watchesFor(viewerId, approverIds)),
        read('digests', digestLines),
      ]);
      return {
        viewerId,
        timeZone,
        now: clock(),
        decide,
        waiting,
        mine,
        watches,
        watchScope: watchScope(viewerId, approverIds),
        digests,
        health: deps.health(),
        approvalChannelId: deps.approvalChannelId,
        requestWords: requests,
        commandName: deps.commandName(),
      };
    },
    affectedByRequest: async (requesterId) => [...new Set([requesterId, ...(await requests.approverIds())])],
  };
}
