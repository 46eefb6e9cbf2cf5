// pg behind the store's Db port: the pool, and the connection-failure handling every PostgreSQL
// call goes through.
import type { Pool, PoolClient } from 'pg';
import type { Logger } from '../../log.ts';
import { compiler, type Db, type Dialect, type Params } from '../db.ts';
import type { Row } from '../rows.ts';
import { type DatabaseTarget, describeTarget } from './url.ts';

/**
 * The database could not be reached or dropped the connection. The message names host, port and
 * database, never the password. The pool opens a new connection for the next call, so callers can
 * answer "try again" and carry on.
 */
export class DatabaseUnavailableError extends Error {
  override readonly name = 'DatabaseUnavailableError';
}

// Connection-level failures, as opposed to errors the statement itself caused.
const CONNECTION_CODES = new Set([
  '57P01', // admin_shutdown (pg_terminate_backend, a fast shutdown)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down, in recovery)
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
const CONNECTION_MESSAGES = [
  'Connection terminated',
  'not queryable',
  'timeout exceeded when trying to connect',
  'Query read timeout',
];

export function isConnectionError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (CONNECTION_CODES.has(code) || code.startsWith('08'))) return true;
  if (error instanceof AggregateError) return error.errors.some(isConnectionError);
  return CONNECTION_MESSAGES.some((m) => error.message.includes(m));
}

/** The error's own text, without the password should it ever appear there. */
export function describeError(error: unknown, password: string): string {
  let message = error instanceof Error ? error.message : String(error);
  // Connection failures to several addresses (localhost → ::1 and 127.0.0.1) come as an AggregateError
  // with an empty message.
  if (message === '' && error instanceof AggregateError) {
    message = error.errors.map((e) => (e instanceof Error ? e.message : String(e))).join('; ');
  }
  const code = (error as { code?: unknown } | null)?.code;
  if (message === '' && typeof code === 'string') message = code;
  return password.length >= 3 ? message.split(password).join('[REDACTED]') : message;
}

const POSTGRES: Dialect = {
  name: 'postgres',
  forUpdate: ' FOR UPDATE',
  skipLocked: ' FOR UPDATE SKIP LOCKED',
  byCodePoint: ' COLLATE "C"',
  // 64-bit hash of the scope's text: distinct scopes colliding only costs a wait.
  scopeLock: 'SELECT pg_advisory_xact_lock(hashtextextended(:scope, 0)) AS locked',
  inList: (column, param) => `${column} = ANY(:${param})`,
  overlaps: (column, param) => `${column} && :${param}::text[]`,
};

type Queryable = Pick<PoolClient, 'query'>;

export function createDb(pool: Pool, target: DatabaseTarget, password: string, logger: Logger): Db {
  const compile = compiler('$');
  const unavailable = (error: unknown) =>
    new DatabaseUnavailableError(
      `the database at ${describeTarget(target)} is unavailable: ${describeError(error, password)}`,
      { cause: error },
    );
  // A connection the server closed while it sat idle is only found out when it is next used. One
  // more attempt, on a fresh connection, is safe where nothing can have been applied twice: reads
  // (a SELECT outside a transaction), and a BEGIN (the transaction has not started).
  const withRetry = async <T>(attempt: () => Promise<T>, retry: boolean): Promise<T> => {
    try {
      return await attempt();
    } catch (error) {
      if (!isConnectionError(error)) throw error;
      if (!retry) throw unavailable(error);
      logger.warn(
        { target: describeTarget(target), error: describeError(error, password) },
        'retrying on a new database connection',
      );
      try {
        return await attempt();
      } catch (again) {
        throw isConnectionError(again) ? unavailable(again) : again;
      }
    }
  };

  // The port over the pool (each statement on any connection) or over one transaction's client.
  const on = (conn: Queryable, pooled: boolean): Db => {
    const query = async (sql: string, params?: Params) => {
      const { text, values } = compile(sql, params);
      const attempt = () => conn.query<Row>(text, values);
      return pooled ? withRetry(attempt, /^\s*SELECT\b/i.test(text)) : attempt();
    };
    const db: Db = {
      dialect: POSTGRES,
      all: async (sql, params) => (await query(sql, params)).rows,
      one: async (sql, params) => (await query(sql, params)).rows[0],
      run: async (sql, params) => (await query(sql, params)).rowCount ?? 0,
      exec: async (sql) => {
        await (pooled ? withRetry(() => conn.query(sql), false) : conn.query(sql));
      },
      transaction: pooled ? transaction : (work) => work(db),
    };
    return db;
  };

  async function transaction<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    // pg-pool stops listening for errors on a checked-out client, and pg emits one when the server
    // closes the connection (even after failing the statement in flight); with no listener that
    // would crash the process.
    let lost: unknown;
    const onError = (error: Error) => {
      lost = error;
    };
    const client = await withRetry(async () => {
      lost = undefined;
      const c = await pool.connect();
      c.on('error', onError);
      try {
        await c.query('BEGIN');
        return c;
      } catch (error) {
        c.off('error', onError);
        c.release(error instanceof Error ? error : true);
        throw error;
      }
    }, true);
    try {
      const result = await work(on(client, false));
      await client.query('COMMIT');
      return result;
    } catch (error) {
      lost ??= isConnectionError(error) ? error : undefined;
      if (lost === undefined) await client.query('ROLLBACK').catch((e: unknown) => (lost = e));
      throw isConnectionError(error) ? unavailable(error) : error;
    } finally {
      client.off('error', onError);
      client.release(lost instanceof Error ? lost : lost !== undefined);
    }
  }

  return on(pool, true);
}
