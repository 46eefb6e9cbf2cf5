// How the PostgreSQL store treats a lost connection, against a stand-in pool (no database needed):
// which errors count as connection failures, what is retried, and what the caller is told.
import { EventEmitter } from 'node:events';
import type { Pool } from 'pg';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../../src/log.ts';
import {
  createDb,
  DatabaseUnavailableError,
  describeError,
  isConnectionError,
} from '../../../../src/store/postgres/db.ts';

const target = { host: 'db.example.test', port: 5432, database: 'opsbot' };
const PASSWORD = 'fake-password-123';
const logger = createLogger({ level: 'silent' });

function pgError(message: string, code?: string): Error {
  return Object.assign(new Error(message), code === undefined ? {} : { code });
}

const terminated = () => pgError('terminating connection due to administrator command', '57P01');

/** A pool whose query() answers with each outcome in turn; records how often it was called. */
function scriptedPool(outcomes: (Error | { rows: unknown[] })[]) {
  let calls = 0;
  const pool = {
    query: async () => {
      const next = outcomes[calls++];
      if (next === undefined) throw new Error('no more scripted outcomes');
      if (next instanceof Error) throw next;
      return next;
    },
  };
  return { pool: pool as unknown as Pool, calls: () => calls };
}

describe('connection failures', () => {
  it('tells connection failures apart from errors the statement caused', () => {
    for (const error of [
      terminated(),
      pgError('the database system is starting up', '57P03'),
      pgError('connection failure', '08006'),
      pgError('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      new Error('Connection terminated unexpectedly'),
      new Error('Client has encountered a connection error and is not queryable'),
      new Error('timeout exceeded when trying to connect'),
      new AggregateError([pgError('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], ''),
    ]) {
      expect(isConnectionError(error)).toBe(true);
    }
    for (const error of [
      pgError('duplicate key value violates unique constraint', '23505'),
      pgError('request_audit is append-only', 'P0001'),
      new Error('boom'),
      'a string',
    ]) {
      expect(isConnectionError(error)).toBe(false);
    }
  });

  it('describes an error without the password, even when a driver put it in the message', () => {
    expect(describeError(new Error(`auth failed for ${PASSWORD}`), PASSWORD)).toBe(
      'auth failed for [REDACTED]',
    );
    const aggregate = new AggregateError(
      [pgError('connect ECONNREFUSED ::1:5432'), pgError('connect ECONNREFUSED 127.0.0.1:5432')],
      '',
    );
    expect(describeError(aggregate, PASSWORD)).toBe(
      'connect ECONNREFUSED ::1:5432; connect ECONNREFUSED 127.0.0.1:5432',
    );
  });

  it('repeats a read (a SELECT) once on a fresh connection when the first one had been dropped', async () => {
    const { pool, calls } = scriptedPool([terminated(), { rows: [{ n: 1 }] }]);
    const db = createDb(pool, target, PASSWORD, logger);
    expect(await db.all('SELECT 1 AS n')).toEqual([{ n: 1 }]);
    expect(calls()).toBe(2);
  });

  it('never repeats a write: the caller gets a clear error naming the database', async () => {
    const { pool, calls } = scriptedPool([terminated(), { rows: [] }]);
    const db = createDb(pool, target, PASSWORD, logger);
    const attempt = db.run('UPDATE t SET x = 1');
    await expect(attempt).rejects.toBeInstanceOf(DatabaseUnavailableError);
    await expect(attempt).rejects.toThrow(
      'the database at db.example.test:5432/opsbot is unavailable: terminating connection due to administrator command',
    );
    expect(calls()).toBe(1);
  });

  it('gives up on a read after the second failure, and passes statement errors through untouched', async () => {
    const { pool } = scriptedPool([terminated(), terminated()]);
    await expect(createDb(pool, target, PASSWORD, logger).all('SELECT 1')).rejects.toBeInstanceOf(
      DatabaseUnavailableError,
    );
    const duplicate = pgError('duplicate key value violates unique constraint', '23505');
    const statement = scriptedPool([duplicate]);
    await expect(createDb(statement.pool, target, PASSWORD, logger).all('SELECT 1')).rejects.toBe(duplicate);
    expect(statement.calls()).toBe(1);
  });

  it('survives a connection the server closes inside a transaction, and discards that connection', async () => {
    const released: unknown[] = [];
    const statements: string[] = [];
    // Like pg: the client emits 'error' from the socket's event handler (where a missing listener
    // crashes the process), then the statement in flight fails.
    const client = Object.assign(new EventEmitter(), {
      query: (sql: string) => {
        statements.push(sql);
        if (sql !== 'UPDATE t SET x = 1') return Promise.resolve({ rows: [] });
        return new Promise((_, reject) => {
          setImmediate(() => {
            client.emit('error', new Error('Connection terminated unexpectedly'));
            reject(terminated());
          });
        });
      },
      release: (error?: unknown) => {
        released.push(error);
      },
    });
    const pool = { connect: async () => client } as unknown as Pool;
    const db = createDb(pool, target, PASSWORD, logger);

    const attempt = db.transaction(async (tx) => tx.run('UPDATE t SET x = 1'));
    await expect(attempt).rejects.toBeInstanceOf(DatabaseUnavailableError);
    expect(statements).toEqual(['BEGIN', 'UPDATE t SET x = 1']);
    expect(released).toHaveLength(1);
    expect(released[0]).toBeInstanceOf(Error);
    expect(client.listenerCount('error')).toBe(0);
  });
});
