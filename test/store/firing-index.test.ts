// Home's read of the watches needing attention (listFiringWatches) is served by the partial index
// both migrations create, not by reading and parsing every watch: each database's plan for the
// store's own condition names the index.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/log.ts';
import { openPostgresStore } from '../../src/store/postgres/postgres-store.ts';
import { openSqliteStore } from '../../src/store/sqlite/sqlite-store.ts';
import { NEEDS_ATTENTION } from '../../src/store/watches.ts';

const url = process.env.TEST_DATABASE_URL;
const read = (dialect: keyof typeof NEEDS_ATTENTION) =>
  `SELECT * FROM watches WHERE ${NEEDS_ATTENTION[dialect]} ORDER BY id`;

describe('the firing watches read uses its index', () => {
  const dir = mkdtempSync(join(tmpdir(), 'opsbot-firing-index-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('on SQLite', async () => {
    const path = join(dir, 'opsbot.sqlite');
    await (await openSqliteStore({ path })).close();
    const db = new DatabaseSync(path);
    try {
      const plan = db.prepare(`EXPLAIN QUERY PLAN ${read('sqlite')}`).all();
      expect(JSON.stringify(plan)).toContain('USING INDEX watches_needing_attention');
    } finally {
      db.close();
    }
  });

  it.skipIf(url === undefined)('on PostgreSQL', async () => {
    const schema = `opsbot_test_${randomBytes(6).toString('hex')}`;
    const logger = createLogger({ level: 'silent' });
    await (await openPostgresStore({ url: url ?? '', poolSize: 1, logger, schema })).close();
    const client = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
    await client.connect();
    try {
      // An empty table is cheapest read whole; the question is whether the index can serve the read.
      await client.query('SET enable_seqscan = off');
      const plan = await client.query(`EXPLAIN ${read('postgres')}`);
      expect(JSON.stringify(plan.rows)).toContain('watches_needing_attention');
    } finally {
      await client.query(`DROP SCHEMA "${schema}" CASCADE`);
      await client.end();
    }
  });
});
