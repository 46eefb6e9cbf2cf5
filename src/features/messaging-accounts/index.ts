// The messaging-accounts feature as the app sees it: register(); no other feature builds on it.
import type { FeatureContext } from '../../feature-context.ts';
import { registerMessagingAccounts } from './listeners.ts';

export type MessagingAccountsPort = Record<string, never>;

export function register(context: FeatureContext): MessagingAccountsPort {
  registerMessagingAccounts(context);
  return {};
}
