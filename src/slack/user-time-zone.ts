// A person's time zone, as their Slack profile says, for showing times on their own clock.
import type { AllMiddlewareArgs } from '@slack/bolt';
import type { WebClient } from './web-client.ts';

/** The person's IANA zone from users.info, or undefined when Slack is slow or says nothing useful. */
export async function userTimeZone(
  client: WebClient,
  userId: string,
  waitMs: number,
): Promise<string | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), waitMs);
    timer.unref();
  });
  const lookup = client.users
    .info({ user: userId })
    .then((r) => (typeof r.user?.tz === 'string' && r.user.tz !== '' ? r.user.tz : undefined))
    .catch(() => undefined);
  try {
    return await Promise.race([lookup, late]);
  } finally {
    clearTimeout(timer);
  }
}
