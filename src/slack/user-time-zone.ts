// A person's time zone, as their Slack profile says, for showing times on their own clock. One
// cache per app serves every reader (the Home tab, the digest form and list, an alert's buttons),
// so Slack is asked about one person at most once a day however often they look. A crowd of new
// people is answered in turn, not 429: users.info draws from Slack's shared budget like every Web
// API call (src/slack/budget.ts, through the client's budgetedFetch).
import { within } from '../limiter.ts';
import { LruMap } from '../lru-map.ts';
import { sharedWhileInFlight } from '../memoize.ts';
import type { WebClient } from './web-client.ts';

/** People whose zone is remembered: a large workspace's day of people (~100 bytes each). */
const ZONES_REMEMBERED = 10_000;
/** A zone is asked again after a day: people travel, and once a day keeps users.info quiet. */
export const ZONE_KEPT_MS = 24 * 60 * 60_000;

/** The person's IANA zone from users.info, or undefined when Slack is slow or says nothing useful. */
export type UserTimeZone = (client: WebClient, userId: string, waitMs: number) => Promise<string | undefined>;

export function userTimeZones(clock: () => number): UserTimeZone {
  const known = new LruMap<string, { zone: string | undefined; at: number }>(ZONES_REMEMBERED);
  // A second reader of one person while Slack is still answering waits for the same answer.
  const ask = sharedWhileInFlight(
    (_client: WebClient, userId: string) => userId,
    (client: WebClient, userId: string) =>
      client.users.info({ user: userId }).then(
        (r) => {
          const zone = typeof r.user?.tz === 'string' && r.user.tz !== '' ? r.user.tz : undefined;
          known.set(userId, { zone, at: clock() });
          return zone;
        },
        // Not remembered: the next reader asks again.
        () => undefined,
      ),
  );

  return (client, userId, waitMs) => {
    const hit = known.get(userId);
    if (hit !== undefined && clock() - hit.at < ZONE_KEPT_MS) return Promise.resolve(hit.zone);
    // A slow answer is still remembered when it comes; only this reader stops waiting for it.
    return within(ask(client, userId), waitMs, undefined);
  };
}
