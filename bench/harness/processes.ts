// Servers under test run in child processes of their own: their CPU time, event loop and resident
// set are theirs alone, and a cold start is a real process start. Only PATH is inherited, so a
// developer's environment cannot change what is measured.
import { type ChildProcess, spawn } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

/** This checkout: the "after" side of items 6–8, whatever `--app` names. */
export const THIS_CHECKOUT = fileURLToPath(new URL('../..', import.meta.url));
let appDir = THIS_CHECKOUT;

/**
 * Benchmarks another checkout of opsbot (a git worktree of an earlier commit, with node_modules)
 * instead of this one: how BENCHMARKS.md's before/after rows are measured on one machine.
 */
export function benchAppFrom(dir: string): void {
  appDir = dir;
}

/**
 * What `npm start` and the Procfile run: src/main.ts, or src/start.mjs in a checkout from the time
 * it existed (issue 19 to the one-shape refactor), so `--app` can measure those too.
 */
export function opsbotEntry(dir = appDir): string {
  const start = join(dir, 'src/start.mjs');
  return existsSync(start) ? start : join(dir, 'src/main.ts');
}

/** The checkout an opsbot entry belongs to; undefined for any other script (the peer). */
function checkoutOf(script: string): string | undefined {
  return /^(.*)[\\/]src[\\/](?:start\.mjs|main\.ts)$/.exec(script)?.[1];
}

/**
 * How the checkout's Procfile starts opsbot (`web: [NAME=value …] exec node [--flag …] src/start.mjs`):
 * its environment variables and node flags, so the app is measured as it is deployed. package.json's
 * start script has the same ones (test/repo/node-guard.test.ts).
 */
export function opsbotStartCommand(dir = appDir): { env: Record<string, string>; nodeFlags: string[] } {
  let procfile = '';
  try {
    procfile = readFileSync(join(dir, 'Procfile'), 'utf8');
  } catch {
    return { env: {}, nodeFlags: [] };
  }
  const line =
    /^web:\s*(?:node\s+src\/require-node\.cjs\s*&&\s*)?((?:\w+=\S+\s+)*)(?:exec\s+)?node\s+((?:--\S+\s+)*)src\/(?:start\.mjs|main\.ts)/m.exec(
      procfile,
    );
  const words = (text: string | undefined) => (text ?? '').split(/\s+/).filter((word) => word !== '');
  return {
    env: Object.fromEntries(words(line?.[1]).map((pair) => pair.split('=', 2) as [string, string])),
    nodeFlags: words(line?.[2]),
  };
}

/** The checkout's build step that fills the compile cache, if it has one. */
export function opsbotCacheFiller(): string | undefined {
  const fill = join(appDir, 'src/boot/fill-compile-cache.mjs');
  return existsSync(fill) ? fill : undefined;
}
export const PEER_MAIN = fileURLToPath(new URL('./peer-bolt.ts', import.meta.url));

export type ServerProcess = {
  readonly name: string;
  readonly pid: number;
  readonly port: number;
  /** Base URL of the Slack endpoint, e.g. http://127.0.0.1:1234/slack/events */
  readonly eventsUrl: string;
  /** Milliseconds from spawn to ready (the "listening" line, or /healthz answering). */
  readonly startMs: number;
  /** Resident set right when it became ready, MiB (undefined without /proc). */
  readonly readyRssMiB: number | undefined;
  /** Peak resident set so far (VmHWM), MiB; undefined where /proc is not available. */
  peakRssMiB(): number | undefined;
  rssMiB(): number | undefined;
  /** The last lines the process wrote, for error messages. */
  tail(): string;
  /** How it ended, when it ended before it was stopped ("code 134", "SIGKILL"); undefined while it runs. */
  ended(): string | undefined;
  stop(): Promise<void>;
};

export type SpawnOptions = {
  name: string;
  script: string;
  env: Record<string, string>;
  /** 'line': wait for a stdout line with "event":"listening" and read the port from it;
   * 'health': the port is given in env, poll GET /healthz (used when logs are quieter than info). */
  ready: 'line' | { port: number };
  timeoutMs?: number;
  /** Extra node flags, e.g. ['--cpu-prof', '--cpu-prof-dir=prof'] to see where the time goes. */
  nodeArgs?: readonly string[];
};

const TAIL_CHARS = 4_000;

export function spawnServer(options: SpawnOptions): Promise<ServerProcess> {
  const started = performance.now();
  // opsbot runs with its Procfile's environment variables and node flags, wherever it is started from.
  const checkout = checkoutOf(options.script);
  const deployed =
    checkout === undefined ? { env: {}, nodeFlags: [] as string[] } : opsbotStartCommand(checkout);
  const child = spawn(
    process.execPath,
    [...deployed.nodeFlags, ...(options.nodeArgs ?? []), options.script],
    {
      env: { PATH: process.env.PATH ?? '', ...deployed.env, ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  let pending = '';
  // BENCH_APP_LOGS=dir keeps each app's whole output there, to see what it logged under load.
  const logDir = process.env.BENCH_APP_LOGS;
  const logFile =
    logDir === undefined ? undefined : join(logDir, `${options.name}-${process.hrtime.bigint()}.log`);
  const keep = (chunk: Buffer) => {
    out = (out + chunk.toString()).slice(-TAIL_CHARS);
    if (logFile !== undefined) appendFileSync(logFile, chunk);
  };
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  return new Promise<ServerProcess>((resolve, reject) => {
    const timeout = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${options.name} did not start within ${options.timeoutMs ?? 15_000} ms:\n${out}`));
    }, options.timeoutMs ?? 15_000);
    const done = (port: number) => {
      clearTimeout(timeout);
      resolve(handle(options.name, child, port, performance.now() - started, () => out, exited));
    };
    child.once('exit', (code) => {
      clearTimeout(timeout);
      reject(new Error(`${options.name} exited with ${code} before it was ready:\n${out}`));
    });
    let ready = false;
    child.stdout?.on('data', (chunk: Buffer) => {
      keep(chunk);
      if (options.ready !== 'line' || ready) return;
      pending += chunk.toString();
      let newline = pending.indexOf('\n');
      while (newline !== -1) {
        const line = pending.slice(0, newline);
        pending = pending.slice(newline + 1);
        const port = listeningPort(line);
        if (port !== undefined) {
          ready = true;
          done(port);
          return;
        }
        newline = pending.indexOf('\n');
      }
    });
    if (options.ready !== 'line') {
      const { port } = options.ready;
      void pollReady(port, options.timeoutMs ?? 15_000).then((ok) => {
        if (ok) done(port);
      });
    }
  });
}

function listeningPort(line: string): number | undefined {
  if (!line.includes('"event":"listening"')) return undefined;
  try {
    const port = (JSON.parse(line) as { port?: unknown }).port;
    return typeof port === 'number' ? port : undefined;
  } catch {
    return undefined;
  }
}

/** Ready, not just alive: Slack requests are served only once Slack has answered at start-up. */
async function pollReady(port: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/readyz`);
      await res.arrayBuffer();
      if (res.ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  return false;
}

function handle(
  name: string,
  child: ChildProcess,
  port: number,
  startMs: number,
  tail: () => string,
  exited: Promise<number | null>,
): ServerProcess {
  const pid = child.pid ?? -1;
  return {
    name,
    pid,
    port,
    eventsUrl: `http://127.0.0.1:${port}/slack/events`,
    startMs,
    readyRssMiB: procStatusMiB(pid, 'VmRSS'),
    peakRssMiB: () => procStatusMiB(pid, 'VmHWM'),
    rssMiB: () => procStatusMiB(pid, 'VmRSS'),
    tail,
    ended: () =>
      child.signalCode !== null
        ? child.signalCode
        : child.exitCode !== null
          ? `code ${child.exitCode}`
          : undefined,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      // The app gives itself 10 s to stop; a CPU profile is written after that, at its exit, so a
      // profiled process gets longer before it is killed (a killed one writes no profile).
      const profiled = child.spawnargs.some((flag) => flag.startsWith('--cpu-prof'));
      const timer = setTimeout(() => child.kill('SIGKILL'), profiled ? 60_000 : 12_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** A field of /proc/<pid>/status in MiB (Linux); undefined elsewhere. */
export function procStatusMiB(pid: number, field: 'VmHWM' | 'VmRSS'): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
    return match?.[1] === undefined ? undefined : Number(match[1]) / 1024;
  } catch {
    return undefined;
  }
}

/** A port nothing listens on right now (the OS picks it); the app binds it a moment later. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** CPU seconds (user + system, all threads) the process has used so far; undefined without /proc. */
export function cpuSeconds(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may contain spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return ticks / 100;
  } catch {
    return undefined;
  }
}
