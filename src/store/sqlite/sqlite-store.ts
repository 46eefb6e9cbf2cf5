// The embedded default store: one SQLite file through the built-in node:sqlite (nothing native to
// build). Good for one process, or several processes on one machine sharing the file; a platform
// with an ephemeral disk needs the PostgreSQL store instead.
import type { DatabaseSync } from 'node:sqlite';
import { type Clock, systemClock } from '../../clock.ts';
import { approvalMethods } from '../approvals.ts';
import { digestMethods } from '../digests.ts';
import { indexMethods } from '../indexes.ts';
import { mcpTokenMethods } from '../mcp-tokens.ts';
import { applyMigrations } from '../migrations.ts';
import { requestMethods } from '../requests.ts';
import { stepMethods } from '../steps.ts';
import type { Store } from '../store.ts';
import { watchMethods } from '../watches.ts';
import { openDatabase, sqliteDb } from './db.ts';
import { SQLITE_MIGRATIONS } from './migrations.ts';

export type SqliteStoreOptions = {
  /** A file path (its folder is created), or ':memory:' for a private throw-away database. */
  path: string;
  clock?: Clock;
};

export async function openSqliteStore(options: SqliteStoreOptions): Promise<Store> {
  const clock = options.clock ?? systemClock;
  const sqlite = openDatabase(options.path);
  const db = sqliteDb(sqlite, options.path);
  try {
    await applyMigrations(db, clock(), SQLITE_MIGRATIONS);
  } catch (error) {
    sqlite.close();
    throw error;
  }
  return {
    ...requestMethods(db),
    ...approvalMethods(db),
    ...digestMethods(db, clock),
    ...watchMethods(db),
    ...indexMethods(db),
    ...stepMethods(db),
    ...mcpTokenMethods(db),
    health: async () => health(sqlite),
    close: async () => {
      if (sqlite.isOpen) sqlite.close();
    },
  };
}

function health(sqlite: DatabaseSync): { ok: boolean; detail?: string } {
  if (!sqlite.isOpen) return { ok: false, detail: 'the store is closed' };
  try {
    sqlite.prepare('SELECT 1').get();
    return { ok: true };
  } catch (error) {
    return { ok: false, detail: error instanceof Error ? error.message : String(error) };
  }
}
