// Which messaging accounts need attention, for every list that calls them out (the digest, the
// Workflow Builder summary). The API reports each account's limits but not its usage, so "needs
// attention" is about state: a change in progress (e.g. a suspension), a state opsbot does not
// know, or an `active` flag that disagrees with the state.
import type { ShownMessagingAccount } from '../secrets/index.ts';
import { type AccountSummary, stateTone } from './account-text.ts';

/** How bad the account's state is (0 worst), or undefined when it needs nothing. */
function attentionRank(a: ShownMessagingAccount): number | undefined {
  const tone = stateTone(a);
  if (tone === 'changing') return a.modifying_state === 'suspended' ? 0 : 1;
  if (tone === 'unknown') return 2;
  if ((a.state === 'active') !== a.active) return 3;
  return undefined;
}

/** The accounts needing attention, the worst first. */
export function accountsNeedingAttention(summaries: readonly AccountSummary[]): AccountSummary[] {
  return summaries
    .map((summary) => ({ summary, rank: attentionRank(summary.account) }))
    .filter((x): x is { summary: AccountSummary; rank: number } => x.rank !== undefined)
    .sort((x, y) => x.rank - y.rank)
    .map((x) => x.summary);
}
