// Wording shared by the cards, modals and messages: dates, states, limits in words.

import type { LimitsSummary, RequestState } from '../../../store/index.ts';
import { formatBytes, formatExact } from '../../../text/numbers.ts';
import { utcStamp } from '../../../time/words.ts';

/**
 * A date each reader sees in their own time zone (Slack's date token), with a UTC fallback for
 * clients that can't render it.
 */
export function slackDate(ms: number): string {
  return `<!date^${Math.floor(ms / 1000)}^{date_short_pretty} at {time}|${utcStamp(ms)}>`;
}

export const STATE_LABEL: Record<RequestState, string> = {
  pending: 'pending',
  approved: 'approved',
  creating: 'creating',
  created: 'created',
  failed: 'failed',
  rejected: 'rejected',
  expired: 'expired',
};

export const STATE_EMOJI: Record<RequestState, string> = {
  pending: ':hourglass_flowing_sand:',
  approved: ':white_check_mark:',
  creating: ':gear:',
  created: ':white_check_mark:',
  failed: ':warning:',
  rejected: ':no_entry_sign:',
  expired: ':zzz:',
};

/** The emoji and the word for a request's state, as the card, the list and Home show them. */
export function stateWords(state: RequestState): { emoji: string; label: string } {
  return { emoji: STATE_EMOJI[state], label: STATE_LABEL[state] };
}

const PLAN_LABEL: Record<string, string> = { free: 'free', payg: 'payg (pay as you go)' };

export function planLabel(plan: string): string {
  return PLAN_LABEL[plan] ?? plan;
}

/** The limits copied out of the create response: exactly these keys, nothing else (an allowlist). */
export const LIMIT_KEYS = [
  'max_vector_count',
  'max_daily_queries',
  'max_daily_updates',
  'max_monthly_reranks',
  'max_monthly_bandwidth',
  'max_query_per_second',
  'max_writes_per_second',
  'max_reads_per_request',
  'max_writes_per_request',
] as const;

type LimitKey = (typeof LIMIT_KEYS)[number];

// Spec 2.2 / 8: -1 means unlimited for exactly these four.
const MAY_BE_UNLIMITED = new Set<LimitKey>([
  'max_daily_queries',
  'max_daily_updates',
  'max_monthly_reranks',
  'max_monthly_bandwidth',
]);

const LIMIT_WORDING: Record<LimitKey, { label: string; unit: (n: string) => string }> = {
  max_vector_count: { label: 'Vectors', unit: (n) => `up to ${n}` },
  max_daily_queries: { label: 'Queries', unit: (n) => `${n} per day` },
  max_daily_updates: { label: 'Updates', unit: (n) => `${n} per day` },
  max_monthly_reranks: { label: 'Reranks', unit: (n) => `${n} per month` },
  max_monthly_bandwidth: { label: 'Bandwidth', unit: (n) => `${n} per month` },
  max_query_per_second: { label: 'Query rate', unit: (n) => `${n} per second` },
  max_writes_per_second: { label: 'Write rate', unit: (n) => `${n} per second` },
  max_reads_per_request: { label: 'Reads per request', unit: (n) => `up to ${n}` },
  max_writes_per_request: { label: 'Writes per request', unit: (n) => `up to ${n}` },
};

/** One line per known limit, in words: "Queries: unlimited", "Bandwidth: 10.7 GB per month". */
export function limitLines(limits: LimitsSummary): string[] {
  const lines: string[] = [];
  for (const key of LIMIT_KEYS) {
    const value = limits[key];
    if (typeof value !== 'number') continue;
    const wording = LIMIT_WORDING[key];
    if (value === -1 && MAY_BE_UNLIMITED.has(key)) {
      lines.push(`${wording.label}: unlimited`);
      continue;
    }
    const amount = key === 'max_monthly_bandwidth' ? formatBytes(value) : formatExact(Math.round(value));
    lines.push(`${wording.label}: ${wording.unit(amount)}`);
  }
  return lines;
}
