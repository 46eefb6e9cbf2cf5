// Connection set-up and the write transaction the SQLite store's parts share.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';

/** How long a write waits for another process's write lock before failing with SQLITE_BUSY. */
export const BUSY_TIMEOUT_MS = 5_000;

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

/**
 * Runs `work` in a write transaction taken up front (BEGIN IMMEDIATE): the read-check-write of a
 * compare-and-set then cannot interleave with another connection's, in this process or another.
 * `work` is synchronous, so nothing else in this process runs in between either.
 */
export function immediate<T>(db: DatabaseSync, work: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = work();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK');
    throw error;
  }
}
