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

/** What a list that calls them out says when none does. */
export const noneNeedsAttention = (accounts: number) =>
  `None of the ${accounts} messaging accounts needs attention.`;

/** Why the account needs attention, as plain text (a workflow's variables are not mrkdwn). */
function attentionReason(a: ShownMessagingAccount): string {
  const modifying = a.modifying_state?.trim() ?? '';
  if (modifying === 'suspended') return 'suspension in progress';
  if (modifying !== '') return `change in progress (${plainText(modifying, 30)})`;
  if (stateTone(a) === 'unknown')
    return a.state === undefined ? 'state not reported' : `unknown state ${plainText(a.state, 30)}`;
  return `state ${plainText(a.state ?? '', 30)} but its active flag is ${a.active ? 'on' : 'off'}`;
}

/** `acme (acc-1): suspension in progress`: one plain line, API text flattened and cut short. */
export function attentionLine({ account }: AccountSummary): string {
  const customer =
    account.customer_id === undefined ? 'customer not reported' : plainText(account.customer_id, 60);
  return `${customer} (${plainText(account.id, 40)}): ${attentionReason(account)}`;
}

function plainText(value: string, max: number): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we flatten
  const line = value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return line.length <= max ? line : `${line.slice(0, max - 1)}…`;
}
