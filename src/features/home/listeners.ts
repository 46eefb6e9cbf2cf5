// The Bolt side of the Home tab: publishing it when someone opens it, republishing it for the people
// a change concerns, and its own buttons and "Stats for…" form. Approve and Reject on the tab are
// the approval card's buttons, handled by the search-requests feature. What goes wrong is thrown; the
// guard tells the person in a DM (a Home click) or in the form (a submission).
import type { BlockAction, ButtonAction } from '@slack/bolt';
import { errField } from '../../errors.ts';
import type { FeatureContext } from '../../feature-context.ts';
import { within } from '../../limiter.ts';
import { createPacer } from '../../slack/pacer.ts';
import { userTimeZone } from '../../slack/user-time-zone.ts';
import type { WebClient } from '../../slack/web-client.ts';
import { HOME_ACTION, STATS_BLOCK, STATS_CALLBACK } from './ids.ts';
import type { HomeUses } from './index.ts';
import { HomeRefresher } from './refresher.ts';
import { createHomeService } from './service.ts';
import { readStatsForm, statsForModal } from './stats-modal.ts';
import { homeView } from './views.ts';

const TIME_ZONE_TTL_MS = 60 * 60_000;
const TIME_ZONE_WAIT_MS = 1_500;
/** Event ids remembered to recognise Slack's retries of an event already handled. */
const SEEN_EVENTS_MAX = 1_000;
/** How long the changes of a burst are gathered before the affected tabs are republished. */
const REFRESH_WINDOW_MS = 500;
/** A tab opened this recently may still be on someone's screen: changes republish it. */
const RECENT_VIEWER_MS = 15 * 60_000;
/**
 * How long a "Stats for…" submission waits for the API before the form closes: within Slack's 3 s,
 * an unknown index or a refusing API is said in the form; a slower answer comes by DM.
 */
const FORM_WAIT_MS = 2_000;

export function registerHome(context: FeatureContext<HomeUses>): void {
  const { app, config, clock, uses } = context;
  const logger = context.logger.child({ feature: 'home' });
  const mode = config.slack.appToken === undefined ? 'http' : 'socket';
  const service = createHomeService({
    store: context.store,
    requests: uses.searchRequests,
    watches: uses.watches,
    clock,
    logger,
    approvalChannelId: config.approvals.channelId,
    health: () => ({ api: uses.apiHealth(), version: uses.version, mode }),
    commandName: context.commandName,
  });

  uses.indexNames.offerIn({ blockId: STATS_BLOCK.index, actionId: STATS_BLOCK.index });

  const zones = new Map<string, { zone: string; at: number }>();
  async function zoneOf(userId: string): Promise<string> {
    const known = zones.get(userId);
    if (known !== undefined && clock() - known.at < TIME_ZONE_TTL_MS) return known.zone;
    const zone = (await userTimeZone(app.client, userId, TIME_ZONE_WAIT_MS)) ?? 'UTC';
    zones.set(userId, { zone, at: clock() });
    return zone;
  }

  /**
   * When each person last opened the tab. A workspace-wide change (a digest ran, a watch fired)
   * republishes only the tabs opened recently: someone who opens theirs later gets it fresh anyway.
   */
  const viewers = new Map<string, number>();
  // Wall time, not the injected clock: this is about screens, as Slack's rate limits are.
  const recentViewers = () => {
    const since = Date.now() - RECENT_VIEWER_MS;
    return [...viewers].filter(([, openedAt]) => openedAt >= since).map(([userId]) => userId);
  };
  // views.publish is Tier 4 (about 100 a minute): refreshes nobody asked for take at most a third of
  // it, so a burst of changes never gets opsbot rate-limited, which would stall every Slack call.
  const refreshPacer = createPacer({ perMinute: 30, burst: 10, perChannelGapMs: 0 });
  // A stop drops the refreshes still waiting for their turn: the next opening shows the tab fresh.
  const stopping = new AbortController();
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
    windowMs: REFRESH_WINDOW_MS,
    concurrency: 3,
    publish: async (userId) => {
      await refreshPacer.take(userId, stopping.signal);
      await context.work.run(() => publish(userId));
    },
    onError: (userId, error) => {
      if (!stopping.signal.aborted)
        logger.warn(
          { event: 'home_publish_failed', user: userId, err: errField(error) },
          'Home not published',
        );
    },
  });
  context.lifecycle.onStop(() => {
    stopping.abort(new Error('opsbot is stopping'));
    return refresher.stop();
  });
  context.changes.subscribe((change) => {
    if (change.kind === 'request')
      service.affectedByRequest(change.requesterId).then(
        (people) => refresher.refresh(people),
        (error: unknown) =>
          logger.warn({ event: 'home_refresh_skipped', err: errField(error) }, 'approvers not read'),
      );
    else refresher.refresh(recentViewers());
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
    viewers.set(event.user, Date.now());
    // Opening the tab always shows it fresh, even when nothing changed since the last publish.
    published.delete(event.user);
    await publish(event.user);
  });

  app.action<BlockAction<ButtonAction>>(HOME_ACTION.requestIndex, async ({ ack, body, client }) => {
    await ack();
    const view = await uses.searchRequests.requestForm(body.user.id);
    await client.views.open({ trigger_id: body.trigger_id, view });
  });

  app.action<BlockAction<ButtonAction>>(HOME_ACTION.statsFor, async ({ ack, body, client }) => {
    await ack();
    await client.views.open({ trigger_id: body.trigger_id, view: statsForModal() });
  });

  app.view(STATS_CALLBACK, async ({ ack, body, view, client }) => {
    const read = readStatsForm(view.state.values);
    if (!read.ok) {
      await ack({ response_action: 'errors', errors: read.errors });
      return;
    }
    const { indexId, period, channelId } = read.form;
    const stats = uses.vectorStats.read({ indexId, period });
    // Rejects here (before the ack) when the API answers quickly with a refusal: said in the form.
    await within(stats, FORM_WAIT_MS, undefined);
    await ack();
    const userId = body.user.id;
    const channel = channelId ?? (await directChannel(client, userId));
    await uses.vectorStats.post(await stats, { userId, channel });
  });
}

/** The person's DM with opsbot: the Home tab has no channel to answer in, and a card needs one. */
async function directChannel(client: WebClient, userId: string): Promise<string> {
  const opened = await client.conversations.open({ users: userId });
  const channel = opened.channel?.id;
  if (channel === undefined) throw new Error('conversations.open returned no channel');
  return channel;
}
