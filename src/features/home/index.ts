// The Home tab as the app sees it: register() wires the service (what a tab shows, whose tab a
// change concerns), the refresher that republishes tabs after a change, and the listeners; built on
// the services of the features it shows (service.ts says what Home needs of each).
import type { TrackedClient } from '../../api/health.ts';
import { errField } from '../../errors.ts';
import type { FeatureContext } from '../../feature-context.ts';
import { channelsSeenBy } from '../../slack/membership.ts';
import { createPacer, UNDER_TIER_4 } from '../../slack/pacer.ts';
import type { IndexNamesService } from '../index-names/index.ts';
import type { VectorStatsService } from '../vector-stats/index.ts';
import { ACTION, BLOCK, VIEW } from './ids.ts';
import { registerHomeListeners } from './listeners.ts';
import { createHomeOutbound } from './outbound.ts';
import { HomeRefresher } from './refresher.ts';
import { createHomeService, type HomeService, type HomeServiceDeps } from './service.ts';
import { statsFormChannel } from './stats-modal.ts';
import { homeView } from './views.ts';

export type { HomeService } from './service.ts';

export type HomeUses = {
  searchRequests: HomeServiceDeps['requests'];
  vectorStats: Pick<VectorStatsService, 'read' | 'post'>;
  watches: HomeServiceDeps['watches'];
  digests: HomeServiceDeps['digests'];
  /** The *Stats for…* form's index field offers the known indexes as you type. */
  indexNames: Pick<IndexNamesService, 'offerIn'>;
  apiHealth: TrackedClient['snapshot'];
  version: string;
  /** The viewer's MCP tokens, shown and revoked on the tab; undefined while MCP is off. */
  mcpTokens?: HomeServiceDeps['tokens'];
};

/** How long the changes of a burst are gathered before the affected tabs are republished. */
const REFRESH_WINDOW_MS = 500;
/**
 * Slack rates each method on its own: context.pacer holds chat.postMessage's budget for digests and
 * alerts, while views.publish is Tier 4. Every Home publish, an opening's or a refresh's, takes its
 * turn here; past it, tabs wait their turn (first tabs first) rather than being refused.
 */
const PUBLISH_BUDGET = UNDER_TIER_4;
/**
 * Of that budget, refreshes nobody asked for (a change on a tab opened lately) take at most a
 * third, so a burst of changes never spends what the next openings need.
 */
const REFRESH_BUDGET = { perMinute: 30, burst: 10, perChannelGapMs: 0 };
/**
 * And only while nine tenths of the burst are in hand: once openings draw the budget down (people
 * opening Home faster than Slack's tier refills it), all of it goes to the people opening Home and
 * the changes wait. Half the burst was kept before, and a digest minute's refreshes spent the rest
 * of it just before first tabs needed it (bench item 6 at Home 2.5/s).
 */
const REFRESH_RESERVE = PUBLISH_BUDGET.burst * 0.9;

export function register(context: FeatureContext<HomeUses>): HomeService {
  const { config, clock, uses } = context;
  const logger = context.logger.child({ feature: 'home' });
  const mode = config.slack.appToken === undefined ? 'http' : 'socket';
  const service = createHomeService({
    requests: uses.searchRequests,
    watches: uses.watches,
    digests: uses.digests,
    tokens: uses.mcpTokens,
    clock,
    logger,
    approvalChannelId: config.approvals.channelId,
    health: () => ({ api: uses.apiHealth(), version: uses.version, mode }),
    commandName: context.commandName,
    seenBy: (viewerId, channels) => channelsSeenBy(context.policy.membership, viewerId, channels),
  });
  // Clients of its own: a 429 on a Home call is waited out by Home's calls alone, never by the
  // digests' and alerts' posts (a Web API client pauses all of its calls for a Retry-After).
  const clients = { publishing: context.slackClientOfItsOwn(), lookups: context.slackClientOfItsOwn() };
  const outbound = createHomeOutbound(clients, context.userTimeZone, logger, Date.now);
  const publish = async (userId: string, options?: { fresh?: boolean }) => {
    // A tab drawn in UTC because the zone came late is redrawn once it comes.
    const zone = await outbound.zoneOf(userId, () => refresher.refresh([userId]));
    await outbound.publish(userId, homeView(await service.load(userId, zone)), options);
  };

  context.policy.protect({
    actions: { [ACTION.requestIndex]: 'search.request', [ACTION.statsFor]: 'stats' },
    views: {
      [VIEW.stats]: {
        capability: 'stats',
        postsTo: { field: BLOCK.stats.channel, channel: statsFormChannel },
      },
    },
    options: { [BLOCK.stats.index]: 'stats' },
  });
  uses.indexNames.offerIn({ blockId: BLOCK.stats.index, actionId: BLOCK.stats.index });

  const publishPacer = createPacer(PUBLISH_BUDGET);
  const refreshPacer = createPacer(REFRESH_BUDGET);
  // A stop drops the tabs still waiting for their turn: the next opening shows the tab fresh.
  const stopping = new AbortController();
  const refresher = new HomeRefresher({
    windowMs: REFRESH_WINDOW_MS,
    concurrency: 3,
    turn: () => publishPacer.take('views.publish', stopping.signal),
    refreshTurn: () => refreshPacer.take('views.publish', stopping.signal),
    budgetToSpare: () => publishPacer.spare() >= REFRESH_RESERVE,
    publish: (userId, options) => context.work.run(() => publish(userId, options)),
    onError: (userId, error) => {
      if (!stopping.signal.aborted)
        logger.warn(
          { event: 'home_publish_failed', user: userId, err: errField(error) },
          'Home not published',
        );
    },
  });
  registerHomeListeners(
    { app: context.app, uses, logger },
    {
      service,
      outbound,
      opened: (userId) => refresher.opened(userId, outbound.tabAge(userId)),
    },
  );
  context.changes.subscribe((change) => {
    service.audienceOf(change).then(
      (people) => refresher.refresh(people),
      (error: unknown) =>
        logger.warn({ event: 'home_refresh_skipped', err: errField(error) }, 'approvers not read'),
    );
  });
  context.lifecycle.onStop(() => {
    stopping.abort(new Error('opsbot is stopping'));
    return refresher.stop();
  });
  return service;
}
