// How opsbot comes to know an index: every successful stats read, whoever makes it (a command, a
// watch, a digest, Home), and every search index created through an approval, under its own name.
import type { StatsReader } from '../../api/shared-reads.ts';
import type { ChangeFeed } from '../../changes.ts';
import { errField } from '../../errors.ts';
import type { Logger } from '../../log.ts';
import type { Store } from '../../store/index.ts';
import type { WorkTracker } from '../../work-tracker.ts';
import type { IndexNamesService } from './service.ts';

/** `reader` with every successful stats read remembered: the one place reads are recorded. */
export function rememberingReads<T extends StatsReader>(
  reader: T,
  service: Pick<IndexNamesService, 'remember'>,
  logger: Pick<Logger, 'warn'>,
): T {
  return new Proxy(reader, {
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
}

/**
 * A search index created through an approval is known from then on, under its own name. The store
 * tells the change feed of every request transition; the created one carries the index.
 */
export function rememberCreatedIndexes(
  { changes, work, store }: { changes: ChangeFeed; work: WorkTracker; store: Pick<Store, 'getRequest'> },
  service: Pick<IndexNamesService, 'rememberCreated'>,
  logger: Pick<Logger, 'warn'>,
): void {
  changes.subscribe((change) => {
    if (change.kind !== 'request') return;
    void work
      .run(async () => {
        const request = await store.getRequest(change.requestId);
        if (request?.state === 'created' && request.result !== null && request.result !== undefined)
          await service.rememberCreated(request.result.indexId, request.name);
      })
      .catch((error: unknown) =>
        logger.warn({ event: 'index_not_remembered', err: errField(error) }, 'created index not remembered'),
      );
  });
}
