// What the feature does: list the accounts and keep only what may be shown. Credentials are dropped
// here, before anything reaches a view, a log line or a button.
import type { ManagementClient } from '../../api/index.ts';
import { MESSAGING_ACCOUNT_ALLOWLIST, maskSecret, pickAllowed } from '../../secrets/index.ts';
import type { AccountSummary } from './account-text.ts';

export type AccountsSource = Pick<ManagementClient, 'listMessagingAccounts'>;

export type ListOptions = {
  /** Show "token ••••ab12" so a person can tell which credential an account holds. Default true. */
  tokenHint?: boolean;
};

/**
 * The accounts, allowlisted, in a stable order (by customer, then id): the API promises no order,
 * and "Show more" refers to positions in this list.
 */
export async function listAccountSummaries(
  source: AccountsSource,
  options: ListOptions = {},
): Promise<AccountSummary[]> {
  const records = await source.listMessagingAccounts();
  const summaries = records.map((record): AccountSummary => {
    const account = pickAllowed(record, MESSAGING_ACCOUNT_ALLOWLIST);
    const token = typeof record.token === 'string' ? record.token : '';
    return options.tokenHint === false || token === ''
      ? { account }
      : { account, tokenMask: maskSecret(token) };
  });
  return summaries.sort(
    (x, y) =>
      x.account.customer_id.localeCompare(y.account.customer_id) ||
      (x.account.id < y.account.id ? -1 : x.account.id > y.account.id ? 1 : 0),
  );
}
