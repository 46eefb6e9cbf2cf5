// The messaging-accounts feature as the app sees it: register() wires the listeners and returns the
// service the digests, the workflow steps and MCP build on.
import type { FeatureContext } from '../../feature-context.ts';
import { ACTION } from './ids.ts';
import { registerMessagingAccounts } from './listeners.ts';
import { createMessagingAccountsService, type MessagingAccountsService } from './service.ts';

export type { MessagingAccountsService } from './service.ts';

export function register(context: FeatureContext): MessagingAccountsService {
  context.policy.protect({ actions: { [ACTION.showMore]: 'accounts', [ACTION.share]: 'accounts' } });
  const service = createMessagingAccountsService(context.mgmt);
  registerMessagingAccounts(context, service);
  return service;
}
