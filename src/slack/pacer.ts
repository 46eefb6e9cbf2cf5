// Keeps the digest fan-out inside Slack's posting limits: chat.postMessage allows about one message
// per second per channel plus an undocumented workspace-wide limit ("several hundred per minute").
// A token bucket holds the workspace rate; each channel also waits a second after its last post.
// It runs on real time, not the injected clock: rate limits are about wall time on Slack's side.

type PacerOptions = {
  /** Workspace-wide posts per minute once the burst is spent. */
  perMinute: number;
  /** Posts allowed back to back. */
  burst: number;
  /** Gap between two posts in one channel. */
  perChannelGapMs: number;
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
};

/**
 * Slack documents "several hundred messages per minute" per workspace with "generous burst
 * behaviour". A daily fan-out is one burst a day, so it may spend a large burst (150) and then
 * holds 600/min — the top of "several hundred" — rather than stretching 200 channels over a minute.
 */
export const DEFAULT_PACING: PacerOptions = { perMinute: 600, burst: 150, perChannelGapMs: 1_100 };

/**
 * A Tier 4 method's budget (100+ a minute per app, a burst allowed), kept a little under the tier
 * so that the app is not answered 429: past it, calls wait their turn instead.
 */
export const UNDER_TIER_4: PacerOptions = { perMinute: 95, burst: 90, perChannelGapMs: 0 };

export type Pacer = {
  /** Resolves when a post to `channel` may go; rejects with the signal's reason when aborted. */
  take(channel: string, signal?: AbortSignal): Promise<void>;
  /** Turns that would go at once now (the workspace budget left, whole and fractional). */
  spare(): number;
};

export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export function createPacer(options: PacerOptions): Pacer {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? abortableSleep;
  const perMs = options.perMinute / 60_000;
  let tokens = options.burst;
  let last = now();
  const lastPost = new Map<string, number>();
  /** Posts to one channel go one after another; each channel waits for its own gap only. */
  const channelTurns = new Map<string, Promise<void>>();
  // The workspace's tokens are handed out in order, so a late channel cannot be starved by newer ones.
  let tokenQueue: Promise<void> = Promise.resolve();

  const refill = () => {
    const t = now();
    tokens = Math.min(options.burst, tokens + (t - last) * perMs);
    last = t;
  };

  const takeToken = async (signal?: AbortSignal) => {
    for (refill(); tokens < 1; refill()) await sleep(Math.ceil((1 - tokens) / perMs), signal);
    tokens -= 1;
  };

  const takeTurn = async (channel: string, signal?: AbortSignal) => {
    // The channel's gap is waited out before queueing for a token: two posts to one channel must
    // not hold up the posts to every other channel behind them.
    const gapLeft = (lastPost.get(channel) ?? Number.NEGATIVE_INFINITY) + options.perChannelGapMs - now();
    if (gapLeft > 0) await sleep(gapLeft, signal);
    const token = tokenQueue.then(() => takeToken(signal));
    tokenQueue = token.catch(() => {});
    await token;
    lastPost.set(channel, now());
    forgetPastGaps();
  };

  // A channel whose gap has passed needs no entry: the map holds the channels posted to lately,
  // not every channel ever posted to. Swept when it doubles, so the sweep costs O(1) per post.
  let sweepAt = 1_000;
  const forgetPastGaps = () => {
    if (lastPost.size < sweepAt) return;
    const t = now();
    for (const [c, at] of lastPost) if (t - at >= options.perChannelGapMs) lastPost.delete(c);
    sweepAt = Math.max(1_000, lastPost.size * 2);
  };

  return {
    spare() {
      refill();
      return tokens;
    },
    take(channel, signal) {
      const turn = (channelTurns.get(channel) ?? Promise.resolve()).then(() => takeTurn(channel, signal));
      const settled = turn.catch(() => {});
      channelTurns.set(channel, settled);
      // Forget a channel once its last turn is done, so the map holds only channels in use.
      void settled.then(() => {
        if (channelTurns.get(channel) === settled) channelTurns.delete(channel);
      });
      return turn;
    },
  };
}
