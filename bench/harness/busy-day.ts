// Item 1: a realistic busy day, compressed. A 200-person workspace's morning against the
// simulators with Slack's rate limits on: commands at 2 per second in a realistic mix, Home opened
// once a second, 200 digests falling due in the same minute and 500 threshold watches checked
// twice, all at once, in one app process of its own. Measured: the time from sending each signed
// request to the answer a person sees, the ack of every request, the app's peak resident set
// (all threads) and every HTTP 429 Slack answered. See BENCHMARKS.md for how the day is built.
// Items 6–8 play the same day at larger shapes, on one process or on replicas sharing PostgreSQL.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { startSims } from '../../src/sim/standalone.ts';
import { SIM_IDS } from '../../src/sim/workspace.ts';
import { DEFAULT_PACING } from '../../src/slack/pacer.ts';
import { watchAnswers } from './day-answers.ts';
import { type AppFigures, markDayStart, roundRobin, startDayApps, stopDayApps } from './day-apps.ts';
import {
  COMMAND_DECK,
  type CommandOp,
  commandChannel,
  type DayContext,
  openHome,
  runCommand,
} from './day-load.ts';
import { type DayRecord, newRecord } from './day-record.ts';
import { type DayShape, dayIndexes, digestChannel, people, seedDay, watchChannel } from './day-seed.ts';
import { type DayTally, tallyDay } from './day-tally.ts';
import { procStatusMiB, type ServerProcess } from './processes.ts';
import { appDriver } from './stats-e2e.ts';

export type BusyDayOptions = DayShape & {
  /** How long requests keep coming, ms. */
  durationMs: number;
  commandsPerSec: number;
  homesPerSec: number;
  /** When the digests fall due and the watches are first due, ms after the day starts. */
  digestsAtMs: number;
  watchesAtMs: number;
  watchIntervalMs: number;
  digestTickMs: number;
  /** One pass over the mix, each command once (a smoke run), instead of dealing the deck again and again. */
  onePass: boolean;
  /** The opsbot checkout to run (this one when not given). */
  appDir?: string | undefined;
  /**
   * Replicas sharing the PostgreSQL database at `databaseUrl` (a schema of their own), each
   * request sent to the next one in turn; one process on a SQLite file when not given.
   */
  replicas?: { count: number; databaseUrl: string } | undefined;
  /** Told when the day's requests start and when the day is over (the database's load is read then). */
  observe?: { dayStarts(): Promise<void>; dayEnds(): Promise<void> } | undefined;
  nodeArgs?: readonly string[];
  progress?: (line: string) => void;
};

export type BusyDayResult = DayRecord &
  Omit<DayTally, 'digests' | 'alerts'> & {
    shape: DayShape;
    durationMs: number;
    /** How long the day waited for any one answer before counting it as never given. */
    answerTimeoutMs: number;
    commands: number;
    homes: number;
    /** Spawn → ready (the health probe answers), on an empty database; the first app's. */
    startMs: number;
    /** VmHWM of the app process at the end of the day (the kernel's peak: all threads); the largest replica's. */
    peakRssMiB: number | undefined;
    /** Each app process: peak RSS, CPU seconds, and its share of the work. */
    apps: AppFigures[];
    /** The highest VmRSS of the first app sampled every 100 ms, and when (s after the day started). */
    sampledPeak: { mib: number; atS: number } | undefined;
    /** `dueAt`: when they fell due (epoch ms). */
    digests: DayTally['digests'] & { due: number; dueAt: number; lastPostedAfterDueMs: number };
    alerts: DayTally['alerts'] & { firstToLastMs: number };
    /** Management API stats calls for the watches' indexes (one per index and check cycle when shared). */
    watchStatsCalls: number;
    /**
     * The harness's own event-loop delay during the day, ms (p99, max): the simulators and the
     * driver share it, so a large value would mean the harness, not the app, delayed what it timed.
     */
    harnessLoopDelayMs: { p99: number; max: number };
  };

const LEAD_IN_MS = 1_500;

export async function benchBusyDay(options: BusyDayOptions): Promise<BusyDayResult> {
  const sims = await startSims({
    rateLimits: true,
    indexes: dayIndexes(options),
    users: people(options),
    channels: dayChannels(options),
  });
  const dir = mkdtempSync(join(tmpdir(), 'opsbot-bench-day-'));
  const database = { path: join(dir, 'opsbot.sqlite'), url: options.replicas?.databaseUrl };
  const answers = watchAnswers(sims.slack);
  try {
    // The apps start on an empty database (the first one creates the schema); what earlier days
    // left is saved next, timed against the day, which starts a moment later. Nothing is due
    // before the day starts, so the apps only look meanwhile: however long several replicas take
    // to start and a large workspace to save, the day itself is the same.
    const apps = await startDayApps({
      count: options.replicas?.count ?? 1,
      name: 'opsbot (busy day)',
      appDir: options.appDir,
      nodeArgs: options.nodeArgs,
      env: sims.appEnv({
        ...(database.url === undefined ? { DATABASE_PATH: database.path } : { DATABASE_URL: database.url }),
        WATCH_INTERVAL_MS: String(options.watchIntervalMs),
        DIGEST_TICK_MS: String(options.digestTickMs),
      }),
    });
    let stopped: AppFigures[] | undefined;
    let sampler: NodeJS.Timeout | undefined;
    try {
      const seedStart = Date.now();
      const dayStart = seedStart + LEAD_IN_MS + 1_000 + seedAllowanceMs(options);
      const digestsDueAt = dayStart + options.digestsAtMs;
      const alertingWatchIds = await seedDay(database, options, {
        digestsDueAt,
        watchesDueAt: dayStart + options.watchesAtMs,
      });
      if (Date.now() > dayStart - LEAD_IN_MS)
        throw new Error(`saving the workspace took ${Date.now() - seedStart} ms, longer than allowed`);
      const first = apps.servers[0] as ServerProcess;
      let sampledPeak: BusyDayResult['sampledPeak'];
      sampler = setInterval(() => {
        const mib = procStatusMiB(first.pid, 'VmRSS');
        if (mib !== undefined && mib > (sampledPeak?.mib ?? 0))
          sampledPeak = { mib, atS: (Date.now() - dayStart) / 1000 };
      }, 100);
      const record = newRecord();
      const ctx: DayContext = {
        driver: roundRobin(apps.servers.map((app) => appDriver(sims.slack, app))),
        slack: sims.slack,
        answers,
        record,
        dayStart,
        people: options.people,
        digests: options.digests,
        answerTimeoutMs: options.onePass ? 10_000 : 30_000,
        homeOpeners: new Set(),
      };
      await new Promise((r) => setTimeout(r, Math.max(0, dayStart - Date.now())));
      options.progress?.(`  the day starts (app ready in ${first.startMs.toFixed(0)} ms)`);
      await options.observe?.dayStarts();
      markDayStart(apps);
      const loop = monitorEventLoopDelay({ resolution: 10 });
      loop.enable();
      const { commands, homes } = await runDay(ctx, options, dayStart);
      loop.disable();
      // Digests and alerts may still be on their way: the day ends when they are posted, or when
      // none has come for 30 s (at most 5 minutes on): a fan-out past Slack's workspace rate is
      // still posting, not lost, and the floor row judges how long it took.
      const expect = {
        digestChannels: new Set(Array.from({ length: options.digests }, (_, i) => digestChannel(i))),
        alertChannels: new Set(Array.from({ length: options.watchChannels }, (_, i) => watchChannel(i))),
        alertingWatchIds,
        workspacePosts: { perMinute: DEFAULT_PACING.perMinute, burst: DEFAULT_PACING.burst },
      };
      const deadline = Date.now() + 300_000;
      let posted = -1;
      let lastProgress = Date.now();
      while (Date.now() < deadline && Date.now() - lastProgress < 30_000) {
        const { digests, alerts } = tallyDay(sims.slack.calls, expect);
        if (digests.missed === 0 && alerts.missed === 0) break;
        if (digests.posted + alerts.posted > posted) {
          posted = digests.posted + alerts.posted;
          lastProgress = Date.now();
        }
        await new Promise((r) => setTimeout(r, 1_000));
      }
      // A moment more, so that a second post of the same digest or alert would be seen.
      await new Promise((r) => setTimeout(r, options.replicas ? 3_000 : 500));
      await options.observe?.dayEnds();
      clearInterval(sampler);
      stopped = await stopDayApps(apps);

      const tally = tallyDay(sims.slack.calls, expect);
      const peaks = stopped.flatMap((a) => (a.peakRssMiB === undefined ? [] : [a.peakRssMiB]));
      const result: BusyDayResult = {
        ...record,
        ...tally,
        shape: options,
        durationMs: options.durationMs,
        answerTimeoutMs: ctx.answerTimeoutMs,
        commands,
        homes,
        startMs: first.startMs,
        peakRssMiB: peaks.length === 0 ? undefined : Math.max(...peaks),
        apps: stopped,
        sampledPeak,
        digests: {
          ...tally.digests,
          due: options.digests,
          dueAt: digestsDueAt,
          lastPostedAfterDueMs:
            tally.digests.posted === 0 ? Number.NaN : Math.max(...tally.digests.firstAt) - digestsDueAt,
        },
        alerts: {
          ...tally.alerts,
          firstToLastMs:
            tally.alerts.posted === 0
              ? Number.NaN
              : Math.max(...tally.alerts.firstAt) - Math.min(...tally.alerts.firstAt),
        },
        watchStatsCalls: sims.mgmt.statsCalls.filter((c) => c.id.startsWith('idx-wt-')).length,
        harnessLoopDelayMs: { p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 },
      };
      options.progress?.(
        `  ${commands} commands, ${homes} Home opens; digests ${result.digests.posted}/${result.digests.due}, ` +
          `alerts ${result.alerts.posted}/${result.alerts.expected}; ${result.rateLimited} × 429; ` +
          `peak RSS ${result.peakRssMiB?.toFixed(0)} MiB; ${record.failures.length} failures`,
      );
      return result;
    } finally {
      clearInterval(sampler);
      if (stopped === undefined) await stopDayApps(apps);
    }
  } finally {
    answers.close();
    await sims.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * How long saving the workspace may take before the day starts: generous for a busy machine
 * (a few ms a row), since the due times are written before it is known.
 */
function seedAllowanceMs(shape: DayShape): number {
  return 2_000 + 8 * (shape.digests + shape.watches);
}

/** How many commands the day sends. */
const commandsOf = (options: BusyDayOptions) =>
  options.onePass ? deal(true).length : Math.floor((options.durationMs / 1000) * options.commandsPerSec);

/**
 * The workspace's channels, all public with everyone in them, as conversations.list gives them:
 * the approval channel, the digests', the watches' and the one each command is typed in.
 */
function dayChannels(options: BusyDayOptions): Record<string, { name: string }> {
  const ids = [
    SIM_IDS.approvalChannel,
    ...Array.from({ length: options.digests }, (_, i) => digestChannel(i)),
    ...Array.from({ length: options.watchChannels }, (_, i) => watchChannel(i)),
    ...Array.from({ length: commandsOf(options) }, (_, n) => commandChannel(n)),
  ];
  return Object.fromEntries(ids.map((id) => [id, { name: id.toLowerCase() }]));
}

/** Commands at a steady rate, dealt from the mix; Home opens in between. Returns once every answer is in. */
async function runDay(ctx: DayContext, options: BusyDayOptions, dayStart: number) {
  const deck = deal(options.onePass);
  const commandCount = commandsOf(options);
  const homeCount = Math.floor((commandCount / options.commandsPerSec) * options.homesPerSec);
  const plan: Array<{ at: number; run: () => Promise<void> }> = [];
  for (let n = 0; n < commandCount; n++) {
    const op = deck[n % deck.length] as CommandOp;
    plan.push({ at: (n * 1000) / options.commandsPerSec, run: () => runCommand(ctx, op, n) });
  }
  for (let n = 0; n < homeCount; n++)
    plan.push({ at: ((n + 0.5) * 1000) / options.homesPerSec, run: () => openHome(ctx, n) });
  plan.sort((a, b) => a.at - b.at);
  const start = performance.now() - (Date.now() - dayStart);
  const running: Promise<void>[] = [];
  for (const step of plan) {
    const wait = start + step.at - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    running.push(
      step.run().catch((error: unknown) => {
        ctx.record.failures.push(error instanceof Error ? error.message : String(error));
      }),
    );
  }
  await Promise.all(running);
  return { commands: commandCount, homes: homeCount };
}

/** The mix in a fixed shuffled order: the same day every run. */
function deal(onePass: boolean): CommandOp[] {
  const ops = Object.entries(COMMAND_DECK).flatMap(([op, weight]) =>
    Array.from({ length: onePass ? 1 : weight }, () => op as CommandOp),
  );
  // A fixed interleaving (not random): spread each kind over the deck.
  return ops
    .map((op, i) => ({ op, key: (i * 7919) % ops.length }))
    .sort((a, b) => a.key - b.key)
    .map((e) => e.op);
}
