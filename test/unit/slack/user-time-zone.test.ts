import { describe, expect, it } from 'vitest';
import { userTimeZones, ZONE_KEPT_MS } from '../../../src/slack/user-time-zone.ts';
import type { WebClient } from '../../../src/slack/web-client.ts';

/** A Web API client whose users.info answers from `zones` and counts the calls per person. */
function slackWith(zones: Record<string, string | undefined>) {
  const asked: string[] = [];
  let answer: (() => void) | undefined;
  let held = false;
  let failing = false;
  const client = {
    users: {
      info: async ({ user }: { user: string }) => {
        asked.push(user);
        if (held) await new Promise<void>((resolve) => (answer = resolve));
        if (failing) throw new Error('An API error occurred: internal_error');
        return { ok: true, user: { id: user, tz: zones[user] } };
      },
    },
  } as unknown as WebClient;
  return {
    client,
    asked,
    hold: () => (held = true),
    fail: (on: boolean) => (failing = on),
    release: () => {
      held = false;
      answer?.();
    },
  };
}

describe('a person’s time zone, as every part of opsbot reads it', () => {
  it('remembers no failure: the next reader asks Slack again', async () => {
    const zoneOf = userTimeZones(() => 0);
    const slack = slackWith({ U0ANA: 'Europe/Berlin' });
    slack.fail(true);
    expect(await zoneOf(slack.client, 'U0ANA', 1_000)).toBeUndefined();
    slack.fail(false);
    expect(await zoneOf(slack.client, 'U0ANA', 1_000)).toBe('Europe/Berlin');
    expect(slack.asked).toEqual(['U0ANA', 'U0ANA']);
  });

  it('asks Slack about one person at most once a day, however often and wherever they look', async () => {
    let now = 0;
    const zoneOf = userTimeZones(() => now);
    const slack = slackWith({ U0ANA: 'Europe/Berlin', U0BO: undefined });
    expect(await zoneOf(slack.client, 'U0ANA', 1_000)).toBe('Europe/Berlin');
    expect(await zoneOf(slack.client, 'U0ANA', 1_000)).toBe('Europe/Berlin');
    // Slack said nothing of this person's zone: that answer holds for the day too.
    expect(await zoneOf(slack.client, 'U0BO', 1_000)).toBeUndefined();
    expect(await zoneOf(slack.client, 'U0BO', 1_000)).toBeUndefined();
    now = ZONE_KEPT_MS - 1;
    await zoneOf(slack.client, 'U0ANA', 1_000);
    expect(slack.asked).toEqual(['U0ANA', 'U0BO']);
    now = ZONE_KEPT_MS;
    await zoneOf(slack.client, 'U0ANA', 1_000);
    expect(slack.asked).toEqual(['U0ANA', 'U0BO', 'U0ANA']);
  });

  it('readers of one person while Slack answers share one call, and a late answer is kept', async () => {
    const zoneOf = userTimeZones(() => 0);
    const slack = slackWith({ U0ANA: 'Asia/Tokyo' });
    slack.hold();
    // One reader gives up waiting (the digest form must open within Slack's 3 s).
    const impatient = zoneOf(slack.client, 'U0ANA', 1);
    const patient = zoneOf(slack.client, 'U0ANA', 5_000);
    expect(await impatient).toBeUndefined();
    slack.release();
    expect(await patient).toBe('Asia/Tokyo');
    expect(await zoneOf(slack.client, 'U0ANA', 1)).toBe('Asia/Tokyo');
    expect(slack.asked).toEqual(['U0ANA']);
  });
});
