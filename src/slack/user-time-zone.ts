// A person's time zone, as their Slack profile says, for showing times on their own clock.
import { within } from '../limiter.ts';
import type { WebClient } from './web-client.ts';

/** The person's IANA zone from users.info, or undefined when Slack is slow or says nothing useful. */
export async function userTimeZone(
  client: WebClient,
  userId: string,
  waitMs: number,
): Promise<string | undefined> {
  const lookup = client.users
    .info({ user: userId })
    .then((r) => (typeof r.user?.tz === 'string' && r.user.tz !== '' ? r.user.tz : undefined))
    .catch(() => undefined);
  return within(lookup, waitMs, undefined);
}
