// The indexes feature as the app sees it: the names a team gave its indexes, and the port every
// feature that takes an index builds on (resolve what was typed, show a name, offer the known
// indexes as you type). Registered before those features; app.ts passes the port in `uses`.
import type { PlainTextOption } from '@slack/types';
import type { StatsReader } from '../../api/shared-reads.ts';
import { errField } from '../../errors.ts';
import type { FeatureContext } from '../../feature-context.ts';
import { answerOptions, registerIndexListeners } from './listeners.ts';
import { labelOf } from './names.ts';
import { createIndexesService } from './service.ts';
import { knownNamesHint } from './views.ts';

export type IndexNamesPort = {
  /** The id a name or an id stands for; throws a UserFacingError naming the known indexes when neither. */
  resolve(nameOrId: string): Promise<string>;
  /** Records a successful read of vector index `id` (the reads through `rememberingReads` do it). */
  remember(id: string, at?: number): Promise<void>;
  /** `*catalog* (`0d6f3f5e…`)`, or the id in code: how messages show an index. */
  label(id: string): Promise<string>;
  /** The index's name, if it has one. */
  nameOf(id: string): Promise<string | undefined>;
  /** "Known names: …", said after "couldn't find vector index …"; empty while no index has a name. */
  knownNamesHint(): Promise<string>;
  /** The option a picker shows for an index already chosen (initial_option). */
  optionOf(id: string): Promise<PlainTextOption>;
  /**
   * Answers the options requests of an `external_select` / `multi_external_select` at this block
   * and action id with the known vector indexes. The element must set `min_query_length: 0`.
   */
  offerIn(where: { blockId: string; actionId: string }): void;
  /** `reader` with every successful stats read remembered: the one place reads are recorded. */
  rememberingReads<T extends StatsReader>(reader: T): T;
};

export function register(context: FeatureContext): IndexNamesPort {
  const logger = context.logger.child({ feature: 'index-names' });
  const service = createIndexesService({
    store: context.store,
    clock: context.clock,
    logger,
    commandName: context.commandName,
  });

  const rememberingReads = <T extends StatsReader>(reader: T): T =>
    new Proxy(reader, {
      get(target, property, receiver) {
        if (property === 'getVectorIndexStats')
          return async (...args: Parameters<StatsReader['getVectorIndexStats']>) => {
            const stats = await target.getVectorIndexStats(...args);
            // Remembering is bookkeeping: the read succeeded whatever the store says.
            await service
              .remember(args[0])
              .catch((error: unknown) =>
                logger.warn(
                  { event: 'index_not_remembered', indexId: args[0], err: errField(error) },
                  'index not remembered',
                ),
              );
            return stats;
          };
        const value: unknown = Reflect.get(target, property, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });

  registerIndexListeners(context, service, rememberingReads(context.mgmt));

  // A search index created through an approval is known from then on, under its own name. The
  // store tells the change feed of every request transition; the created one carries the index.
  context.changes.subscribe((change) => {
    if (change.kind !== 'request') return;
    void context.work
      .run(async () => {
        const request = await context.store.getRequest(change.requestId);
        if (request?.state === 'created' && request.result !== null && request.result !== undefined)
          await service.rememberCreated(request.result.indexId, request.name);
      })
      .catch((error: unknown) =>
        logger.warn({ event: 'index_not_remembered', err: errField(error) }, 'created index not remembered'),
      );
  });

  return {
    resolve: service.resolve,
    remember: service.remember,
    label: async (id) => labelOf(id, await service.nameOf(id)),
    nameOf: service.nameOf,
    knownNamesHint: async () => {
      const names = await service.names();
      return names.length === 0 ? '' : knownNamesHint(names, context.commandName());
    },
    optionOf: service.optionOf,
    offerIn: (where) => answerOptions(context, service, where),
    rememberingReads,
  };
}
