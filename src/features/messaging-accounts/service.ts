// What the feature does: list the accounts and keep only what may be shown. Credentials are dropped
// here, before anything reaches a view, a log line or a button.

import type { AccountSummary } from '../../accounts/account-text.ts';
import type { ManagementClient } from '../../api/index.ts';
import { MESSAGING_ACCOUNT_ALLOWLIST, pickAllowed } from '../../secrets/index.ts';

type AccountsSource = Pick<ManagementClient, 'listMessagingAccounts'>;

type ListOptions = {
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
): Promise<AccountSummaries> {
  const { accounts, unreadable } = await source.listMessagingAccounts();
  const summaries = accounts.map((record): AccountSummary => {
    const account = pickAllowed(record, MESSAGING_ACCOUNT_ALLOWLIST);
    // Only the mask the API boundary kept; the token itself never got this far.
    const tokenMask = record.secretHints.token;
    return options.tokenHint === false || tokenMask === undefined ? { account } : { account, tokenMask };
  });
  summaries.sort(
    (x, y) =>
      (x.account.customer_id ?? '').localeCompare(y.account.customer_id ?? '') ||
      (x.account.id < y.account.id ? -1 : x.account.id > y.account.id ? 1 : 0),
  );
  return { summaries, unreadable };
}

/** The accounts that could be read, and how many the API sent that couldn't (the log says why). */
type AccountSummaries = { summaries: AccountSummary[]; unreadable: number };

/** What the feature does for the others (the digests, the workflow steps, MCP) and its own listeners. */
export function createMessagingAccountsService(mgmt: AccountsSource) {
  return {
    /** Every account, allowlisted (credentials never in it), in a stable order. */
    summaries: (options?: ListOptions): Promise<AccountSummaries> => listAccountSummaries(mgmt, options),
  };
}

export type MessagingAccountsService = ReturnType<typeof createMessagingAccountsService>;
