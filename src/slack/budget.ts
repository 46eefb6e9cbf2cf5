// Slack's rate limits are per app, per workspace, per method: every replica of opsbot draws from the
// same allowance. This is that allowance, kept where every replica sees it (PostgreSQL, through the
// store) or, where one process owns the database (SQLite), in memory.
//
// Each method is a GCRA schedule (a token bucket written as one "theoretical arrival time" per
// method): a call reserves the next slot in one write and waits for it, so replicas are served in
// the order they asked, and a 429 with Retry-After moves the schedule for every replica at once.

/**
 * A method's allowance: calls per minute once a burst of `burst` is spent; `background`, the share
 * background work may spend of it (BACKGROUND_SHARE unless set).
 */
export type Allowance = {
  perMinute: number;
  burst: number;
  background?: number;
  /**
   * A call that would wait longer than this for its turn is not made (nor its turn taken): what it
   * was for goes without (a card's upload: the message is posted without its picture).
   */
  maxWaitMs?: number;
};

export type SlackBudget = {
  /**
   * Reserves the next call of `key`; resolves with how long to wait before making it (ms), or
   * undefined, reserving nothing, when that would be longer than `allowance.maxWaitMs`.
   */
  reserve(key: string, allowance: Allowance, now: number): Promise<number | undefined>;
  /** Nobody calls `key` before `until` (a 429's Retry-After), then calls go one interval apart. */
  hold(key: string, allowance: Allowance, until: number): Promise<void>;
};

/** The milliseconds between two calls, and how far ahead of the schedule a burst may run. */
export function scheduleOf({ perMinute, burst }: Allowance): { intervalMs: number; toleranceMs: number } {
  const intervalMs = 60_000 / perMinute;
  return { intervalMs, toleranceMs: Math.max(0, burst - 1) * intervalMs };
}

/** The wait a reservation that moved the schedule to `tat` implies. */
export function waitFor(tat: number, allowance: Allowance, now: number): number {
  const { intervalMs, toleranceMs } = scheduleOf(allowance);
  return Math.max(0, Math.ceil(tat - intervalMs - toleranceMs - now));
}

/** One process's budget: the same schedule as the store's, in a map. */
export function memoryBudget(): SlackBudget {
  const tats = new Map<string, number>();
  return {
    async reserve(key, allowance, now) {
      const { intervalMs, toleranceMs } = scheduleOf(allowance);
      const from = Math.max(tats.get(key) ?? now, now);
      if (from - toleranceMs - now > (allowance.maxWaitMs ?? Number.POSITIVE_INFINITY)) return undefined;
      tats.set(key, from + intervalMs);
      return waitFor(from + intervalMs, allowance, now);
    },
    async hold(key, allowance, until) {
      tats.set(key, Math.max(tats.get(key) ?? 0, until + scheduleOf(allowance).toleranceMs));
    },
  };
}

// Slack's tiers (api.slack.com/apis/rate-limits): Tier 2 20+, Tier 3 50+, Tier 4 100+ a minute,
// with bursts allowed. Each allowance stays a little under its tier and under a minute's worth at
// once (as UNDER_TIER_4, Home's pacer), so the app is not answered 429.
const TIER_2: Allowance = { perMinute: 19, burst: 18 };
const TIER_3: Allowance = { perMinute: 47, burst: 45 };
const TIER_4: Allowance = { perMinute: 95, burst: 90 };

/**
 * The methods opsbot calls in volume. chat.postMessage is "Special": several hundred a minute per
 * workspace (DEFAULT_PACING's 600 with a burst of 150) and about one a second per channel.
 * views.open and views.push carry a trigger_id: they wait their turn only while it lives.
 */
export const ALLOWANCES: Readonly<Record<string, Allowance>> = {
  // Posting is what background work is for; people's answers mostly go through response_url.
  'chat.postMessage': { perMinute: 600, burst: 150, background: 1 },
  'chat.postEphemeral': TIER_4,
  'chat.update': TIER_3,
  // Home tabs a background change refreshes (a digest ran, a watch fired) take at most a third
  // across all replicas: the rest is for people opening Home, whose first tab would otherwise
  // queue behind every replica's refreshes.
  'views.publish': { ...TIER_4, background: 0.3 },
  'views.open': TIER_4,
  'views.push': TIER_4,
  'views.update': TIER_4,
  'users.info': TIER_4,
  // A card waits at most 2 s for its upload: past that its message goes without the picture,
  // rather than every answer and digest queueing behind Tier 4's hundred uploads a minute.
  'files.getUploadURLExternal': { ...TIER_4, maxWaitMs: 2_000 },
  'files.completeUploadExternal': TIER_4,
  'conversations.list': TIER_2,
  'conversations.info': TIER_3,
  'conversations.members': TIER_4,
  'conversations.open': TIER_3,
  'conversations.history': TIER_3,
  'usergroups.list': TIER_2,
  'usergroups.users.list': TIER_2,
};

/**
 * A channel's posts. Slack allows about one a second per channel with short bursts; scheduled
 * posts are already spaced by the pacer, and a person's (a request card) should not wait on a
 * guess. So this schedule is loose: what it carries is a 429's Retry-After for that channel, to
 * every replica. (Kept to Slack's one a second, it held a thousand answers in one channel for
 * minutes; the approvals channel at ten times the day met 21 × 429 in one run of four without it.)
 */
export const PER_CHANNEL_POSTS: Allowance = { perMinute: 600, burst: 100 };

/**
 * Background work (a job: digests, alerts, reminders) may spend this share of a method: the rest
 * is kept for people, so a command's card is not queued behind a thousand digests' uploads.
 */
const BACKGROUND_SHARE = 0.7;

/** The allowance background work of one method draws from first; undefined when it may spend all. */
export function backgroundShareOf(allowance: Allowance): Allowance | undefined {
  const { perMinute, burst, background } = allowance;
  const share = background ?? BACKGROUND_SHARE;
  if (share >= 1) return undefined;
  return {
    perMinute: perMinute * share,
    burst: Math.max(1, Math.floor(burst * share)),
    ...(allowance.maxWaitMs === undefined ? {} : { maxWaitMs: allowance.maxWaitMs }),
  };
}
