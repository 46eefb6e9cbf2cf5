// How long and how often each benchmark runs. `--quick` is a smoke run: every number is real,
// but from too few samples to compare against a target.
import type { BusyDayOptions } from './busy-day.ts';

export type DaySettings = Omit<BusyDayOptions, 'nodeArgs' | 'progress'>;

export type Settings = {
  quick: boolean;
  day: DaySettings;
  ack: { concurrencies: number[]; rounds: number; warmupMs: number; durationMs: number };
  statsE2e: { warmup: number; runs: number };
  coldStart: { runs: number };
};

export const FULL: Settings = {
  quick: false,
  // 150 s of requests; the digests fall due 30 s in, the watches are first due 40 s in and checked
  // every 50 s (the checker looks every 30 s), so two check cycles fall inside the day.
  day: {
    people: 200,
    digests: 200,
    watches: 500,
    watchIndexes: 100,
    watchChannels: 50,
    durationMs: 150_000,
    commandsPerSec: 2,
    homesPerSec: 1,
    digestsAtMs: 30_000,
    watchesAtMs: 40_000,
    watchIntervalMs: 50_000,
    digestTickMs: 1_000,
    onePass: false,
  },
  ack: { concurrencies: [10, 100], rounds: 5, warmupMs: 500, durationMs: 3_000 },
  statsE2e: { warmup: 3, runs: 30 },
  coldStart: { runs: 5 },
};

export const QUICK: Settings = {
  quick: true,
  // Each command of the mix once, a few Home opens, a handful of digests and watches due at once.
  day: {
    people: 200,
    digests: 6,
    watches: 20,
    watchIndexes: 5,
    watchChannels: 2,
    durationMs: 4_500,
    commandsPerSec: 2,
    homesPerSec: 1,
    digestsAtMs: 500,
    watchesAtMs: 0,
    watchIntervalMs: 1_000,
    digestTickMs: 250,
    onePass: true,
  },
  ack: { concurrencies: [10, 100], rounds: 1, warmupMs: 100, durationMs: 200 },
  statsE2e: { warmup: 1, runs: 3 },
  coldStart: { runs: 1 },
};

export function describeSettings(s: Settings): string {
  const d = s.day;
  const day = `busy day ${d.durationMs / 1000} s at ${d.commandsPerSec} commands/s and ${d.homesPerSec} Home opens/s, ${d.people} people, ${d.digests} digests, ${d.watches} watches (checked every ${d.watchIntervalMs / 1000} s), DIGEST_TICK_MS=${d.digestTickMs}`;
  const ack = `ack path ${s.ack.rounds} interleaved rounds × ${s.ack.durationMs / 1000} s (after ${s.ack.warmupMs / 1000} s warm-up) per target and concurrency`;
  const cold = `cold start ${s.coldStart.runs} interleaved runs`;
  const e2e = `stats end to end ${s.statsE2e.runs} runs`;
  return `${s.quick ? 'QUICK SMOKE RUN (too few samples to judge targets); ' : ''}${day}; ${cold}; ${e2e}; ${ack}; LOG_LEVEL=warn for the app under load`;
}
