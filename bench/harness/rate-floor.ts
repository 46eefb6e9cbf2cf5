// The floor of items 6 and 7: how soon Slack's published rate limits would let the digests (or the
// alerts) be posted, given the calls they needed. Each budget is taken on its own and full at the
// start — chat.postMessage's per channel (about 1 a second, with the short burst the simulator
// grants), every other method's tier per app (Tier 4: 100 a minute, a minute's worth at once) —
// and the floor is the budget that takes longest: a lower bound, since the posts also share the
// tiers with everything else the app does. chat.postMessage's workspace-wide limit has no
// published figure ("several hundred per minute"), so it is in the floor only when one is given
// (the second floor the rows show: the figure the app's pacer assumes). The per-method budgets are
// the simulator's, read from the recorded reference of Slack's tiers.
import { limitFor } from '../../src/sim/slack/rate-limits.ts';

/** A workspace-wide budget for chat.postMessage: a burst, then a rate. */
export type WorkspacePosts = { perMinute: number; burst: number };

/** One call the work needed: its method and, for chat.postMessage, its channel. */
export type NeededCall = { method: string; channel?: string };

export type RateFloor = {
  ms: number;
  /** The budget that sets the floor ("files.completeUploadExternal", "chat.postMessage in C…"). */
  boundBy: string;
  calls: number;
};

/**
 * The least each of these calls could have waited, in the order they were asked: the queue the
 * method's tier drains (full at the start), for calls nothing else competes with. Item 6 judges
 * first Home tabs beside it: no app can publish them sooner than views.publish's tier lets it.
 */
export function queueFloor(method: string, askedAt: readonly number[]): number[] {
  const limit = limitFor(method);
  if (limit === undefined) return askedAt.map(() => 0);
  const order = askedAt.map((at, i) => ({ at, i })).sort((a, b) => a.at - b.at);
  const waits = new Array<number>(askedAt.length).fill(0);
  let tokens = limit.capacity;
  let clock = order[0]?.at ?? 0;
  for (const { at, i } of order) {
    // Served in the order asked: nobody starts before the one ahead of them.
    const t = Math.max(at, clock);
    tokens = Math.min(limit.capacity, tokens + (t - clock) * limit.perMs);
    const start = tokens >= 1 ? t : t + (1 - tokens) / limit.perMs;
    tokens = tokens >= 1 ? tokens - 1 : 0;
    clock = start;
    waits[i] = start - at;
  }
  return waits;
}

export function rateFloor(calls: readonly NeededCall[], workspace?: WorkspacePosts): RateFloor {
  const counts = new Map<string, { method: string; n: number }>();
  for (const call of calls) {
    const key = call.method === 'chat.postMessage' ? `${call.method} in ${call.channel}` : call.method;
    const entry = counts.get(key) ?? { method: call.method, n: 0 };
    entry.n++;
    counts.set(key, entry);
  }
  let floor: RateFloor = {
    ms: 0,
    boundBy: 'nothing (every budget holds the calls at once)',
    calls: calls.length,
  };
  for (const [key, { method, n }] of counts) {
    const limit = limitFor(method);
    if (limit === undefined) continue;
    const ms = Math.max(0, n - limit.capacity) / limit.perMs;
    if (ms > floor.ms) floor = { ms, boundBy: `${key} (${n} calls)`, calls: calls.length };
  }
  const posts = calls.filter((c) => c.method === 'chat.postMessage').length;
  if (workspace !== undefined) {
    const ms = Math.max(0, posts - workspace.burst) / (workspace.perMinute / 60_000);
    if (ms > floor.ms)
      floor = { ms, boundBy: `chat.postMessage workspace-wide (${posts} posts)`, calls: calls.length };
  }
  return floor;
}
