// A person's time zone, as their Slack profile says, for showing times on their own clock. One
// cache per app serves every reader (the Home tab, the digest form and list, an alert's buttons),
// so Slack is asked about one person at most once a day however often they look; and the asking
// is paced under users.info's tier (Tier 4), so a crowd of new people is answered in turn, not 429.
import { within } from '../limiter.ts';
import { LruMap } from '../lru-map.ts';
import { createPacer, type Pacer, UNDER_TIER_4 } from './pacer.ts';
import type { WebClient } from './web-client.ts';

/** People whose zone is remembered: a large workspace's day of people (~100 bytes each). */
const ZONES_REMEMBERED = 10_000;
/** A zone is asked again after a day: people travel, and once a day keeps users.info quiet. */
export const ZONE_KEPT_MS = 24 * 60 * 60_000;

/** The person's IANA zone from users.info, or undefined when Slack is slow or says nothing useful. */
export type UserTimeZone = (client: WebClient, userId: string, waitMs: number) => Promise<string | undefined>;

export function userTimeZones(clock: () => number, pacer: Pacer = createPacer(UNDER_TIER_4)): UserTimeZone {
  const known = new LruMap<string, { zone: string | undefined; at: number }>(ZONES_REMEMBERED);
  // A second reader of one person while Slack is still answering waits for the same answer.
  const asking = new Map<string, Promise<string | undefined>>();

  const ask = (client: WebClient, userId: string) =>
    pacer
      .take('users.info')
      .then(() => client.users.info({ user: userId }))
      .then(
        (r) => {
          const zone = typeof r.user?.tz === 'string' && r.user.tz !== '' ? r.user.tz : undefined;
          known.set(userId, { zone, at: clock() });
          return zone;
        },
        // Not remembered: the next reader asks again.
        () => undefined,
      );

  return (client, userId, waitMs) => {
    const hit = known.get(userId);
    if (hit !== undefined && clock() - hit.at < ZONE_KEPT_MS) return Promise.resolve(hit.zone);
    let lookup = asking.get(userId);
    if (lookup === undefined) {
      lookup = ask(client, userId).finally(() => asking.delete(userId));
      asking.set(userId, lookup);
    }
    // A slow answer is still remembered when it comes; only this reader stops waiting for it.
    return within(lookup, waitMs, undefined);
  };
}
