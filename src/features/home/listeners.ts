// The Bolt side of the Home tab: publishing it when someone opens it, and its own buttons and
// "Stats for…" form. Approve and Reject on the tab are the approval card's buttons, handled by the
// search-requests feature. What goes wrong is thrown; the guard tells the person in a DM (a Home
// click) or in the form (a submission).
import type { App, BlockAction, ButtonAction } from '@slack/bolt';
import { within } from '../../limiter.ts';
import type { Logger } from '../../log.ts';
import { ACTION, VIEW } from './ids.ts';
import type { HomeUses } from './index.ts';
import { LruMap } from './lru-map.ts';
import type { HomeOutbound } from './outbound.ts';
import type { HomeService } from './service.ts';
import { readStatsForm, statsForModal } from './stats-modal.ts';

/** Event ids remembered to recognise Slack's retries of an event already handled. */
const SEEN_EVENTS_MAX = 1_000;
/**
 * How long a "Stats for…" submission waits for the API before the form closes: within Slack's 3 s,
 * an unknown index or a refusing API is said in the form; a slower answer comes by DM.
 */
const FORM_WAIT_MS = 2_000;

/** `opened` queues the person's tab, fresh, for publishing within views.publish's budget. */
export function registerHomeListeners(
  {
    app,
    uses,
    logger,
  }: {
    app: App;
    uses: Pick<HomeUses, 'searchRequests' | 'vectorStats' | 'mcpTokens'>;
    logger: Logger;
  },
  deps: {
    service: Pick<HomeService, 'opened'>;
    outbound: Pick<HomeOutbound, 'directChannel'>;
    opened(userId: string): void;
  },
): void {
  const seenEvents = new LruMap<string, true>(SEEN_EVENTS_MAX);
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
      seenEvents.set(eventId, true);
    }
    deps.service.opened(event.user);
    // Opening the tab always shows it fresh, even when nothing changed since the last publish.
    deps.opened(event.user);
  });

  app.action<BlockAction<ButtonAction>>(ACTION.requestIndex, async ({ ack, body, client }) => {
    await ack();
    const view = await uses.searchRequests.requestForm(body.user.id);
    await client.views.open({ trigger_id: body.trigger_id, view });
  });

  // Revoking one's own token needs no capability, as `/ops mcp revoke` doesn't; the tab refreshes
  // from the change feed.
  app.action<BlockAction<ButtonAction>>(ACTION.revokeToken, async ({ ack, body, action }) => {
    await ack();
    await uses.mcpTokens?.revoke(body.user.id, action.value ?? '');
  });

  app.action<BlockAction<ButtonAction>>(ACTION.statsFor, async ({ ack, body, client }) => {
    await ack();
    await client.views.open({ trigger_id: body.trigger_id, view: statsForModal() });
  });

  app.view(VIEW.stats, async ({ ack, body, view }) => {
    const read = readStatsForm(view.state.values);
    if (!read.ok) {
      await ack({ response_action: 'errors', errors: read.errors });
      return;
    }
    const { indexId, period, channelId } = read.form;
    const stats = uses.vectorStats.read({ indexId, period }, { channel: channelId });
    // Rejects here (before the ack) when the API answers quickly with a rejection: said in the form.
    await within(stats, FORM_WAIT_MS, undefined);
    await ack();
    const userId = body.user.id;
    const channel = channelId ?? (await deps.outbound.directChannel(userId));
    await uses.vectorStats.post(await stats, { userId, channel });
  });
}
