import { describe, expect, it } from 'vitest';
import { createPacer, UNDER_TIER_4 } from '../../../src/slack/pacer.ts';
import { userTimeZones, ZONE_KEPT_MS } from '../../../src/slack/user-time-zone.ts';
import type { WebClient } from '../../../src/slack/web-client.ts';

/** A Web API client whose users.info answers from `zones` and counts the calls per person. */
function slackWith(zones: Record<string, string | undefined>) {
  const asked: string[] = [];
  let answer: (() => void) | undefined;
  let held = false;
  const client = {
    users: {
      info: async ({ user }: { user: string }) => {
        asked.push(user);
        if (held) await new Promise<void>((resolve) => (answer = resolve));
        return { ok: true, user: { id: user, tz: zones[user] } };
      },
    },
  } as unknown as WebClient;
  return {
    client,
    asked,
    hold: () => (held = true),
    release: () => {
      held = false;
      answer?.();
    },
  };
}

describe('a person’s time zone, as every part of opsbot reads it', () => {
  it('asks in turn under users.info’s tier: past the budget, a lookup waits instead of being refused', async () => {
    const time = { t: 0, slept: [] as number[] };
    const pacer = createPacer({
      ...UNDER_TIER_4,
      burst: 2,
      now: () => time.t,
      sleep: async (ms) => {
        time.slept.push(ms);
        time.t += ms;
      },
    });
    const zoneOf = userTimeZones(() => time.t, pacer);
    const slack = slackWith({ U0A: 'Europe/Berlin', U0B: 'Asia/Tokyo', U0C: 'America/Lima' });
    for (const person of ['U0A', 'U0B', 'U0C']) await zoneOf(slack.client, person, 60_000);
    expect(slack.asked).toEqual(['U0A', 'U0B', 'U0C']);
    // Two at once (the burst), the third after one turn of 95 a minute.
    expect(time.slept).toEqual([Math.ceil(60_000 / UNDER_TIER_4.perMinute)]);
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
