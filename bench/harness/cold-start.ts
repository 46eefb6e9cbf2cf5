// Item 2: cold start. What `npm start` runs (src/main.ts, without npm's own start-up) from spawn to
// its "listening" log line, against the bare Bolt app from spawn to its listening line; interleaved
// runs after one discarded warm-up of each (a cold disk cache would otherwise make the first run of
// either side slower for reasons that are not theirs).
//
// A checkout from before the one-shape refactor (`--app DIR`) started through src/start.mjs on a
// compile cache its build step filled: there each start gets its own copy of that cache, as a fresh
// container would, and a restart, a start with no cache and bare Bolt with a cache of its own are
// measured for the notes. Today's code has no cache to copy, so those rows read n/a.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { opsbotCacheFiller, opsbotEntry, PEER_MAIN, spawnServer } from './processes.ts';

export type ColdStartResult = {
  opsbotMs: number[];
  boltMs: number[];
  /** Resident set right after each start, MiB. */
  opsbotRssMiB: number[];
  boltRssMiB: number[];
  /** The notes' starts: a restart, no compile cache at all, bare Bolt with a compile cache. */
  opsbotRestartMs: number[];
  opsbotNoCacheMs: number[];
  opsbotNoCacheRssMiB: number[];
  boltCachedMs: number[];
  boltCachedRssMiB: number[];
};

export type ColdStartOptions = {
  runs: number;
  appEnv: (extra: Record<string, string>) => Record<string, string>;
  peerEnv: Record<string, string>;
  /** One discarded start of each first (off in a smoke run, where time matters more). */
  warmup: boolean;
  progress?: (line: string) => void;
};

/**
 * The build step, as a deployment runs it: fills a compile cache folder for the app. A checkout from
 * before the build step existed gets none (its starts then run as they did: without a cache).
 */
function buildCompileCache(directory: string): boolean {
  const filler = opsbotCacheFiller();
  if (filler === undefined) return false;
  const run = spawnSync(process.execPath, [filler], {
    env: { PATH: process.env.PATH ?? '', NODE_COMPILE_CACHE: directory },
    encoding: 'utf8',
  });
  if (run.status !== 0 || !run.stdout.includes('compile cache filled'))
    throw new Error(`the build step did not fill the compile cache: ${run.stdout}${run.stderr}`);
  return true;
}

export async function benchColdStart(options: ColdStartOptions): Promise<ColdStartResult> {
  const dir = mkdtempSync(join(tmpdir(), 'opsbot-bench-'));
  // One database file for all runs: the warm-up creates it, the measured runs open an existing
  // store — a restart, the cold start that happens on every deploy.
  const env = options.appEnv({ LOG_LEVEL: 'info', PORT: '0', DATABASE_PATH: join(dir, 'opsbot.sqlite') });
  const built = join(dir, 'built-cache');
  const cached = buildCompileCache(built);
  const restartCache = join(dir, 'restart-cache');
  if (cached) cpSync(built, restartCache, { recursive: true });
  /** A start's environment with `cache` as its compile cache (none for a checkout without one). */
  const withCache = (cache: string) => (cached ? { ...env, NODE_COMPILE_CACHE: cache } : env);
  let fresh = 0;
  const start = async (name: string, script: string, startEnv: Record<string, string>, rss?: number[]) => {
    const app = await spawnServer({ name, script, env: startEnv, ready: 'line' });
    await app.stop();
    if (rss && app.readyRssMiB !== undefined) rss.push(app.readyRssMiB);
    return app.startMs;
  };
  const result: ColdStartResult = {
    opsbotMs: [],
    boltMs: [],
    opsbotRssMiB: [],
    boltRssMiB: [],
    opsbotRestartMs: [],
    opsbotNoCacheMs: [],
    opsbotNoCacheRssMiB: [],
    boltCachedMs: [],
    boltCachedRssMiB: [],
  };
  const startOpsbot = (rss?: number[]) => {
    const cache = join(dir, `fresh-cache-${fresh++}`);
    if (cached) cpSync(built, cache, { recursive: true });
    return start('opsbot', opsbotEntry(), withCache(cache), rss);
  };
  const startBolt = (rss?: number[]) => start('bolt', PEER_MAIN, options.peerEnv, rss);
  const boltCachedEnv = { ...options.peerEnv, NODE_COMPILE_CACHE: join(dir, 'bolt-cache') };
  try {
    if (options.warmup) {
      await startOpsbot();
      await startBolt();
    }
    // Bolt's cache is warmed by a start of its own (the best case for it: a restart).
    await start('bolt', PEER_MAIN, boltCachedEnv);
    for (let run = 0; run < options.runs; run++) {
      let opsbotMs: number;
      let boltMs: number;
      if (run % 2 === 0) {
        opsbotMs = await startOpsbot(result.opsbotRssMiB);
        boltMs = await startBolt(result.boltRssMiB);
      } else {
        boltMs = await startBolt(result.boltRssMiB);
        opsbotMs = await startOpsbot(result.opsbotRssMiB);
      }
      result.opsbotMs.push(opsbotMs);
      result.boltMs.push(boltMs);
      result.opsbotRestartMs.push(await start('opsbot', opsbotEntry(), withCache(restartCache)));
      result.opsbotNoCacheMs.push(
        await start(
          'opsbot',
          opsbotEntry(),
          { ...env, NODE_DISABLE_COMPILE_CACHE: '1' },
          result.opsbotNoCacheRssMiB,
        ),
      );
      result.boltCachedMs.push(await start('bolt', PEER_MAIN, boltCachedEnv, result.boltCachedRssMiB));
      options.progress?.(
        `  cold start ${run + 1}: opsbot ${opsbotMs.toFixed(0)} ms (restart ${result.opsbotRestartMs.at(-1)?.toFixed(0)}, ` +
          `no cache ${result.opsbotNoCacheMs.at(-1)?.toFixed(0)}), bolt ${boltMs.toFixed(0)} ms ` +
          `(with a compile cache ${result.boltCachedMs.at(-1)?.toFixed(0)})`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return result;
}
