// The harness side of loop-probe.ts, and the app's CPU time from /proc: what one window cost it.
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const LOOP_PROBE = fileURLToPath(new URL('./loop-probe.ts', import.meta.url));

export type LoopReport = { seq: number; maxMs: number; p99Ms: number; meanMs: number };

export type LoopProbe = {
  /** Extra environment and node flags for the app process. */
  env: Record<string, string>;
  nodeArgs: string[];
  /** Ends the current window: what the loop saw since the last call (or since start). */
  take(pid: number): Promise<LoopReport | undefined>;
  dispose(): void;
};

export function loopProbe(): LoopProbe {
  const file = join(tmpdir(), `opsbot-bench-loop-${process.pid}.json`);
  let seq = 0;
  return {
    env: { BENCH_LOOP_PROBE_FILE: file },
    nodeArgs: ['--import', LOOP_PROBE],
    async take(pid) {
      seq++;
      try {
        process.kill(pid, 'SIGUSR2');
      } catch {
        return undefined;
      }
      const deadline = Date.now() + 5_000;
      while (Date.now() < deadline) {
        try {
          const report = JSON.parse(readFileSync(file, 'utf8')) as LoopReport;
          if (report.seq >= seq) {
            seq = report.seq;
            return report;
          }
        } catch {
          // not written yet
        }
        await new Promise((r) => setTimeout(r, 10));
      }
      return undefined;
    },
    dispose: () => rmSync(file, { force: true }),
  };
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
