// Shared by the messaging-accounts unit and e2e tests: read blocks the way a person reads them.
import type { AccountSummary } from '../../../src/accounts/account-text.ts';
import { MESSAGING_ACCOUNT_ALLOWLIST, pickAllowed } from '../../../src/secrets/index.ts';
import type { SimMessagingAccount } from '../../../src/sim/mgmt/index.ts';
import { textOf } from '../../support/blocks.ts';

export { textOf };

import { until } from '../../support/poll.ts';

export { until };

export type Button = { action_id: string; value?: string; text: string };

export function buttonsIn(blocks: unknown): Button[] {
  const found: Button[] = [];
  for (const block of Array.isArray(blocks) ? blocks : []) {
    for (const el of (block as { elements?: unknown[] }).elements ?? []) {
      const e = el as { type?: string; action_id?: string; value?: string; text?: { text?: string } };
      if (e.type === 'button' && e.action_id !== undefined) {
        found.push({
          action_id: e.action_id,
          text: e.text?.text ?? '',
          ...(e.value === undefined ? {} : { value: e.value }),
        });
      }
    }
  }
  return found;
}

export function summaryOf(record: SimMessagingAccount, tokenMask?: string): AccountSummary {
  const account = pickAllowed(record, MESSAGING_ACCOUNT_ALLOWLIST);
  return tokenMask === undefined ? { account } : { account, tokenMask };
}
