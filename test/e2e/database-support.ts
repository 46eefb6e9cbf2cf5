// PostgreSQL plumbing for the multi-replica and database e2e tests (replicas*, database-*, readyz*).
//
// Isolation: every test gets a schema of its own in TEST_DATABASE_URL's database, and the app is
// pointed at it the way an operator could: `DATABASE_URL=…?options=-c search_path=<schema>`. The
// store passes `options` to the server as-is (src/store/postgres/url.ts), so every pooled
// connection, including one opened after a reconnect, uses the schema. The schema is created here
// first: migrations only create it themselves when given a schema explicitly.
//
// Outages: the app reaches the database through a TCP proxy this file starts, so a test can take
// "the database" away from one app — refuse new connections and terminate that app's backends with
// pg_terminate_backend, as a restart does — without touching the server other tests share.
import { randomBytes } from 'node:crypto';
import { connect, createServer, type Socket } from 'node:net';
import pg from 'pg';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

/** Trust authentication (as on CI) ignores a password, so the URL can carry this one for leak checks. */
export const FAKE_DB_PASSWORD = 'fake-db-pass-7741';

export type TestSchema = {
  schema: string;
  /** `base` with this schema as search_path (and FAKE_DB_PASSWORD when base has no password). */
  urlFor(base?: string): string;
  drop(): Promise<void>;
};

export async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function createTestSchema(prefix = 'opsbot_e2e'): Promise<TestSchema> {
  const schema = `${prefix}_${randomBytes(6).toString('hex')}`;
  await withAdmin((db) => db.query(`CREATE SCHEMA "${schema}"`));
  return {
    schema,
    urlFor(base = TEST_DATABASE_URL ?? '') {
      const url = new URL(base);
      url.searchParams.set('options', `-c search_path=${schema}`);
      if (url.password === '') url.password = FAKE_DB_PASSWORD;
      return url.href;
    },
    drop: () =>
      withAdmin((db) => db.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)).then(() => undefined),
  };
}

export type DatabaseProxy = {
  port: number;
  /** `url` with host and port replaced by the proxy's. */
  via(url: string): string;
  /**
   * The database goes away for this app: new connections are cut at once, and the backends of
   * the open ones are terminated by the server (57P01, as in a fast shutdown). Returns how many.
   */
  goDown(): Promise<number>;
  /** New connections reach the database again. */
  comeBack(): void;
  /** Stops listening: the port is closed, connections are refused. */
  close(): Promise<void>;
};

export async function startDatabaseProxy(target = TEST_DATABASE_URL ?? ''): Promise<DatabaseProxy> {
  const upstreamUrl = new URL(target);
  const host = upstreamUrl.hostname || '127.0.0.1';
  const upstreamPort = Number(upstreamUrl.port || '5432');
  const open = new Set<Socket>();
  const clients = new Set<Socket>();
  let down = false;

  const server = createServer((client) => {
    if (down) {
      client.destroy();
      return;
    }
    const upstream = connect(upstreamPort, host);
    open.add(upstream);
    clients.add(client);
    client.pipe(upstream);
    upstream.pipe(client);
    // The server's last words (a FATAL 57P01) are forwarded before the client's side is closed.
    upstream.on('close', () => {
      open.delete(upstream);
      client.end();
    });
    client.on('close', () => {
      clients.delete(client);
      upstream.destroy();
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('proxy has no port');
  const port = address.port;

  return {
    port,
    via(url) {
      const out = new URL(url);
      out.hostname = '127.0.0.1';
      out.port = String(port);
      return out.href;
    },
    async goDown() {
      down = true;
      // The server sees each proxied connection coming from the upstream socket's local port.
      const ports = [...open].map((s) => s.localPort).filter((p): p is number => p !== undefined);
      if (ports.length === 0) return 0;
      const { rowCount } = await withAdmin((db) =>
        db.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE client_port = ANY($1::int[])',
          [ports],
        ),
      );
      return rowCount ?? 0;
    },
    comeBack() {
      down = false;
    },
    async close() {
      down = true;
      for (const socket of [...open, ...clients]) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
