// The index-names feature as the app sees it: register() wires the service (the names a team gave
// its indexes), the remembering of indexes created, and the listeners, and returns the service
// every feature that takes an index builds on. Registered before those features; app.ts passes it
// in `uses`.
import type { FeatureContext } from '../../feature-context.ts';
import { optionsAnswerer, registerIndexListeners } from './listeners.ts';
import { rememberCreatedIndexes } from './remembering.ts';
import { createIndexNamesService, type IndexNamesService } from './service.ts';

export type { IndexNamesService } from './service.ts';
export type { ListedIndex } from './views.ts';

export function register(context: FeatureContext): IndexNamesService {
  const logger = context.logger.child({ feature: 'index-names' });
  const service = createIndexNamesService({
    store: context.store,
    clock: context.clock,
    logger,
    commandName: context.commandName,
    answerOptions: optionsAnswerer(context.app),
  });
  registerIndexListeners(
    { router: context.router, membership: context.policy.membership, userTimeZone: context.userTimeZone },
    service,
    service.rememberingReads(context.mgmt),
  );
  rememberCreatedIndexes(context, service, logger);
  return service;
}
