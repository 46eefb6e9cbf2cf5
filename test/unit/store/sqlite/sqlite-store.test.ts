import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { applyMigrations } from '../../../../src/store/migrations.ts';
import { openDatabase, sqliteDb } from '../../../../src/store/sqlite/db.ts';
import {
  LATEST_SCHEMA_VERSION,
  MIGRATIONS,
  SQLITE_MIGRATIONS,
} from '../../../../src/store/sqlite/migrations.ts';
import { openSqliteStore } from '../../../../src/store/sqlite/sqlite-store.ts';
import type { Store } from '../../../../src/store/store.ts';
import { requestInput, T0 } from '../../../support/store-inputs.ts';
import { expectRefusedAsTooNew, futureMigration, recordedMigrations } from '../schema.ts';
import { storeContract } from '../store.contract.ts';

const run = promisify(execFile);
const root = mkdtempSync(join(tmpdir(), 'opsbot-store-'));
let counter = 0;
const freshPath = () => join(root, `db-${++counter}`, 'opsbot.sqlite');
const paths = new WeakMap<Store, string>();

async function openAt(path: string): Promise<Store> {
  const store = await openSqliteStore({ path });
  paths.set(store, path);
  return store;
}

afterAll(() => rmSync(root, { recursive: true, force: true }));

storeContract('sqlite file', () => openAt(freshPath()), {
  reopen: (store) => {
    const path = paths.get(store);
    if (path === undefined) throw new Error('not a store this test opened');
    return openAt(path);
  },
  legacy: async (version) => {
    const path = freshPath();
    const sqlite = openDatabase(path);
    const db = sqliteDb(sqlite, path);
    const steps = MIGRATIONS.filter((m) => m.version <= version);
    await applyMigrations(db, T0, { ...SQLITE_MIGRATIONS, steps });
    return {
      exec: (sql) => db.exec(sql),
      open: async () => {
        sqlite.close();
        return openAt(path);
      },
    };
  },
});

storeContract('sqlite :memory:', () => openSqliteStore({ path: ':memory:' }));

describe('SQLite store on disk', () => {
  it('creates the folder, uses WAL and records each migration once', async () => {
    const path = freshPath();
    await (await openSqliteStore({ path, clock: () => T0 })).close();
    await (await openSqliteStore({ path })).close();
    expect(existsSync(path)).toBe(true);

    const db = new DatabaseSync(path);
    try {
      expect(db.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
      const rows = db
        .prepare('SELECT version, name, applied_at FROM schema_migrations ORDER BY version')
        .all();
      expect(rows).toEqual(recordedMigrations(MIGRATIONS));
    } finally {
      db.close();
    }
  });

  it('refuses to start on a database migrated by a newer opsbot, saying so', async () => {
    const path = freshPath();
    await (await openSqliteStore({ path })).close();
    const db = new DatabaseSync(path);
    db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(
      ...futureMigration(LATEST_SCHEMA_VERSION),
    );
    db.close();

    await expectRefusedAsTooNew(openSqliteStore({ path }), LATEST_SCHEMA_VERSION);
  });

  it('keeps the audit trail append-only even against hand-written SQL', async () => {
    const path = freshPath();
    const store = await openSqliteStore({ path });
    const { id } = await store.createRequest(requestInput());
    await store.close();

    const db = new DatabaseSync(path);
    try {
      expect(() => db.exec(`UPDATE request_audit SET actor = 'U0MALLORY' WHERE request_id = ${id}`)).toThrow(
        /append-only/,
      );
      expect(() => db.exec('DELETE FROM request_audit')).toThrow(/append-only/);
    } finally {
      db.close();
    }
  });

  it('lets exactly one of several processes on one file win each approval and each digest claim', async () => {
    const path = freshPath();
    const store = await openSqliteStore({ path });
    const ids: number[] = [];
    for (let i = 0; i < 25; i++) ids.push((await store.createRequest(requestInput({ name: `r${i}` }))).id);
    await store.close();

    const worker = fileURLToPath(new URL('./race-worker.ts', import.meta.url));
    const startAt = String(Date.now() + 1_500);
    const outputs = await Promise.all(
      ['p1', 'p2', 'p3', 'p4'].map((name) =>
        run(process.execPath, [worker, path, ids.join(','), name, startAt]),
      ),
    );
    const results = outputs.map(
      (o) => JSON.parse(o.stdout) as { worker: string; approved: number[]; claimed: string[] },
    );

    expect(results.flatMap((r) => r.approved).sort((a, b) => a - b)).toEqual(ids);
    expect(new Set(results.flatMap((r) => r.claimed)).size).toBe(ids.length);
    expect(results.flatMap((r) => r.claimed)).toHaveLength(ids.length);

    const check = await openSqliteStore({ path });
    try {
      for (const id of ids) {
        const audit = await check.listAudit(id);
        expect(audit.map((e) => e.to)).toEqual(['pending', 'approved']);
        const winner = results.find((r) => r.approved.includes(id))?.worker;
        expect((await check.getRequest(id))?.decidedBy).toBe(winner);
      }
    } finally {
      await check.close();
    }
  });
});
