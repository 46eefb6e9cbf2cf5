// Operating the PostgreSQL store: start-up (migrations racing, a newer schema, an unreachable
// database), a database that drops connections, and health. Each test uses a schema of its own.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../../../src/log.ts';
import { openStore } from '../../../../src/store/open-store.ts';
import { DatabaseUnavailableError } from '../../../../src/store/postgres/db.ts';
import { LATEST_SCHEMA_VERSION, MIGRATIONS } from '../../../../src/store/postgres/migrations.ts';
import {
  openPostgresStore,
  type PostgresStoreOptions,
} from '../../../../src/store/postgres/postgres-store.ts';
import type { Store } from '../../../../src/store/store.ts';
import { requestInput, T0 } from '../../../support/store-inputs.ts';
import { expectRefusedAsTooNew, futureMigration, recordedMigrations } from '../schema.ts';

const url = process.env.TEST_DATABASE_URL;
const FAKE_PASSWORD = 'fake-password-5150';

function collectingLogger() {
  const lines: string[] = [];
  const logger = createLogger({ level: 'info', destination: { write: (line: string) => lines.push(line) } });
  const messages = () => lines.map((l) => (JSON.parse(l) as { msg: string }).msg);
  return { logger, lines, messages };
}

const unique = (prefix: string) => `${prefix}_${randomBytes(6).toString('hex')}`;

describe('PostgreSQL store start-up without a database', () => {
  it('names host, port and database when the database is unreachable, never the password', async () => {
    const { logger, lines } = collectingLogger();
    const opening = openPostgresStore({
      url: `postgres://opsbot:${FAKE_PASSWORD}@127.0.0.1:1/opsbot`,
      poolSize: 2,
      logger,
    });
    await expect(opening).rejects.toBeInstanceOf(DatabaseUnavailableError);
    await expect(opening).rejects.toThrow(
      /^cannot reach PostgreSQL at 127\.0\.0\.1:1 \(database "opsbot"\): connect ECONNREFUSED 127\.0\.0\.1:1; check DATABASE_URL/,
    );
    const message = await opening.catch((e: unknown) => String(e));
    expect(message).not.toContain(FAKE_PASSWORD);
    expect(lines.join('\n')).not.toContain(FAKE_PASSWORD);
  });
});

describe.skipIf(url === undefined)('PostgreSQL store operations (TEST_DATABASE_URL)', () => {
  const databaseUrl = url ?? '';
  const schemas: string[] = [];
  const opened: Store[] = [];
  const admins: pg.Client[] = [];

  async function admin(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    admins.push(client);
    return client;
  }

  function freshSchema(): string {
    const schema = unique('opsbot_test');
    schemas.push(schema);
    return schema;
  }

  async function open(options: Partial<PostgresStoreOptions> & { schema: string }): Promise<Store> {
    const store = await openPostgresStore({
      url: databaseUrl,
      poolSize: 2,
      logger: createLogger({ level: 'silent' }),
      ...options,
    });
    opened.push(store);
    return store;
  }

  afterEach(async () => {
    await Promise.all(opened.splice(0).map((s) => s.close()));
    await Promise.all(admins.splice(0).map((c) => c.end().catch(() => undefined)));
  });

  afterAll(async () => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      for (const schema of schemas) await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    } finally {
      await client.end();
    }
  });

  it('applies the migrations once when five replicas start together on a new database', async () => {
    const schema = freshSchema();
    const loggers = [1, 2, 3, 4, 5].map(() => collectingLogger());
    const stores = await Promise.all(loggers.map(({ logger }) => open({ schema, logger, clock: () => T0 })));
    const migrated = loggers.flatMap((l) => l.messages()).filter((m) => m === 'database migrated');
    expect(migrated).toHaveLength(1);

    const db = await admin();
    const { rows } = await db.query(
      `SELECT version, name, applied_at::text AS applied_at FROM "${schema}".schema_migrations ORDER BY version`,
    );
    expect(rows).toEqual(recordedMigrations(MIGRATIONS, String(T0)));

    const created = await stores[0]?.createRequest(requestInput());
    expect(await stores[4]?.getRequest(created?.id ?? 0)).toEqual(created);
  });

  it('refuses to start on a database migrated by a newer opsbot, saying so', async () => {
    const schema = freshSchema();
    await (await open({ schema })).close();
    const db = await admin();
    await db.query(
      `INSERT INTO "${schema}".schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)`,
      futureMigration(LATEST_SCHEMA_VERSION),
    );

    await expectRefusedAsTooNew(open({ schema }), LATEST_SCHEMA_VERSION);
  });

  it('keeps the audit trail append-only even against hand-written SQL', async () => {
    const schema = freshSchema();
    const store = await open({ schema });
    const { id } = await store.createRequest(requestInput());
    const db = await admin();
    const audit = `"${schema}".request_audit`;
    await expect(
      db.query(`UPDATE ${audit} SET actor = 'U0MALLORY' WHERE request_id = $1`, [id]),
    ).rejects.toThrow(/append-only/);
    await expect(db.query(`DELETE FROM ${audit}`)).rejects.toThrow(/append-only/);
    await expect(db.query(`TRUNCATE ${audit} CASCADE`)).rejects.toThrow(/append-only/);
    expect((await store.listAudit(id)).map((e) => e.actor)).toEqual(['U0REQUESTER']);
  });

  it('asks for TLS when the URL says sslmode=require (this server has none, so it says so)', async (ctx) => {
    const db = await admin();
    const { rows } = await db.query<{ ssl: string }>('SHOW ssl');
    if (rows[0]?.ssl !== 'off') ctx.skip();
    const withTls = new URL(databaseUrl);
    withTls.searchParams.set('sslmode', 'require');
    const opening = open({ schema: freshSchema(), url: withTls.href });
    await expect(opening).rejects.toThrow(
      /^cannot open the PostgreSQL store at .+: The server does not support SSL/,
    );
  });

  it('fails a call cut off by a dropped connection clearly, and the next call works', async () => {
    const schema = freshSchema();
    const applicationName = unique('opsbot_test');
    const store = await open({ schema, applicationName });
    const { id } = await store.createRequest(requestInput());

    // Hold the row so the store's approval is mid-transaction when its connection is killed.
    const locker = await admin();
    await locker.query('BEGIN');
    await locker.query(`SELECT id FROM "${schema}".index_requests WHERE id = $1 FOR UPDATE`, [id]);
    const approve = (actor: string) =>
      store.transitionRequest(id, { from: 'pending', to: 'approved', actor, at: T0 });
    const cutOff = approve('U0FIRST');
    // It may reject while the killer below is still waiting for its own answer: handled here, so that
    // is not an unhandled rejection; the assertions further down still see the rejection.
    cutOff.catch(() => undefined);
    const killer = await admin();
    await vi.waitFor(
      async () => {
        const waiting = await killer.query(
          `SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND wait_event_type = 'Lock'`,
          [applicationName],
        );
        expect(waiting.rowCount).toBe(1);
      },
      { timeout: 10_000, interval: 20 },
    );
    await killer.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1', [
      applicationName,
    ]);

    await expect(cutOff).rejects.toBeInstanceOf(DatabaseUnavailableError);
    await expect(cutOff).rejects.toThrow(
      /^the database at .+ is unavailable: terminating connection due to administrator command$/,
    );
    await locker.query('ROLLBACK');

    const next = await approve('U0SECOND');
    expect(next.ok && next.request.state).toBe('approved');
    expect((await store.listAudit(id)).map((e) => [e.actor, e.to])).toEqual([
      ['U0REQUESTER', 'pending'],
      ['U0SECOND', 'approved'],
    ]);
    expect(await store.health()).toEqual({ ok: true });
  });

  it('survives the database closing idle connections (logged, not a crash) and opens new ones', async () => {
    const schema = freshSchema();
    const applicationName = unique('opsbot_test');
    const { logger, messages, lines } = collectingLogger();
    const store = await open({ schema, applicationName, logger });
    await Promise.all([store.listRecentRequests({ limit: 1 }), store.listSubscriptions()]);

    const killer = await admin();
    const killed = await killer.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1',
      [applicationName],
    );
    expect(killed.rowCount).toBeGreaterThan(0);
    const lost = () => messages().filter((m) => m.startsWith('lost an idle database connection'));
    await vi.waitFor(() => expect(lost()).toHaveLength(killed.rowCount ?? 0), {
      timeout: 10_000,
      interval: 20,
    });

    // A write is never retried, so it succeeds only if the pool really dropped the dead connections.
    const created = await store.createRequest(requestInput());
    expect(await store.getRequest(created.id)).toEqual(created);
    expect(lines.join('\n')).toContain('terminating connection due to administrator command');
  });

  it('reports itself unhealthy, without the password, when no connection can be had', async () => {
    const withPassword = new URL(databaseUrl);
    // Trust authentication (as on CI) ignores a password; a real one in TEST_DATABASE_URL is kept.
    if (withPassword.password === '') withPassword.password = FAKE_PASSWORD;
    const schema = freshSchema();
    const store = await open({ schema, url: withPassword.href, poolSize: 1, connectTimeoutMs: 200 });
    const { id } = await store.createRequest(requestInput());

    const locker = await admin();
    await locker.query('BEGIN');
    await locker.query(`SELECT id FROM "${schema}".index_requests WHERE id = $1 FOR UPDATE`, [id]);
    // The pool's only connection now waits on the lock.
    const waiting = store.transitionRequest(id, { from: 'pending', to: 'approved', actor: 'U0A', at: T0 });

    const health = await store.health();
    expect(health.ok).toBe(false);
    expect(health.detail).toMatch(
      /^PostgreSQL at .+:\d+\/.+ is not answering: timeout exceeded when trying to connect$/,
    );
    expect(health.detail).not.toContain(decodeURIComponent(withPassword.password));

    await locker.query('ROLLBACK');
    expect((await waiting).ok).toBe(true);
    expect(await store.health()).toEqual({ ok: true });
  });

  it('is what openStore opens when DATABASE_URL is set, with the configured pool size', async () => {
    const schema = freshSchema();
    const db = await admin();
    await db.query(`CREATE SCHEMA "${schema}"`);
    const withSchema = new URL(databaseUrl);
    withSchema.searchParams.set('options', `-c search_path=${schema}`);
    if (withSchema.password === '') withSchema.password = FAKE_PASSWORD;
    const { logger, lines } = collectingLogger();

    const store = await openStore(
      { url: withSchema.href, path: '/nonexistent/unused.sqlite', poolSize: 3 },
      logger,
    );
    opened.push(store);
    expect(await store.health()).toEqual({ ok: true });
    const created = await store.createRequest(requestInput());
    const { rows } = await db.query(`SELECT name FROM "${schema}".index_requests WHERE id = $1`, [
      created.id,
    ]);
    expect(rows).toEqual([{ name: 'product-search' }]);
    expect(lines.map((l) => JSON.parse(l))).toContainEqual(
      expect.objectContaining({ msg: 'store opened', store: 'postgres', poolSize: 3, tls: false }),
    );
    expect(lines.join('\n')).not.toContain(decodeURIComponent(withSchema.password));
  });
});
