// What the Home tab sends to Slack on its own: the published tab (not again while it is unchanged),
// the person's time zone (the app's one users.info cache), and the DM a "Stats for…" card goes to
// when the Home tab has no channel to answer in.
import { createHash } from 'node:crypto';
import type { View } from '@slack/types';
import type { Clock } from '../../clock.ts';
import type { Logger } from '../../log.ts';
import type { UserTimeZone } from '../../slack/user-time-zone.ts';
import type { WebClient } from '../../slack/web-client.ts';
import { HOME_PEOPLE_REMEMBERED, LruMap } from './lru-map.ts';

const TIME_ZONE_WAIT_MS = 1_500;
/** How long a zone that came too late for a tab is still waited for, to redraw the tab with it. */
const LATE_ZONE_WAIT_MS = 5 * 60_000;

export type HomeOutbound = ReturnType<typeof createHomeOutbound>;

/**
 * `publishing`: the client of views.publish alone; `lookups`: another for users.info and the DM. A
 * client waits out a 429 with all of its calls, and a crowd of new people opening Home can outrun
 * users.info's tier: their tabs must not wait for it too.
 */
export function createHomeOutbound(
  clients: { publishing: WebClient; lookups: WebClient },
  userTimeZone: UserTimeZone,
  logger: Logger,
  clock: Clock,
) {
  const { publishing: client, lookups } = clients;
  // A digest of each tab, not the tab: a thousand tabs of tens of kilobytes each would be held for
  // nothing. With when it went out, so a reopening knows whether the tab is still current.
  const published = new LruMap<string, { digest: string; at: number }>(HOME_PEOPLE_REMEMBERED);

  return {
    /** Publishes the tab unless it shows what was published last; `fresh` publishes it anyway. */
    async publish(userId: string, view: View, { fresh = false } = {}): Promise<void> {
      const digest = createHash('sha256').update(JSON.stringify(view)).digest('base64');
      if (fresh) published.delete(userId);
      else if (published.get(userId)?.digest === digest) return;
      await client.views.publish({ user_id: userId, view });
      published.set(userId, { digest, at: clock() });
      logger.info(
        { event: 'home_published', user: userId, blocks: view.blocks.length },
        'Home tab published',
      );
    },
    /** How long ago this person's tab was published, ms; undefined if Home remembers none. */
    tabAge: (userId: string): number | undefined => {
      const last = published.get(userId);
      return last === undefined ? undefined : clock() - last.at;
    },
    /**
     * The person's IANA zone, UTC when Slack doesn't say in time. `whenLate` is called if Slack
     * names the zone after all (its lookup was queued behind others'), so the tab can be redrawn
     * on the person's clock.
     */
    async zoneOf(userId: string, whenLate?: () => void): Promise<string> {
      const zone = await userTimeZone(lookups, userId, TIME_ZONE_WAIT_MS);
      if (zone === undefined && whenLate !== undefined)
        // The same lookup, still in flight, waited for longer; a profile with no zone answers at once.
        void userTimeZone(lookups, userId, LATE_ZONE_WAIT_MS).then((late) => {
          if (late !== undefined) whenLate();
        });
      return zone ?? 'UTC';
    },
    /** The person's DM with opsbot. */
    async directChannel(userId: string): Promise<string> {
      const opened = await lookups.conversations.open({ users: userId });
      const channel = opened.channel?.id;
      if (channel === undefined) throw new Error('conversations.open returned no channel');
      return channel;
    },
  };
}
