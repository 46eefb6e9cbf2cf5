// Which messaging accounts a digest calls out (src/accounts/attention.ts decides which), and which
// pending requests it lists.

import type { AccountSummary } from '../../accounts/account-text.ts';
import { apiText, planText, stateText } from '../../accounts/account-text.ts';
import { accountsNeedingAttention as needingAttention } from '../../accounts/attention.ts';
import type { IndexRequest } from '../../store/index.ts';

export type AccountAttention = {
  /** mrkdwn, already escaped. */
  line: string;
};

/** The digest's line for each account needing attention, the worst first. */
export function accountsNeedingAttention(summaries: readonly AccountSummary[]): AccountAttention[] {
  return needingAttention(summaries).map(({ account }) => ({
    line: `*${apiText(account.customer_id, 60)}* (\`${apiText(account.id, 40).replace(/`/g, 'ˋ')}\`, ${planText(account)}): ${stateText(account)}`,
  }));
}

export type PendingRequestLine = {
  id: number;
  name: string;
  region: string;
  plan: string;
  requesterId: string;
  ageMs: number;
};

/** Pending requests that have not yet expired, oldest first (the longest wait matters most). */
export function pendingRequestLines(requests: readonly IndexRequest[], now: number): PendingRequestLine[] {
  return requests
    .filter((r) => r.state === 'pending' && r.expiresAt > now)
    .sort((a, b) => a.createdAt - b.createdAt || a.id - b.id)
    .map((r) => ({
      id: r.id,
      name: r.name,
      region: r.region,
      plan: r.plan,
      requesterId: r.requesterId,
      ageMs: Math.max(0, now - r.createdAt),
    }));
}
