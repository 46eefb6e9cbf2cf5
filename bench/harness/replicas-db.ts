// Item 7's database: a schema of its own per run in the PostgreSQL that TEST_DATABASE_URL or
// DATABASE_URL names (the replicas reach it as an operator would point them at one, with
// `options=-c search_path=…`), and what the day cost it. Queries per second come from
// pg_stat_statements when the server loads it, else from pg_stat_database's committed
// transactions (the whole database: other clients of it count too). The slowest statement is the
// longest one seen running when pg_stat_activity is sampled, for the replicas' connections only
// (they carry an application_name of their own); pg_stat_statements' slowest mean when it is there.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export type DayDatabaseUrl = { url: string; schema: string; drop(): Promise<void> };

export type DatabaseLoad = {
  /** What the rate counts: "statements" (pg_stat_statements) or "transactions" (pg_stat_database). */
  counted: 'statements' | 'transactions';
  perSecond: number;
  seconds: number;
  /** The slowest statement, its text cut short, and how long it ran. */
  slowest: { ms: number; query: string; how: string } | undefined;
};

/** The database the bench may use, or undefined (item 7 then skips with a line). */
export function benchDatabaseUrl(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return env.TEST_DATABASE_URL?.trim() || env.DATABASE_URL?.trim() || undefined;
}

async function admin<T>(base: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function freshSchema(base: string): Promise<DayDatabaseUrl> {
  const schema = `opsbot_bench_${randomBytes(5).toString('hex')}`;
  await admin(base, (db) => db.query(`CREATE SCHEMA "${schema}"`));
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  url.searchParams.set('application_name', schema);
  return {
    url: url.href,
    schema,
    drop: () =>
      admin(base, (db) => db.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)).then(() => undefined),
  };
}

const SAMPLE_MS = 100;
const QUERY_CHARS = 160;

/** Starts reading the database's counters; `stop` returns the load between the two calls. */
export async function watchDatabaseLoad(
  base: string,
  schema: string,
): Promise<{ stop(): Promise<DatabaseLoad> }> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  const statements = await client
    .query('SELECT sum(calls)::float8 AS n FROM pg_stat_statements')
    .then(() => true)
    .catch(() => false);
  const count = async () =>
    Number(
      (
        await client.query(
          statements
            ? 'SELECT sum(calls)::float8 AS n FROM pg_stat_statements'
            : 'SELECT (xact_commit + xact_rollback)::float8 AS n FROM pg_stat_database WHERE datname = current_database()',
        )
      ).rows[0]?.n ?? 0,
    );
  const started = performance.now();
  const before = await count();
  let slowest: DatabaseLoad['slowest'];
  let sampling = Promise.resolve();
  const timer = setInterval(() => {
    sampling = sampling.then(async () => {
      const { rows } = await client
        .query(
          `SELECT query, extract(epoch FROM clock_timestamp() - query_start) * 1000 AS ms
             FROM pg_stat_activity WHERE application_name = $1 AND state = 'active'
            ORDER BY query_start LIMIT 1`,
          [schema],
        )
        .catch(() => ({ rows: [] as { query: string; ms: number }[] }));
      const row = rows[0] as { query: string; ms: number } | undefined;
      if (row !== undefined && Number(row.ms) > (slowest?.ms ?? 0))
        slowest = {
          ms: Number(row.ms),
          query: oneLine(row.query),
          how: `seen running, sampled every ${SAMPLE_MS} ms`,
        };
    });
  }, SAMPLE_MS);
  return {
    async stop() {
      clearInterval(timer);
      await sampling;
      const after = await count();
      const seconds = (performance.now() - started) / 1000;
      if (statements) {
        const { rows } = await client.query(
          'SELECT query, mean_exec_time AS ms FROM pg_stat_statements ORDER BY mean_exec_time DESC LIMIT 1',
        );
        const row = rows[0] as { query: string; ms: number } | undefined;
        if (row !== undefined)
          slowest = {
            ms: Number(row.ms),
            query: oneLine(row.query),
            how: 'slowest mean, pg_stat_statements',
          };
      }
      await client.end().catch(() => undefined);
      return {
        counted: statements ? 'statements' : 'transactions',
        perSecond: (after - before) / seconds,
        seconds,
        slowest,
      };
    },
  };
}

const oneLine = (query: string) => {
  const text = query.replace(/\s+/g, ' ').trim();
  return text.length > QUERY_CHARS ? `${text.slice(0, QUERY_CHARS)}…` : text;
};
