// Which messaging accounts a digest calls out, and which pending requests it lists. The API reports
// each account's limits but not its usage, so "needs attention" is about state: a change in
// progress (e.g. a suspension), a state opsbot does not know, or an `active` flag that disagrees
// with the state.

import type { AccountSummary } from '../../accounts/account-text.ts';
import { apiText, planText, stateText, stateTone } from '../../accounts/account-text.ts';
import type { ShownMessagingAccount } from '../../secrets/index.ts';
import type { IndexRequest } from '../../store/index.ts';

export type AccountAttention = {
  /** mrkdwn, already escaped. */
  line: string;
  /** Sorts the worst first. */
  rank: number;
};

function reasonRank(a: ShownMessagingAccount): number | undefined {
  const tone = stateTone(a);
  if (tone === 'changing') return a.modifying_state === 'suspended' ? 0 : 1;
  if (tone === 'unknown') return 2;
  if ((a.state === 'active') !== a.active) return 3;
  return undefined;
}

export function accountsNeedingAttention(summaries: readonly AccountSummary[]): AccountAttention[] {
  const out: AccountAttention[] = [];
  for (const { account } of summaries) {
    const rank = reasonRank(account);
    if (rank === undefined) continue;
    out.push({
      rank,
      line: `*${apiText(account.customer_id, 60)}* (\`${apiText(account.id, 40).replace(/`/g, 'ˋ')}\`, ${planText(account)}): ${stateText(account)}`,
    });
  }
  return out.sort((x, y) => x.rank - y.rank);
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

/** `5 min`, `3 h`, `2 d 4 h`. */
export function ageInWords(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 60) return `${Math.max(1, minutes)} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h`;
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  return rest === 0 ? `${days} d` : `${days} d ${rest} h`;
}
