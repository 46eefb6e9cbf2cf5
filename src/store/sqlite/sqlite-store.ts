// The embedded default store: one SQLite file through the built-in node:sqlite (nothing native to
// build). Good for one process, or several processes on one machine sharing the file; a platform
// with an ephemeral disk needs the PostgreSQL store instead.
import type { DatabaseSync } from 'node:sqlite';
import { type Clock, systemClock } from '../../clock.ts';
import type { Store } from '../store.ts';
import { openDatabase } from './db.ts';
import { digestMethods } from './digests.ts';
import { applyMigrations } from './migrations.ts';
import { requestMethods } from './requests.ts';
import { watchMethods } from './watches.ts';

export type SqliteStoreOptions = {
  /** A file path (its folder is created), or ':memory:' for a private throw-away database. */
  path: string;
  clock?: Clock;
};

export async function openSqliteStore(options: SqliteStoreOptions): Promise<Store> {
  const clock = options.clock ?? systemClock;
  const db = openDatabase(options.path);
  try {
    applyMigrations(db, clock());
  } catch (error) {
    db.close();
    throw error;
  }
  return {
    ...requestMethods(db),
    ...digestMethods(db, clock),
    ...watchMethods(db),
    health: async () => health(db),
    close: async () => {
      if (db.isOpen) db.close();
    },
  };
}

function health(db: DatabaseSync): { ok: boolean; detail?: string } {
  if (!db.isOpen) return { ok: false, detail: 'the store is closed' };
  try {
    db.prepare('SELECT 1').get();
    return { ok: true };
  } catch (error) {
    return { ok: false, detail: error instanceof Error ? error.message : String(error) };
  }
}
