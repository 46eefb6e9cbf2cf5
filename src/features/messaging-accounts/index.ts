// The messaging-accounts feature as the app sees it: register() and the port the digests build on.
import type { FeatureContext } from '../../feature-context.ts';
import { ACTION_SHARE, ACTION_SHOW_MORE } from './ids.ts';
import { registerMessagingAccounts } from './listeners.ts';
import { type AccountSummaries, type ListOptions, listAccountSummaries } from './service.ts';

export type MessagingAccountsPort = {
  /** Every account, allowlisted (credentials never in it), in a stable order. */
  summaries(options?: ListOptions): Promise<AccountSummaries>;
};

export function register(context: FeatureContext): MessagingAccountsPort {
  context.policy.protect({ actions: { [ACTION_SHOW_MORE]: 'accounts', [ACTION_SHARE]: 'accounts' } });
  registerMessagingAccounts(context);
  return { summaries: (options) => listAccountSummaries(context.mgmt, options) };
}
