// The only Home code that touches Bolt: publishing the tab when someone opens it, republishing it
// for the people a change concerns, and the tab's own buttons and "Stats for…" modal. Approve and
// Reject on the tab are the approval card's own buttons, handled by the search-index feature.
import type { AllMiddlewareArgs, BlockAction, ButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import type { KnownBlock } from '@slack/types';
import type { TrackedClient } from '../../api/health.ts';
import type { FeatureContext } from '../../feature-context.ts';
import { section } from '../../slack/blocks.ts';
import { userTimeZone } from '../../slack/user-time-zone.ts';
import { requestModal } from '../search-index/modals.ts';
import { parseCreateArgs } from '../search-index/parse.ts';
import { refusalText } from '../search-index/refusals.ts';
import type { SearchIndexService } from '../search-index/service.ts';
import type { StatsPoster } from '../vector-stats/listeners.ts';
import { HomeRefresher } from './refresher.ts';
import { createHomeService } from './service.ts';
import { readStatsForm, STATS_BLOCK, STATS_CALLBACK, statsForModal } from './stats-modal.ts';
import type { FiringWatchSource } from './types.ts';
import { HOME_ACTION, homeView } from './views.ts';

type WebClient = AllMiddlewareArgs['client'];
type Click = SlackActionMiddlewareArgs<BlockAction<ButtonAction>> & AllMiddlewareArgs;

export type HomeDeps = {
  searchIndex: Pick<SearchIndexService, 'capRefusal'>;
  postStats: StatsPoster;
  apiHealth: TrackedClient['snapshot'];
  version: string;
  firingWatches?: FiringWatchSource | undefined;
};

export type HomeOptions = {
  /** How long changes are gathered before the affected Home tabs are republished. */
  refreshWindowMs?: number;
};

const TIME_ZONE_TTL_MS = 60 * 60_000;
const TIME_ZONE_WAIT_MS = 1_500;
/** Event ids remembered to recognise Slack's retries of an event already handled. */
const SEEN_EVENTS_MAX = 1_000;

export type HomeRuntime = { refresher: HomeRefresher };

export function registerHome(
  context: FeatureContext,
  deps: HomeDeps,
  options: HomeOptions = {},
): HomeRuntime {
  const { app, config, clock } = context;
  const logger = context.logger.child({ feature: 'home' });
  const mode = config.slack.appToken === undefined ? 'http' : 'socket';
  const service = createHomeService({
    store: context.store,
    clock,
    logger,
    approverIds: config.approvals.approverIds,
    approvalChannelId: config.approvals.channelId,
    health: () => ({ api: deps.apiHealth(), version: deps.version, mode }),
    firingWatches: deps.firingWatches,
  });

  const zones = new Map<string, { zone: string; at: number }>();
  async function zoneOf(userId: string): Promise<string> {
    const known = zones.get(userId);
    if (known !== undefined && clock() - known.at < TIME_ZONE_TTL_MS) return known.zone;
    const zone = (await userTimeZone(app.client, userId, TIME_ZONE_WAIT_MS)) ?? 'UTC';
    zones.set(userId, { zone, at: clock() });
    return zone;
  }

  /** People who opened the tab since start: the ones a workspace-wide change republishes. */
  const viewers = new Set<string>();
  /** What each person's tab shows now, so an unchanged view is not published again. */
  const published = new Map<string, string>();

  async function publish(userId: string): Promise<void> {
    const view = homeView(await service.load(userId, await zoneOf(userId)));
    const serialized = JSON.stringify(view);
    if (published.get(userId) === serialized) return;
    await app.client.views.publish({ user_id: userId, view });
    published.set(userId, serialized);
    logger.info({ event: 'home_published', user: userId, blocks: view.blocks.length }, 'Home tab published');
  }

  const refresher = new HomeRefresher({
    windowMs: options.refreshWindowMs ?? 500,
    concurrency: 3,
    publish: (userId) => context.work.run(() => publish(userId)),
    onError: (userId, error) =>
      logger.warn(
        { event: 'home_publish_failed', user: userId, err: errorName(error) },
        'Home not published',
      ),
  });
  context.lifecycle.onStop(() => refresher.stop());

  context.changes.subscribe((change) => {
    if (change.kind === 'request') refresher.refresh(service.affectedByRequest(change.requesterId));
    else refresher.refresh(viewers);
  });

  const seenEvents = new Set<string>();
  app.event('app_home_opened', async ({ event, body }) => {
    // The Messages tab sends this event too; only the Home tab has a view to publish.
    if (event.tab !== 'home') return;
    // Slack retries an event it thinks was lost; the first delivery already published this tab.
    const eventId = typeof body.event_id === 'string' ? body.event_id : undefined;
    if (eventId !== undefined) {
      if (seenEvents.has(eventId)) {
        logger.info({ event: 'home_event_retry_ignored', eventId }, 'retried event already handled');
        return;
      }
      seenEvents.add(eventId);
      if (seenEvents.size > SEEN_EVENTS_MAX) seenEvents.delete(seenEvents.values().next().value as string);
    }
    viewers.add(event.user);
    // Opening the tab always shows it fresh, even when nothing changed since the last publish.
    published.delete(event.user);
    try {
      await publish(event.user);
    } catch (error) {
      logger.warn(
        { event: 'home_publish_failed', user: event.user, err: errorName(error) },
        'Home not published',
      );
    }
  });

  app.action<BlockAction<ButtonAction>>(HOME_ACTION.requestIndex, async ({ ack, body, client }) => {
    await ack();
    const userId = body.user.id;
    try {
      const cap = await deps.searchIndex.capRefusal(userId);
      if (cap) {
        await tell(client, userId, refusalText(cap, userId, 'mrkdwn'));
        return;
      }
      // No channel to answer in from the Home tab: the confirmation goes to a direct message.
      await client.views.open({
        trigger_id: body.trigger_id,
        view: requestModal(parseCreateArgs([]), { channelId: '' }),
      });
    } catch (error) {
      logger.warn({ event: 'home_request_modal_failed', err: errorName(error) }, 'request form not opened');
      await tell(
        client,
        userId,
        ':warning: opsbot couldn’t open the request form just now. Try again in a minute.',
      );
    }
  });

  app.action<BlockAction<ButtonAction>>(HOME_ACTION.statsFor, async ({ ack, body, client }: Click) => {
    await ack();
    try {
      await client.views.open({ trigger_id: body.trigger_id, view: statsForModal() });
    } catch (error) {
      logger.warn({ event: 'home_stats_modal_failed', err: errorName(error) }, 'stats form not opened');
      await tell(
        client,
        body.user.id,
        ':warning: opsbot couldn’t open the stats form just now. Try again in a minute.',
      );
    }
  });

  app.view(STATS_CALLBACK, async ({ ack, body, view, client }) => {
    const values = view.state.values;
    const read = readStatsForm({
      index: values[STATS_BLOCK.index]?.[STATS_BLOCK.index]?.value ?? undefined,
      period: values[STATS_BLOCK.period]?.[STATS_BLOCK.period]?.selected_option?.value,
      channel: values[STATS_BLOCK.channel]?.[STATS_BLOCK.channel]?.selected_conversation ?? undefined,
    });
    if (!read.ok) {
      await ack({ response_action: 'errors', errors: read.errors });
      return;
    }
    await ack();
    const userId = body.user.id;
    const { indexId, period, channelId } = read.form;
    const reply = (message: { text: string; blocks?: KnownBlock[] }) =>
      tell(client, userId, message.text, message.blocks);
    try {
      const channel = channelId ?? (await directChannel(client, userId));
      await deps.postStats({ indexId, period }, { client, userId, channel, reply });
    } catch (error) {
      logger.warn({ event: 'home_stats_failed', err: errorName(error) }, 'stats from Home not posted');
      await reply({ text: ':warning: opsbot couldn’t post the stats just now. Try again in a minute.' });
    }
  });

  return { refresher };
}

async function directChannel(client: WebClient, userId: string): Promise<string> {
  const opened = await client.conversations.open({ users: userId });
  const channel = opened.channel?.id;
  if (channel === undefined) throw new Error('conversations.open returned no channel');
  return channel;
}

/** A message to the person in their DM with opsbot: the Home tab has no channel to answer in. */
async function tell(client: WebClient, userId: string, text: string, blocks?: KnownBlock[]): Promise<void> {
  await client.chat.postMessage({ channel: userId, text, blocks: blocks ?? [section(text)] });
}

function errorName(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { data?: { error?: unknown } }).data?.error;
    return typeof code === 'string' ? `${error.name}: ${code}` : error.name;
  }
  return typeof error;
}
