// The shared Store contract against PostgreSQL. Every store the suite opens gets a schema of its own
// (test files run in parallel against one database); a reopened store shares its original's schema.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe } from 'vitest';
import { createLogger } from '../../../../src/log.ts';
import { MIGRATIONS, postgresMigrations } from '../../../../src/store/postgres/migrations.ts';
import { openPostgresStore } from '../../../../src/store/postgres/postgres-store.ts';
import type { Store } from '../../../../src/store/store.ts';
import { storeContract } from '../store.contract.ts';

const url = process.env.TEST_DATABASE_URL;
const logger = createLogger({ level: 'silent' });
const schemas: string[] = [];
const schemaOf = new WeakMap<Store, string>();

async function openIn(databaseUrl: string, schema: string): Promise<Store> {
  const store = await openPostgresStore({ url: databaseUrl, poolSize: 4, logger, schema });
  schemaOf.set(store, schema);
  return store;
}

async function dropSchemas(databaseUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    for (const schema of schemas.splice(0)) await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  } finally {
    await admin.end();
  }
}

describe.skipIf(url === undefined)('PostgreSQL store (TEST_DATABASE_URL)', () => {
  const databaseUrl = url ?? '';
  storeContract(
    'postgres',
    () => {
      const schema = `opsbot_test_${randomBytes(6).toString('hex')}`;
      schemas.push(schema);
      return openIn(databaseUrl, schema);
    },
    {
      reopen: (store) => {
        const schema = schemaOf.get(store);
        if (schema === undefined) throw new Error('not a store this test opened');
        return openIn(databaseUrl, schema);
      },
      cleanup: () => dropSchemas(databaseUrl),
      legacy: async (version) => {
        const schema = `opsbot_test_${randomBytes(6).toString('hex')}`;
        schemas.push(schema);
        const client = new pg.Client({ connectionString: databaseUrl, options: `-c search_path=${schema}` });
        await client.connect();
        await client.query(`CREATE SCHEMA "${schema}"`);
        await client.query(postgresMigrations(undefined).ledger);
        for (const step of MIGRATIONS.filter((m) => m.version <= version)) {
          await client.query(step.sql);
          await client.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, 0)', [
            step.version,
            step.name,
          ]);
        }
        return {
          exec: async (sql) => {
            await client.query(sql);
          },
          open: async () => {
            await client.end();
            return openIn(databaseUrl, schema);
          },
        };
      },
    },
  );
});
