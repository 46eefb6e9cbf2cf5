// node:sqlite behind the store's Db port: connection set-up, statement cache, and transactions.
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import { compiler, type Db, type Dialect, type Params } from '../db.ts';
import type { Row } from '../rows.ts';

/** How long a write waits for another process's write lock before failing with SQLITE_BUSY. */
export const BUSY_TIMEOUT_MS = 5_000;

const SQLITE: Dialect = {
  name: 'sqlite',
  forUpdate: '',
  skipLocked: '',
  byCodePoint: '',
  scopeLock: '',
  inList: (column, param) => `${column} IN (SELECT value FROM json_each(:${param}))`,
  overlaps: (column, param) =>
    `EXISTS (SELECT 1 FROM json_each(${column}) WHERE value IN (SELECT value FROM json_each(:${param})))`,
};

export function isMemoryPath(path: string): boolean {
  return path === ':memory:' || path.startsWith('file::memory:');
}

export function openDatabase(path: string): DatabaseSync {
  if (!isMemoryPath(path)) mkdirSync(dirname(path), { recursive: true });
  const db = new DatabaseSync(path, { enableForeignKeyConstraints: true, timeout: BUSY_TIMEOUT_MS });
  try {
    // WAL lets readers run beside the single writer; NORMAL sync is durable across process crashes
    // in WAL mode (only an OS crash can lose the last commits).
    db.exec('PRAGMA journal_mode = WAL');
    db.exec('PRAGMA synchronous = NORMAL');
    db.exec('PRAGMA foreign_keys = ON');
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

// node:sqlite binds no booleans or arrays: the STRICT tables keep booleans as 0/1 and lists as JSON text.
function bindable(value: unknown): SQLInputValue {
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (Array.isArray(value)) return JSON.stringify(value);
  return value as SQLInputValue;
}

/** Whether a transaction is open on the file, in this process; see `sqliteDb`. */
type Gate = { open: Promise<void> | undefined };

// One per file, not per connection: several stores in one process (tests, a restart overlapping the
// old store's close) may share a file. Entries are a few bytes, and a process opens a few files.
const gates = new Map<string, Gate>();

function gateFor(path: string): Gate {
  // A plain ':memory:' database is private to its connection; anything else may be shared.
  if (path === ':memory:') return { open: undefined };
  const key = path.startsWith('file:') ? path : resolve(path);
  let gate = gates.get(key);
  if (gate === undefined) {
    gate = { open: undefined };
    gates.set(key, gate);
  }
  return gate;
}

export function sqliteDb(sqlite: DatabaseSync, path: string): Db {
  const compile = compiler('?');
  const statements = new Map<string, StatementSync>();
  const prepared = (sql: string, params?: Params) => {
    const { text, values } = compile(sql, params);
    let statement = statements.get(text);
    if (statement === undefined) {
      statement = sqlite.prepare(text);
      statements.set(text, statement);
    }
    return { statement, values: values.map(bindable) };
  };

  // The driver is synchronous, but a transaction's work awaits between its statements. Meanwhile
  // another caller in this process could run a statement: on this connection it would land inside
  // the open transaction (committed or rolled back with it); on another connection to the file, a
  // write would wait for the lock in SQLite's busy loop, which blocks the very thread the
  // transaction needs to finish. So in this process every call on the file waits while a
  // transaction is open; other processes wait in the busy loop, for a transaction that only awaits
  // this thread's own statements.
  const gate = gateFor(path);

  const direct: Db = {
    dialect: SQLITE,
    all: async (sql, params) => {
      const { statement, values } = prepared(sql, params);
      return statement.all(...values) as Row[];
    },
    one: async (sql, params) => {
      const { statement, values } = prepared(sql, params);
      return statement.get(...values) as Row | undefined;
    },
    run: async (sql, params) => {
      const { statement, values } = prepared(sql, params);
      return Number(statement.run(...values).changes);
    },
    exec: async (sql) => sqlite.exec(sql),
    transaction: (work) => work(direct),
  };

  const queued =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      while (gate.open !== undefined) await gate.open;
      return call(...args);
    };

  return {
    dialect: SQLITE,
    all: queued(direct.all),
    one: queued(direct.one),
    run: queued(direct.run),
    exec: queued(direct.exec),
    async transaction(work) {
      // Checked and taken in one synchronous step, so two waiting callers cannot both get in.
      while (gate.open !== undefined) await gate.open;
      let done = () => {};
      gate.open = new Promise((release) => {
        done = release;
      });
      try {
        // Taken up front (IMMEDIATE): the read-check-write of a compare-and-set then cannot
        // interleave with another process's on the same file either.
        sqlite.exec('BEGIN IMMEDIATE');
        try {
          const result = await work(direct);
          sqlite.exec('COMMIT');
          return result;
        } catch (error) {
          if (sqlite.isTransaction) sqlite.exec('ROLLBACK');
          throw error;
        }
      } finally {
        gate.open = undefined;
        done();
      }
    },
  };
}
