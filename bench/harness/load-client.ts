// The harness side of the load generator: forks it once and hands it one job at a time.
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { LoadJob, LoadMessage, LoadReply, LoadResult } from './load-protocol.ts';

const LOADGEN = fileURLToPath(new URL('./loadgen.ts', import.meta.url));

export type LoadGenerator = {
  run(job: LoadJob): Promise<LoadResult>;
  close(): Promise<void>;
};

export function startLoadGenerator(): LoadGenerator {
  const child: ChildProcess = fork(LOADGEN, [], {
    env: { PATH: process.env.PATH ?? '' },
    execArgv: [],
    // Structured clone keeps NaN (no answers at all) distinct from 0.
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let nextId = 1;
  const waiting = new Map<number, { resolve(r: LoadResult): void; reject(e: Error): void }>();
  child.on('message', (reply: LoadReply) => {
    const waiter = waiting.get(reply.id);
    if (waiter === undefined) return;
    waiting.delete(reply.id);
    if (reply.result) waiter.resolve(reply.result);
    else waiter.reject(new Error(`load generator: ${reply.error ?? 'no result'}`));
  });
  child.on('exit', (code) => {
    for (const waiter of waiting.values()) waiter.reject(new Error(`load generator exited (${code})`));
    waiting.clear();
  });
  return {
    run(job) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        child.send({ id, job } satisfies LoadMessage);
      });
    },
    async close() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.disconnect();
      await exited;
    },
  };
}
