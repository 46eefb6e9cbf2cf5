// `node src/main.ts` (what `npm start` and the Procfile run) as an operator runs it, watched from outside: its log events as they come, its
// probes, its exit. The environment is exactly what the test gives (plus PATH).
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { ENTRY_PATH } from './run-main.ts';

export type LogEvent = Record<string, unknown> & { event?: string; level?: string };

export type SpawnedApp = {
  child: ChildProcessWithoutNullStreams;
  events: LogEvent[];
  stderr(): string;
  /** Resolves with the first log line whose `event` is `name` (and that `test` accepts). */
  waitForEvent(name: string, test?: (e: LogEvent) => boolean, timeoutMs?: number): Promise<LogEvent>;
  /** The port /healthz and /readyz answer on (from the `probes_listening` line). */
  port(): Promise<number>;
  probe(path: '/healthz' | '/readyz'): Promise<{ status: number; body: Record<string, unknown> }>;
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

export function spawnApp(env: Record<string, string>, args: string[] = []): SpawnedApp {
  const child = spawn(process.execPath, [...args, ENTRY_PATH], {
    env: { PATH: process.env.PATH ?? '', ...env },
  });
  const events: LogEvent[] = [];
  let stderr = '';
  let pending = '';
  const waiters = new Set<() => void>();
  child.stdout.on('data', (chunk) => {
    pending += chunk;
    for (let nl = pending.indexOf('\n'); nl !== -1; nl = pending.indexOf('\n')) {
      const line = pending.slice(0, nl);
      pending = pending.slice(nl + 1);
      try {
        events.push(JSON.parse(line) as LogEvent);
      } catch {
        events.push({ event: 'unparsed', line });
      }
    }
    for (const wake of waiters) wake();
  });
  child.stderr.on('data', (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  exited.then(() => {
    for (const wake of waiters) wake();
  });
  let closed = false;
  exited.then(() => {
    closed = true;
  });

  function waitForEvent(name: string, test: (e: LogEvent) => boolean = () => true, timeoutMs = 10_000) {
    return new Promise<LogEvent>((resolve, reject) => {
      const check = () => {
        const found = events.find((e) => e.event === name && test(e));
        if (found) {
          done();
          resolve(found);
        } else if (closed) {
          done();
          reject(new Error(`exited before logging ${name}; stderr: ${stderr}`));
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(
          new Error(`no ${name} within ${timeoutMs} ms; events: ${events.map((e) => e.event).join(', ')}`),
        );
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        waiters.delete(check);
      };
      waiters.add(check);
      check();
    });
  }

  const port = async () => Number((await waitForEvent('probes_listening')).port);

  return {
    child,
    events,
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
