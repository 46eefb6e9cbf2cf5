// A PostgreSQL cluster of a test's own: initdb in a temporary folder, its own free port, pg_ctl to
// stop and start it — a real server restart, which the shared TEST_DATABASE_URL server can't give
// one test without taking it from the others. Needs PostgreSQL's server binaries (CI has them);
// `pgClusterUnavailable()` says why not when they are missing.
import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './ports.ts';

const run = promisify(execFile);
const INSTALLS = '/usr/lib/postgresql';
/** initdb and the server refuse to run as root; the packages' own account does. */
const SERVER_ACCOUNT = 'postgres';

export type PgCluster = {
  port: number;
  /** `postgres://postgres@127.0.0.1:<port>/postgres` (trust authentication, no password). */
  url: string;
  /** A fast shutdown, as an operator's restart does: sessions are terminated, new ones refused. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server (if running) and removes its folder. */
  destroy(): Promise<void>;
};

/** The newest installed version's bin folder that has initdb and pg_ctl. */
function binaries(): string | undefined {
  if (!existsSync(INSTALLS)) return undefined;
  const versions = readdirSync(INSTALLS).sort((a, b) => Number(b) - Number(a));
  return versions
    .map((version) => join(INSTALLS, version, 'bin'))
    .find((bin) => existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'pg_ctl')));
}

/** Why a cluster can't be started here, or undefined when it can. */
export function pgClusterUnavailable(): string | undefined {
  if (binaries() === undefined)
    return `no PostgreSQL server binaries (initdb, pg_ctl) under ${INSTALLS}/*/bin`;
  if (process.getuid?.() === 0 && accountIds() === undefined)
    return `running as root and there is no "${SERVER_ACCOUNT}" account to run the server as`;
  return undefined;
}

/** The server account's uid and gid, when it exists. */
function accountIds(): { uid: number; gid: number } | undefined {
  try {
    const id = (flag: string) =>
      Number(execFileSync('id', [flag, SERVER_ACCOUNT], { encoding: 'utf8' }).trim());
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    return undefined;
  }
}

export async function startPgCluster(): Promise<PgCluster> {
  const bin = binaries();
  if (bin === undefined) throw new Error(pgClusterUnavailable());
  const dir = mkdtempSync(join(tmpdir(), 'opsbot-pg-'));
  const asRoot = process.getuid?.() === 0;
  const account = asRoot ? accountIds() : undefined;
  if (account !== undefined) chownSync(dir, account.uid, account.gid);
  const pg = (tool: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', SERVER_ACCOUNT, '--', join(bin, tool), ...args])
      : run(join(bin, tool), args);
  const data = join(dir, 'data');
  const port = await freePort();
  await pg('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  // fsync off: the data is thrown away after the test; the socket lives in the folder, not /run.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  let running = false;
  const cluster: PgCluster = {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async start() {
      await pg('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'server.log'), '-w', 'start']);
      running = true;
    },
    async stop() {
      await pg('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      running = false;
    },
    async destroy() {
      if (running) await cluster.stop().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await cluster.start();
  return cluster;
}
