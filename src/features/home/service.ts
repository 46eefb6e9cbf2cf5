// Everything one person's Home tab shows, read from the services of the features it shows and the API
// health tracker, and whose tabs a change concerns. Slack-free: the listeners hand in who is looking
// and where their clock is.
import type { Change } from '../../changes.ts';
import { errField } from '../../errors.ts';
import type { Logger } from '../../log.ts';
import type { DigestsService, DigestWithLastRun } from '../digests/index.ts';
import type { McpService } from '../mcp/index.ts';
import type { SearchRequestsService } from '../search-requests/index.ts';
import type { WatchesService } from '../watches/index.ts';
import { decidePermission, watchScope } from './access.ts';
import { HOME_PEOPLE_REMEMBERED, LruMap } from './lru-map.ts';
import { TAB_KEPT_CURRENT_MS } from './refresher.ts';
import type { FiringWatch, HomeData, HomeHealth, Listed, Loaded } from './types.ts';
import { MAX_DIGESTS_SHOWN, MAX_WATCHES_SHOWN } from './views.ts';

const MINE_LIMIT = 5;

export type HomeServiceDeps = {
  /** Search index requests, as the tab lists them and starts one. */
  requests: Pick<
    SearchRequestsService,
    'pendingFor' | 'recentOf' | 'approverIds' | 'requestForm' | 'describe' | 'stateWords' | 'decisionActions'
  >;
  /** Watches that need attention (snoozed and muted ones included, marked), counted per channel. */
  watches: Pick<WatchesService, 'firing' | 'firingCounts'>;
  /** The channels with a digest, and the digests shown with their last runs. */
  digests: Pick<DigestsService, 'channels' | 'withLastRun'>;
  /** The viewer's MCP tokens, listed and revoked as `/ops mcp tokens` and `/ops mcp revoke` do (MCP on). */
  tokens?: McpService['tokens'];
  clock: () => number;
  logger: Pick<Logger, 'warn'>;
  approvalChannelId: string;
  health: () => HomeHealth;
  commandName: () => string;
  /** Of these channels, those whose watches and digests the viewer may see (src/slack/membership.ts). */
  seenBy: (
    viewerId: string,
    channelIds: readonly string[],
  ) => Promise<{ seen: ReadonlySet<string>; unanswered: boolean }>;
};

export type HomeService = ReturnType<typeof createHomeService>;

export function createHomeService(deps: HomeServiceDeps) {
  const { clock, requests } = deps;
  // Wall time, not the injected clock: this is about screens, as Slack's rate limits are.
  const viewers = new LruMap<string, number>(HOME_PEOPLE_REMEMBERED);

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

  /**
   * Of the channels that have something to list (and how many each), those the viewer may see: a
   * private one they aren't in is left out. The count is the section's total; only the rows shown
   * are then read.
   */
  async function seenChannels(viewerId: string, counts: ReadonlyMap<string, number>) {
    const { seen, unanswered } = await deps.seenBy(viewerId, [...counts.keys()]);
    const channelIds = [...counts.keys()].filter((id) => seen.has(id));
    const total = channelIds.reduce((sum, id) => sum + (counts.get(id) ?? 0), 0);
    return { channelIds, total, ...(unanswered ? { hidden: true } : {}) };
  }

  async function watchesFor(viewerId: string, approverIds: readonly string[]): Promise<Listed<FiringWatch>> {
    const scope = watchScope(viewerId, approverIds);
    const createdBy = scope.allowed ? undefined : viewerId;
    const { channelIds, ...counted } = await seenChannels(
      viewerId,
      await deps.watches.firingCounts(createdBy),
    );
    const items =
      counted.total === 0
        ? []
        : await deps.watches.firing({
            channelIds,
            ...(createdBy ? { createdBy } : {}),
            limit: MAX_WATCHES_SHOWN,
          });
    return { items, ...counted };
  }

  async function digestsFor(viewerId: string): Promise<Listed<DigestWithLastRun>> {
    const subscribed = new Map((await deps.digests.channels()).map((id) => [id, 1]));
    const { channelIds, ...counted } = await seenChannels(viewerId, subscribed);
    const shown = channelIds.slice(0, MAX_DIGESTS_SHOWN);
    return { items: shown.length === 0 ? [] : await deps.digests.withLastRun(shown), ...counted };
  }

  return {
    async load(viewerId: string, timeZone: string): Promise<HomeData> {
      // Who approves is read from the search-requests feature (the approver group changes in Slack).
      const approverIds = await requests.approverIds();
      const decide = decidePermission(viewerId, approverIds);
      const tokens = deps.tokens;
      const [waiting, mine, watches, digests, mcpTokens] = await Promise.all([
        decide.allowed ? read('waiting', async () => listed(await requests.pendingFor(viewerId))) : undefined,
        read('mine', () => requests.recentOf(viewerId, MINE_LIMIT)),
        read('watches', () => watchesFor(viewerId, approverIds)),
        read('digests', () => digestsFor(viewerId)),
        tokens === undefined ? undefined : read('tokens', () => tokens.list(viewerId)),
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
        ...(mcpTokens === undefined ? {} : { tokens: mcpTokens }),
      };
    },
    /** Someone opened their tab: it is on their screen for a while. */
    opened: (viewerId: string): void => void viewers.set(viewerId, Date.now()),
    /**
     * Whose tab shows what changed: a request's requester and approvers; for a workspace-wide change
     * (a digest ran, a watch fired), only the tabs opened recently, since anyone else's is built fresh
     * when they open it.
     */
    async audienceOf(change: Change): Promise<string[]> {
      if (change.kind === 'mcp-token') return [change.userId];
      if (change.kind === 'request')
        return [...new Set([change.requesterId, ...(await requests.approverIds())])];
      const since = Date.now() - TAB_KEPT_CURRENT_MS;
      return [...viewers.entries()].filter(([, openedAt]) => openedAt >= since).map(([userId]) => userId);
    },
  };
}
