// How long and how often each benchmark runs. `--quick` is a smoke run: every number is real,
// but from too few samples to compare against a target.
import type { BusyDayOptions } from './busy-day.ts';

export type DaySettings = Omit<BusyDayOptions, 'nodeArgs' | 'progress'>;

export type Settings = {
  quick: boolean;
  day: DaySettings;
  ack: { concurrencies: number[]; rounds: number; warmupMs: number; durationMs: number };
  statsE2e: { warmup: number; runs: number };
  /** Item 10: stats commands sent at once, each size against a fresh process. */
  statsBurst: { sizes: number[] };
  coldStart: { runs: number };
  /** Items 6–8: the busy day at larger shapes (five and ten times the day). */
  scale: ScaleSettings;
};

/**
 * The busy day grown `times` over: people, digests, watches, their indexes and channels. Commands
 * grow half as fast (5/s at 5×, 10/s at 10×: a larger workspace does not type twice as much per
 * person), never below the day's own rate.
 */
export function scaledDay(day: DaySettings, times: number, homesPerSec = day.homesPerSec): DaySettings {
  const grow = (n: number) => Math.max(1, Math.round(n * times));
  return {
    ...day,
    people: grow(day.people),
    digests: grow(day.digests),
    watches: grow(day.watches),
    watchIndexes: grow(day.watchIndexes),
    watchChannels: grow(day.watchChannels),
    commandsPerSec: Math.max(day.commandsPerSec, (day.commandsPerSec * times) / 2),
    homesPerSec,
  };
}

/**
 * The full day in `seconds` instead of 150 (a smoke run of items 6–8): the digests, the watches
 * and their second check fall at the same fractions of the day, every request is dealt as usual.
 */
export function shortDay(day: DaySettings, seconds: number): DaySettings {
  const f = (seconds * 1000) / day.durationMs;
  const at = (ms: number) => Math.round(ms * f);
  return {
    ...day,
    durationMs: seconds * 1000,
    digestsAtMs: at(day.digestsAtMs),
    watchesAtMs: at(day.watchesAtMs),
    watchIntervalMs: at(day.watchIntervalMs),
    digestTickMs: Math.min(day.digestTickMs, at(day.watchIntervalMs)),
  };
}

export type ScaleSettings = {
  /** Item 6: five times the day on one process, Home opened at each of these rates. */
  oneProcess: DaySettings[];
  /** Item 7: ten times the day, spread over this many replicas sharing PostgreSQL. */
  replicas: { count: number; day: DaySettings };
  /** Item 9: twenty times the day on five replicas (information). */
  manyReplicas: { count: number; day: DaySettings };
  /** Item 8: the day at these multiples on one process (5× is item 6's first day when both run). */
  growth: { times: number; day: DaySettings }[];
};

export function scaleSettings(day: DaySettings, home = { one: 1, busy: 2.5 }): ScaleSettings {
  return {
    oneProcess: [scaledDay(day, 5, home.one), scaledDay(day, 5, home.busy)],
    replicas: { count: 3, day: scaledDay(day, 10, home.one) },
    manyReplicas: { count: 5, day: scaledDay(day, 20, home.one) },
    growth: [1, 2, 5].map((times) => ({ times, day: scaledDay(day, times, home.one) })),
  };
}

// 150 s of requests; the digests fall due 30 s in, the watches are first due 40 s in and checked
// every 50 s (the checker looks every 30 s), so two check cycles fall inside the day.
const FULL_DAY: DaySettings = {
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
};

// Each command of the mix once, a few Home opens, a handful of digests and watches due at once.
const SMOKE_DAY: DaySettings = {
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
};

export const FULL: Settings = {
  quick: false,
  day: FULL_DAY,
  ack: { concurrencies: [10, 100], rounds: 5, warmupMs: 500, durationMs: 3_000 },
  statsE2e: { warmup: 3, runs: 30 },
  statsBurst: { sizes: [100, 300, 500] },
  coldStart: { runs: 5 },
  scale: scaleSettings(FULL_DAY),
};

export const QUICK: Settings = {
  quick: true,
  day: SMOKE_DAY,
  ack: { concurrencies: [10, 100], rounds: 1, warmupMs: 100, durationMs: 200 },
  statsE2e: { warmup: 1, runs: 3 },
  statsBurst: { sizes: [50] },
  coldStart: { runs: 1 },
  scale: scaleSettings(SMOKE_DAY),
};

export function describeSettings(s: Settings): string {
  const d = s.day;
  const day = `busy day ${d.durationMs / 1000} s at ${d.commandsPerSec} commands/s and ${d.homesPerSec} Home opens/s, ${d.people} people, ${d.digests} digests, ${d.watches} watches (checked every ${d.watchIntervalMs / 1000} s), DIGEST_TICK_MS=${d.digestTickMs}`;
  const ack = `ack path ${s.ack.rounds} interleaved rounds × ${s.ack.durationMs / 1000} s (after ${s.ack.warmupMs / 1000} s warm-up) per target and concurrency`;
  const cold = `cold start ${s.coldStart.runs} interleaved runs`;
  const e2e = `stats end to end ${s.statsE2e.runs} runs; stats burst ${s.statsBurst.sizes.join(', ')} at once`;
  const larger = (d: DaySettings) =>
    `${d.people} people, ${d.digests} digests, ${d.watches} watches, ${d.commandsPerSec} commands/s, Home ${d.homesPerSec}/s, ${d.durationMs / 1000} s`;
  const scale = `items 6–8: ${s.scale.oneProcess.map(larger).join(' and ')} on one process; ${larger(s.scale.replicas.day)} on ${s.scale.replicas.count} replicas; growth at ${s.scale.growth.map((g) => `${g.times}×`).join(', ')}`;
  return `${s.quick ? 'QUICK SMOKE RUN (too few samples to judge targets); ' : ''}${day}; ${cold}; ${e2e}; ${ack}; ${scale}; LOG_LEVEL=warn for the app under load`;
}
