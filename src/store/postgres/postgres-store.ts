// The store for real deployments: PostgreSQL through a pg connection pool, shared by any number of
// replicas. Conditional writes rely on row locks and unique constraints in the database, never on
// anything held in one process, so two replicas behave like two callers of one SQLite store.
import pg from 'pg';
import { type Clock, systemClock } from '../../clock.ts';
import { within } from '../../limiter.ts';
import type { Logger } from '../../log.ts';
import { approvalMethods } from '../approvals.ts';
import { digestMethods } from '../digests.ts';
import { SchemaTooNewError } from '../guards.ts';
import { indexMethods } from '../indexes.ts';
import { mcpTokenMethods } from '../mcp-tokens.ts';
import { applyMigrations } from '../migrations.ts';
import { requestMethods } from '../requests.ts';
import { stepMethods } from '../steps.ts';
import type { Store } from '../store.ts';
import type { StoreHealth } from '../types.ts';
import { watchMethods } from '../watches.ts';
import { createDb, DatabaseUnavailableError, describeError, isConnectionError } from './db.ts';
import { assertSchemaName, postgresMigrations } from './migrations.ts';
import { postgresBudget } from './slack-budget.ts';
import { type DatabaseTarget, DatabaseUrlError, describeTarget, parseDatabaseUrl } from './url.ts';

export type PostgresStoreOptions = {
  /** postgres://user:password@host:port/database[?sslmode=require…]; see url.ts for TLS. */
  url: string;
  /** Connections this process opens at most. */
  poolSize: number;
  logger: Logger;
  clock?: Clock;
  /** Keep the tables in this schema (created if missing) instead of the connection's default one. */
  schema?: string;
  /** How the connections show up in pg_stat_activity. */
  applicationName?: string;
  /** How long a call waits for a connection, new or from a busy pool, before failing. */
  connectTimeoutMs?: number;
};

const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
const HEALTH_TIMEOUT_MS = 2_000;
// Idle connections are closed after a while, so a replica that has gone quiet holds none open.
const IDLE_TIMEOUT_MS = 30_000;

export async function openPostgresStore(options: PostgresStoreOptions): Promise<Store> {
  const { logger, poolSize } = options;
  const clock = options.clock ?? systemClock;
  if (options.schema !== undefined) assertSchemaName(options.schema);
  if (!Number.isInteger(poolSize) || poolSize < 1)
    throw new Error(`poolSize must be at least 1, got ${poolSize}`);
  const url = parseDatabaseUrl(options.url);
  const { target, password } = url;
  const where = describeTarget(target);

  // The schema goes into search_path as a start-up option, so every pooled connection, including
  // one opened after a reconnect, finds the tables without an extra round trip.
  const serverOptions = [
    url.options,
    options.schema === undefined ? undefined : `-c search_path=${options.schema}`,
  ]
    .filter((o) => o !== undefined && o !== '')
    .join(' ');
  const pool = new pg.Pool({
    connectionString: url.connectionString,
    ssl: url.ssl,
    ...(url.sslNegotiation === undefined ? {} : { sslnegotiation: url.sslNegotiation }),
    ...(serverOptions === '' ? {} : { options: serverOptions }),
    application_name: options.applicationName ?? 'opsbot',
    max: poolSize,
    connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    idleTimeoutMillis: IDLE_TIMEOUT_MS,
    keepAlive: true,
  });
  // An idle connection the server drops (restart, failover, pg_terminate_backend) is reported here;
  // the pool has already discarded it. Unhandled, this event would crash the process.
  pool.on('error', (error) => {
    logger.warn(
      { store: 'postgres', target: where, error: describeError(error, password) },
      'lost an idle database connection; the next call opens a new one',
    );
  });

  const db = createDb(pool, target, password, logger);
  try {
    const applied = await applyMigrations(db, clock(), postgresMigrations(options.schema));
    if (applied.length > 0)
      logger.info({ store: 'postgres', target: where, versions: applied }, 'database migrated');
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw startupError(error, target, password);
  }
  logger.info(
    { store: 'postgres', target: where, poolSize, tls: url.ssl !== false, schema: options.schema ?? null },
    'store opened',
  );

  let closing: Promise<void> | undefined;
  return {
    ...requestMethods(db),
    ...approvalMethods(db),
    ...digestMethods(db, clock),
    ...watchMethods(db),
    ...indexMethods(db),
    ...stepMethods(db),
    ...mcpTokenMethods(db),
    slackBudget: postgresBudget(db),
    health: () => (closing === undefined ? health(pool, target, password) : closedHealth()),
    close: () => {
      closing ??= pool.end();
      return closing;
    },
  };
}

async function closedHealth(): Promise<StoreHealth> {
  return { ok: false, detail: 'the store is closed' };
}

async function health(pool: pg.Pool, target: DatabaseTarget, password: string): Promise<StoreHealth> {
  // An idle connection the server or network dropped is only found out when used; like a read, the
  // probe tries once more on a fresh one, so a database that is back is not reported as down.
  const ping = () => pool.query('SELECT 1');
  try {
    const retried = ping().catch((error) => (isConnectionError(error) ? ping() : Promise.reject(error)));
    if ((await within(retried, HEALTH_TIMEOUT_MS, 'late')) === 'late')
      throw new Error(`no answer within ${HEALTH_TIMEOUT_MS} ms`);
    return { ok: true };
  } catch (error) {
    return {
      ok: false,
      detail: `PostgreSQL at ${describeTarget(target)} is not answering: ${describeError(error, password)}`,
    };
  }
}

function startupError(error: unknown, target: DatabaseTarget, password: string): Error {
  if (error instanceof SchemaTooNewError || error instanceof DatabaseUrlError) return error;
  const cause = error instanceof DatabaseUnavailableError ? error.cause : error;
  const detail = describeError(cause, password);
  const where = describeTarget(target);
  if (isConnectionError(cause)) {
    return new DatabaseUnavailableError(
      `cannot reach PostgreSQL at ${target.host}:${target.port} (database "${target.database}"): ${detail}; ` +
        'check DATABASE_URL and that the database is running',
      { cause },
    );
  }
  return new Error(`cannot open the PostgreSQL store at ${where}: ${detail}`, { cause });
}
