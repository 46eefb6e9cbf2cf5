// How long and how often each benchmark runs. `--quick` is a smoke run: every number is real,
// but from too few samples to compare against a target.

export type Settings = {
  quick: boolean;
  ack: { concurrencies: number[]; rounds: number; warmupMs: number; durationMs: number };
  ackUnderRender: {
    cheapPerSec: number;
    statsPerSec: number;
    rounds: number;
    warmupMs: number;
    durationMs: number;
  };
  statsE2e: { warmup: number; runs: number };
  digest: { channels: number; indexesPerChannel: number; indexPool: number };
  watches: { watches: number; indexes: number; channels: number };
  coldStart: { runs: number };
};

export const FULL: Settings = {
  quick: false,
  ack: { concurrencies: [10, 100], rounds: 5, warmupMs: 500, durationMs: 3_000 },
  ackUnderRender: { cheapPerSec: 50, statsPerSec: 4, rounds: 3, warmupMs: 1_000, durationMs: 8_000 },
  statsE2e: { warmup: 3, runs: 30 },
  digest: { channels: 200, indexesPerChannel: 3, indexPool: 12 },
  watches: { watches: 500, indexes: 100, channels: 50 },
  coldStart: { runs: 5 },
};

export const QUICK: Settings = {
  quick: true,
  ack: { concurrencies: [10, 100], rounds: 1, warmupMs: 100, durationMs: 200 },
  ackUnderRender: { cheapPerSec: 50, statsPerSec: 4, rounds: 1, warmupMs: 200, durationMs: 1_000 },
  statsE2e: { warmup: 1, runs: 3 },
  digest: { channels: 20, indexesPerChannel: 3, indexPool: 6 },
  watches: { watches: 50, indexes: 10, channels: 5 },
  coldStart: { runs: 1 },
};

export function describeSettings(s: Settings): string {
  const ack = `ack path ${s.ack.rounds} interleaved rounds × ${s.ack.durationMs / 1000} s (after ${s.ack.warmupMs / 1000} s warm-up) per target and concurrency`;
  const cold = `cold start ${s.coldStart.runs} interleaved runs`;
  const e2e = `stats end to end ${s.statsE2e.runs} runs`;
  return `${s.quick ? 'QUICK SMOKE RUN (too few samples to judge targets); ' : ''}${ack}; ${e2e}; ${cold}; LOG_LEVEL=warn for the app under load`;
}
