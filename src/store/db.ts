// The small port the one SQL implementation of the Store (requests.ts, digests.ts, watches.ts) runs
// on. Statements are written once, with named parameters (`:channel_id`); each driver's adapter
// (sqlite/db.ts, postgres/db.ts) compiles them to its numbered placeholders.
import type { Row } from './rows.ts';

export type Params = Readonly<Record<string, unknown>>;

/**
 * The SQL the two databases spell differently because they behave differently. Everything else is
 * the same text on both.
 */
export type Dialect = {
  name: 'sqlite' | 'postgres';
  /**
   * Appended to a read inside a transaction that is about to write what it read. PostgreSQL locks
   * the row; SQLite needs nothing, its transactions take the database's write lock up front
   * (BEGIN IMMEDIATE).
   */
  forUpdate: string;
  /**
   * Appended to a claim's subquery: rows another replica is claiming at this moment are skipped
   * rather than waited for. SQLite has one writer at a time, so there is nothing to skip.
   */
  skipLocked: string;
  /** After a text column in ORDER BY: code-point order, as SQLite's default, whatever the locale. */
  byCodePoint: string;
  /**
   * A statement taking a lock on `:scope` (a text) until the transaction ends, so a cap's count and
   * its insert are one step: PostgreSQL's advisory lock (two replicas counting at once would each
   * see room for one more). Empty on SQLite, whose BEGIN IMMEDIATE holds the database's write lock.
   */
  scopeLock: string;
  /**
   * `column` is one of the values of the list parameter `:param` (a JS array): PostgreSQL binds it
   * as an array (`= ANY`), SQLite as JSON text (`json_each`).
   */
  inList: (column: string, param: string) => string;
  /** The array column `column` holds at least one of the values of the list parameter `:param`. */
  overlaps: (column: string, param: string) => string;
};

export type Db = {
  readonly dialect: Dialect;
  all(sql: string, params?: Params): Promise<Row[]>;
  /** The first row, or undefined. */
  one(sql: string, params?: Params): Promise<Row | undefined>;
  /** A write; how many rows it changed. */
  run(sql: string, params?: Params): Promise<number>;
  /** Statements without parameters, several at once (migrations). */
  exec(sql: string): Promise<void>;
  /** `work` runs in one transaction on one connection: committed when it returns, rolled back if it throws. */
  transaction<T>(work: (tx: Db) => Promise<T>): Promise<T>;
};

/** Holds `scope` for the rest of the transaction `tx` (see Dialect.scopeLock). */
export async function lockScope(tx: Db, scope: string): Promise<void> {
  if (tx.dialect.scopeLock !== '') await tx.one(tx.dialect.scopeLock, { scope });
}

export type Compiled = { text: string; values: unknown[] };

// `:name`, but not the `::type` of a PostgreSQL cast nor a colon inside a word or a time ('09:30').
const NAMED = /(?<![:\w]):([a-z_]\w*)/gi;

/**
 * Compiles a statement's named parameters to numbered ones (`$1` for pg, `?1` for SQLite), a name
 * used twice getting one number. Parsed once per statement text: texts come from the code, so there
 * are a few dozen.
 */
export function compiler(prefix: '$' | '?'): (sql: string, params?: Params) => Compiled {
  const cache = new Map<string, { text: string; names: string[] }>();
  return (sql, params = {}) => {
    let parsed = cache.get(sql);
    if (parsed === undefined) {
      const names: string[] = [];
      const text = sql.replace(NAMED, (_, name: string) => {
        const known = names.indexOf(name);
        return `${prefix}${known >= 0 ? known + 1 : names.push(name)}`;
      });
      parsed = { text, names };
      cache.set(sql, parsed);
    }
    const values = parsed.names.map((name) => {
      // A missing name is a typo in the code, not a NULL: say so rather than write a wrong row.
      if (!Object.hasOwn(params, name)) throw new Error(`the statement needs a value for :${name}`);
      return params[name] ?? null;
    });
    return { text: parsed.text, values };
  };
}
