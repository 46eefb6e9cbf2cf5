// `node src/main.ts` (what `npm start` and the Procfile run) as an operator runs it, watched from
// outside: its log events, its probes, its exit. The environment is exactly what the test gives
// (plus PATH), so the developer's own environment cannot leak in. The one way tests start the app
// in a process of its own.
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { opsbotStartCommand } from '../../bench/harness/processes.ts';
import { until } from './poll.ts';

export const ENTRY_PATH = fileURLToPath(new URL('../../src/main.ts', import.meta.url));

/**
 * What `npm start` gives the process besides the environment: its node flags (the heap cap) and the
 * allocator's variables, read as the bench reads them, so a test measures what production runs.
 */
export function startFlags(): { args: string[]; env: Record<string, string> } {
  const deployed = opsbotStartCommand();
  return { args: deployed.nodeFlags, env: deployed.env };
}

export type LogEvent = Record<string, unknown> & { event?: string; level?: string };

export type SpawnedApp = {
  child: ChildProcess;
  /** Every log line so far, parsed (a line that is not JSON is `{ event: 'unparsed', line }`). */
  readonly events: LogEvent[];
  stdout(): string;
  stderr(): string;
  /** Resolves with the first log line whose `event` is `name` (and that `test` accepts). */
  waitForEvent(name: string, test?: (e: LogEvent) => boolean, timeoutMs?: number): Promise<LogEvent>;
  /** The port /healthz and /readyz answer on (from the `probes_listening` line). */
  port(): Promise<number>;
  probe(path: '/healthz' | '/readyz'): Promise<{ status: number; body: Record<string, unknown> }>;
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

export type SpawnOptions = {
  /** Node's own flags, before the entry. */
  args?: string[];
  /**
   * Where stdout goes instead of a pipe, as to a platform's log collector: under load, a pipe this
   * test process reads late would block the app's synchronous log writes and measure the harness.
   */
  logFile?: string;
};

export function spawnApp(env: Record<string, string>, options: SpawnOptions = {}): SpawnedApp {
  const out = options.logFile === undefined ? 'pipe' : openSync(options.logFile, 'w');
  const child = spawn(process.execPath, [...(options.args ?? []), ENTRY_PATH], {
    stdio: ['ignore', out, 'pipe'],
    env: { PATH: process.env.PATH ?? '', ...env },
  });
  if (typeof out === 'number') closeSync(out);
  let piped = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => {
    piped += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  let closed = false;
  const exited = new Promise<number | null>((resolve) =>
    child.on('close', (code) => {
      closed = true;
      resolve(code);
    }),
  );
  const stdout = () => (options.logFile === undefined ? piped : readFileSync(options.logFile, 'utf8'));
  const events = () =>
    stdout()
      .split('\n')
      .filter((line) => line !== '')
      .map(parsed);

  function waitForEvent(name: string, test: (e: LogEvent) => boolean = () => true, timeoutMs = 10_000) {
    const logged = () => {
      const found = events().find((e) => e.event === name && test(e));
      if (found === undefined && closed) throw new Error(`exited before logging ${name}; stderr: ${stderr}`);
      return found;
    };
    return until(logged, `${name} in the log`, timeoutMs);
  }
  const port = async () => Number((await waitForEvent('probes_listening')).port);

  return {
    child,
    get events() {
      return events();
    },
    stdout,
    stderr: () => stderr,
    waitForEvent,
    port,
    async probe(path) {
      const res = await fetch(`http://127.0.0.1:${await port()}${path}`);
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    },
    exited,
    async stop(signal = 'SIGTERM') {
      if (!closed) child.kill(signal);
      return exited;
    },
  };
}

function parsed(line: string): LogEvent {
  try {
    return JSON.parse(line) as LogEvent;
  } catch {
    return { event: 'unparsed', line };
  }
}

export type MainRun = { code: number | null; stdout: string; stderr: string };

/** Runs the app to completion (a start-up that refuses, a check that exits). */
export async function runMain(env: Record<string, string>): Promise<MainRun> {
  const app = spawnApp(env);
  const code = await app.exited;
  return { code, stdout: app.stdout(), stderr: app.stderr() };
}
