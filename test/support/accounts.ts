// An account as the accounts list shows it: only the allowlisted fields of the API's record.
import type { AccountSummary } from '../../src/accounts/account-text.ts';
import { MESSAGING_ACCOUNT_ALLOWLIST, pickAllowed } from '../../src/secrets/index.ts';
import type { SimMessagingAccount } from '../../src/sim/mgmt/index.ts';

export function summaryOf(record: SimMessagingAccount, tokenMask?: string): AccountSummary {
  const account = pickAllowed(record, MESSAGING_ACCOUNT_ALLOWLIST);
  return tokenMask === undefined ? { account } : { account, tokenMask };
}
