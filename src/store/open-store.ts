// Picks the store the configuration asks for: PostgreSQL when DATABASE_URL is set, otherwise the
// embedded SQLite file at DATABASE_PATH.
import type { Clock } from '../clock.ts';
import type { Logger } from '../log.ts';
import { openSqliteStore } from './sqlite/sqlite-store.ts';
import type { Store } from './store.ts';

export type DatabaseConfig = { url: string | undefined; path: string; poolSize: number };

export async function openStore(config: DatabaseConfig, logger: Logger, clock?: Clock): Promise<Store> {
  if (config.url !== undefined) {
    // The URL may carry a password: the message must not echo it.
    throw new Error(
      'DATABASE_URL is set, but the PostgreSQL store is not available in this version yet; ' +
        'unset DATABASE_URL to use the embedded SQLite store (DATABASE_PATH)',
    );
  }
  const store = await openSqliteStore(
    clock === undefined ? { path: config.path } : { path: config.path, clock },
  );
  logger.info({ store: 'sqlite', path: config.path }, 'store opened');
  return store;
}
