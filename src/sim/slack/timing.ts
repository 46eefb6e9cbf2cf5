import { asRecord, readReference } from './reference.ts';

const doc = asRecord(readReference('timing-and-rate-limits.json')) ?? {};

function numbersIn(section: string, key: string): number[] {
  const text = String(asRecord(doc[section])?.[key] ?? '');
  const numbers = [...text.matchAll(/\d+/g)].map((m) => Number(m[0]));
  if (numbers.length === 0)
    throw new Error(`timing-and-rate-limits.json has no numbers in ${section}.${key}`);
  return numbers;
}

const [triggerSeconds = 3] = numbersIn('trigger_id', 'validity');
// "up to 5 responses within 30 minutes of the invocation"
const [responseUses = 5, responseMinutes = 30] = numbersIn('response_url', 'validity');
// "... must get an HTTP 200 within 3 s (3000 ms) ...": the figure in milliseconds.
const ackMs = numbersIn('ack', 'rule').find((n) => n >= 1000) ?? 3000;

export const TIMING = {
  triggerTtlMs: triggerSeconds * 1000,
  responseUrlUses: responseUses,
  responseUrlTtlMs: responseMinutes * 60_000,
  /** How long Slack waits for the answer to a command, an interaction or an options request. */
  ackMs,
} as const;

const rateLimits = asRecord(doc.rate_limits) ?? {};

/** "Tier 3" -> 50 calls per minute, read from the reference's tier table. */
export function tierPerMinute(tier: string): number | undefined {
  const text = asRecord(rateLimits.tiers)?.[tier];
  const match = typeof text === 'string' ? /(\d+)\+? per minute/.exec(text) : null;
  return match ? Number(match[1]) : undefined;
}

/** The tier label of a method ("Tier 4", "Special (t5)"…) as the reference records it. */
export function methodTier(method: string): string | undefined {
  const value = asRecord(rateLimits.methods)?.[method];
  return typeof value === 'string' ? value : undefined;
}
