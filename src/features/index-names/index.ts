// The index-names feature as the app sees it: register() wires the service (the names a team gave
// its indexes), the remembering of indexes read or created, and the listeners, and returns the port
// every feature that takes an index builds on (resolve what was typed, show a name, offer the known
// indexes as you type). Registered before those features; app.ts passes the port in `uses`.
import type { PlainTextOption } from '@slack/types';
import type { StatsReader } from '../../api/shared-reads.ts';
import type { FeatureContext } from '../../feature-context.ts';
import { answerOptions, registerIndexListeners } from './listeners.ts';
import type { IndexListing } from './listing.ts';
import { rememberCreatedIndexes, rememberingReads } from './remembering.ts';

export type { ListedIndex } from './views.ts';

import { createIndexesService } from './service.ts';

export type IndexNamesPort = {
  /** The id a name or an id stands for; throws a UserFacingError naming the known indexes when neither. */
  resolve(nameOrId: string): Promise<string>;
  /** Records a successful read of vector index `id` (the reads through `rememberingReads` do it). */
  remember(id: string, at?: number): Promise<void>;
  /** `*catalog* (`0d6f3f5e…`)`, or the id in code: how messages show an index. */
  label(id: string): Promise<string>;
  /** The index's name, if it has one. */
  nameOf(id: string): Promise<string | undefined>;
  /**
   * "Did you mean `idx-1`? Known names: …", said after "couldn't find vector index `typed`": the
   * known ids and names `typed` is near, then the names; empty while opsbot knows neither.
   */
  knownNamesHint(typed?: string): Promise<string>;
  /**
   * The index help's examples name: the most recently used vector index with a name, else the most
   * recently read id; undefined while opsbot knows none.
   */
  exampleIndex(): Promise<string | undefined>;
  /** The option a picker shows for an index already chosen (initial_option). */
  optionOf(id: string): Promise<PlainTextOption>;
  /**
   * Answers the options requests of an `external_select` / `multi_external_select` at this block
   * and action id with the known vector indexes. The element must set `min_query_length: 0`.
   */
  offerIn(where: { blockId: string; actionId: string }): void;
  /** `reader` with every successful stats read remembered: the one place reads are recorded. */
  rememberingReads<T extends StatsReader>(reader: T): T;
  /** What `index list` lists, of the channels `seenBy` says the person may see. */
  list: IndexListing['list'];
};

export function register(context: FeatureContext): IndexNamesPort {
  const logger = context.logger.child({ feature: 'index-names' });
  const service = createIndexesService({
    store: context.store,
    clock: context.clock,
    logger,
    commandName: context.commandName,
  });

  const remembering = <T extends StatsReader>(reader: T): T => rememberingReads(reader, service, logger);
  registerIndexListeners(
    { router: context.router, membership: context.policy.membership, userTimeZone: context.userTimeZone },
    service,
    remembering(context.mgmt),
  );
  rememberCreatedIndexes(context, service, logger);

  return {
    resolve: service.resolve,
    remember: service.remember,
    label: service.label,
    nameOf: service.nameOf,
    knownNamesHint: service.knownNamesHint,
    exampleIndex: service.exampleIndex,
    optionOf: service.optionOf,
    offerIn: (where) => answerOptions(context.app, service, where),
    rememberingReads: remembering,
    list: service.list,
  };
}
