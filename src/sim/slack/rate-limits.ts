import { asRecord, readReference, referenceExists } from './reference.ts';
import { methodTier, tierPerMinute } from './timing.ts';
import type { Args } from './types.ts';

// chat.postMessage is "Special": ~1 message per second per channel with short bursts allowed.
// Slack does not publish the burst size; 5 lets a digest post a few cards back to back.
const POST_MESSAGE_PER_SECOND = 1;
const POST_MESSAGE_BURST = 5;

interface Bucket {
  tokens: number;
  last: number;
  capacity: number;
  perMs: number;
}

/** Tier of a method: timing-and-rate-limits.json first, then the method's own reference (t1..t4). */
function tierOf(method: string): string | undefined {
  const tier = methodTier(method);
  if (tier) return tier;
  const file = `web-api-methods/${method}.json`;
  if (!referenceExists(file)) return undefined;
  const code = asRecord(readReference(file))?.rate_limits;
  const match = typeof code === 'string' ? /^t([1-4])$/.exec(code) : null;
  return match ? `Tier ${match[1]}` : undefined;
}

/** The budget the simulator enforces for a method (the benchmarks compute their floor from it). */
export function limitFor(method: string): { capacity: number; perMs: number } | undefined {
  if (method === 'chat.postMessage') {
    return { capacity: POST_MESSAGE_BURST, perMs: POST_MESSAGE_PER_SECOND / 1000 };
  }
  const tier = tierOf(method);
  const perMinute = tier ? tierPerMinute(tier) : undefined;
  // Tiers allow bursts up to the minute's budget; "Special" methods without a number are not limited.
  return perMinute ? { capacity: perMinute, perMs: perMinute / 60_000 } : undefined;
}

export interface RateLimiter {
  /** Takes one call from the method's budget; returns Retry-After seconds when there is none left. */
  retryAfter(method: string, args: Args, now: number): number | undefined;
  reset(): void;
}

/** A method's budget set by a test instead of its tier: calls a minute, and how many back to back. */
export type RateLimitOverride = { perMinute: number; burst: number };

export function createRateLimiter(overrides: Readonly<Record<string, RateLimitOverride>> = {}): RateLimiter {
  const buckets = new Map<string, Bucket>();
  const budgetOf = (method: string) => {
    const override = overrides[method];
    return override === undefined
      ? limitFor(method)
      : { capacity: override.burst, perMs: override.perMinute / 60_000 };
  };
  return {
    retryAfter(method, args, now) {
      const key = method === 'chat.postMessage' ? `${method}:${String(args.channel)}` : method;
      let bucket = buckets.get(key);
      if (!bucket) {
        const limit = budgetOf(method);
        if (!limit) return undefined;
        bucket = { tokens: limit.capacity, last: now, ...limit };
        buckets.set(key, bucket);
      }
      bucket.tokens = Math.min(bucket.capacity, bucket.tokens + (now - bucket.last) * bucket.perMs);
      bucket.last = now;
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return undefined;
      }
      return Math.max(1, Math.ceil((1 - bucket.tokens) / bucket.perMs / 1000));
    },
    reset() {
      buckets.clear();
    },
  };
}
