// Picks the store the configuration asks for: PostgreSQL when DATABASE_URL is set, otherwise the
// embedded SQLite file at DATABASE_PATH.
import type { Clock } from '../clock.ts';
import type { Logger } from '../log.ts';
import { openSqliteStore } from './sqlite/sqlite-store.ts';
import type { Store } from './store.ts';

export type DatabaseConfig = { url: string | undefined; path: string; poolSize: number };

export async function openStore(config: DatabaseConfig, logger: Logger, clock?: Clock): Promise<Store> {
  if (config.url !== undefined) {
    // Loaded only when asked for: the driver and its modules are start-up time an SQLite deployment
    // would pay for nothing. It logs where it connected itself (host, port, database — never the URL).
    const { openPostgresStore } = await import('./postgres/postgres-store.ts');
    return openPostgresStore({
      url: config.url,
      poolSize: config.poolSize,
      logger,
      ...(clock === undefined ? {} : { clock }),
    });
  }
  const store = await openSqliteStore(
    clock === undefined ? { path: config.path } : { path: config.path, clock },
  );
  logger.info({ store: 'sqlite', path: config.path }, 'store opened');
  return store;
}
