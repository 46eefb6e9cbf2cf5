// Shared by the messaging-accounts unit and e2e tests: read blocks the way a person reads them.
import type { AccountSummary } from '../../../src/features/messaging-accounts/account-text.ts';
import { MESSAGING_ACCOUNT_ALLOWLIST, pickAllowed } from '../../../src/secrets/index.ts';
import type { SimMessagingAccount } from '../../../src/sim/mgmt/index.ts';

/** Every text in the blocks (sections, fields, context, buttons), one per line. */
export function textOf(blocks: unknown): string {
  const out: string[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) for (const item of node) visit(item);
    else if (node !== null && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === 'text' && typeof value === 'string') out.push(value);
        else visit(value);
      }
    }
  };
  visit(blocks);
  return out.join('\n');
}

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

/** Polls until `get` returns something, or fails with `what` after `ms`. */
export async function until<T>(get: () => T | undefined, what: string, ms = 5000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = get();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export function summaryOf(record: SimMessagingAccount, tokenMask?: string): AccountSummary {
  const account = pickAllowed(record, MESSAGING_ACCOUNT_ALLOWLIST);
  return tokenMask === undefined ? { account } : { account, tokenMask };
}
