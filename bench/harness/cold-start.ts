// Item 6, first half: cold start. `node src/main.ts` (what `npm start` runs, without npm's own
// start-up) from spawn to its "listening" log line, against the bare Bolt app from spawn to its
// listening line; interleaved runs after one discarded warm-up of each (a cold disk cache would
// otherwise make the first run of either side slower for reasons that are not theirs).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OPSBOT_MAIN, PEER_MAIN, spawnServer } from './processes.ts';

export type ColdStartResult = {
  opsbotMs: number[];
  boltMs: number[];
  /** Resident set right after each start, MiB. */
  opsbotRssMiB: number[];
  boltRssMiB: number[];
};

export type ColdStartOptions = {
  runs: number;
  appEnv: (extra: Record<string, string>) => Record<string, string>;
  peerEnv: Record<string, string>;
  /** One discarded start of each first (off in a smoke run, where time matters more). */
  warmup: boolean;
  progress?: (line: string) => void;
};

export async function benchColdStart(options: ColdStartOptions): Promise<ColdStartResult> {
  const dir = mkdtempSync(join(tmpdir(), 'opsbot-bench-'));
  // One database file for all runs: the warm-up creates it, the measured runs open an existing
  // store — a restart, the cold start that happens on every deploy.
  const env = options.appEnv({ LOG_LEVEL: 'info', PORT: '0', DATABASE_PATH: join(dir, 'opsbot.sqlite') });
  const rss = { opsbot: [] as number[], bolt: [] as number[] };
  const startOpsbot = async () => {
    const app = await spawnServer({ name: 'opsbot', script: OPSBOT_MAIN, env, ready: 'line' });
    await app.stop();
    if (app.readyRssMiB !== undefined) rss.opsbot.push(app.readyRssMiB);
    return app.startMs;
  };
  const startBolt = async () => {
    const app = await spawnServer({ name: 'bolt', script: PEER_MAIN, env: options.peerEnv, ready: 'line' });
    await app.stop();
    if (app.readyRssMiB !== undefined) rss.bolt.push(app.readyRssMiB);
    return app.startMs;
  };
  const result: ColdStartResult = {
    opsbotMs: [],
    boltMs: [],
    opsbotRssMiB: rss.opsbot,
    boltRssMiB: rss.bolt,
  };
  try {
    if (options.warmup) {
      await startOpsbot();
      await startBolt();
    }
    for (let run = 0; run < options.runs; run++) {
      let opsbotMs: number;
      let boltMs: number;
      if (run % 2 === 0) {
        opsbotMs = await startOpsbot();
        boltMs = await startBolt();
      } else {
        boltMs = await startBolt();
        opsbotMs = await startOpsbot();
      }
      result.opsbotMs.push(opsbotMs);
      result.boltMs.push(boltMs);
      options.progress?.(
        `  cold start ${run + 1}: opsbot ${opsbotMs.toFixed(0)} ms, bolt ${boltMs.toFixed(0)} ms`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return result;
}
