// Item 1: a realistic busy day, compressed. A 200-person workspace's morning against the
// simulators with Slack's rate limits on: commands at 2 per second in a realistic mix, Home opened
// once a second, 200 digests falling due in the same minute and 500 threshold watches checked
// twice, all at once, in one app process of its own. Measured: the time from sending each signed
// request to the answer a person sees, the ack of every request, the app's peak resident set
// (all threads) and every HTTP 429 Slack answered. See BENCHMARKS.md for how the day is built.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { SimCall } from '../../src/sim/slack/index.ts';
import { startSims } from '../../src/sim/standalone.ts';
import { watchAnswers } from './day-answers.ts';
import { COMMAND_DECK, type CommandOp, type DayContext, openHome, runCommand } from './day-load.ts';
import { type DayRecord, newRecord } from './day-record.ts';
import {
  alertingWatches,
  type DayShape,
  dayIndexes,
  digestChannel,
  people,
  seedDay,
  watchChannel,
} from './day-seed.ts';
import { freePort, opsbotEntry, procStatusMiB, spawnServer } from './processes.ts';
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
  nodeArgs?: readonly string[];
  progress?: (line: string) => void;
};

export type BusyDayResult = DayRecord & {
  shape: DayShape;
  durationMs: number;
  commands: number;
  homes: number;
  /** Spawn → ready (the health probe answers), on the seeded database. */
  startMs: number;
  /** VmHWM of the app process at the end of the day (the kernel's peak: all threads). */
  peakRssMiB: number | undefined;
  /** The highest VmRSS sampled every 100 ms, and when (s after the day started). */
  sampledPeak: { mib: number; atS: number } | undefined;
  digests: { due: number; posted: number; lastPostedAfterDueMs: number };
  alerts: { expected: number; posted: number; firstToLastMs: number };
  /** Management API stats calls for the watches' indexes (one per index and check cycle when shared). */
  watchStatsCalls: number;
  rateLimited: number;
  failedSlackCalls: number;
  /** views.publish calls (answered or not): a Home open publishes once, a change republishes. */
  homePublishes: number;
  /**
   * The harness's own event-loop delay during the day, ms (p99, max): the simulators and the
   * driver share it, so a large value would mean the harness, not the app, delayed what it timed.
   */
  harnessLoopDelayMs: { p99: number; max: number };
  /** 429s on the digests' and alerts' posts (their channels, and the uploads every card shares). */
  postingRateLimited: number;
  /** Slack methods that answered 429, with counts. */
  rateLimitedMethods: Record<string, number>;
};

const LEAD_IN_MS = 1_500;

export async function benchBusyDay(options: BusyDayOptions): Promise<BusyDayResult> {
  const sims = await startSims({ rateLimits: true, indexes: dayIndexes(options), users: people(options) });
  const dir = mkdtempSync(join(tmpdir(), 'opsbot-bench-day-'));
  const databasePath = join(dir, 'opsbot.sqlite');
  const answers = watchAnswers(sims.slack);
  try {
    // The day starts a moment after the app is ready; what the database holds is timed against it.
    const dayStart = Date.now() + LEAD_IN_MS + 1_000;
    const digestsDueAt = dayStart + options.digestsAtMs;
    await seedDay(databasePath, options, { digestsDueAt, watchesDueAt: dayStart + options.watchesAtMs });
    const port = await freePort();
    const app = await spawnServer({
      name: 'opsbot (busy day)',
      script: opsbotEntry(),
      env: sims.appEnv({
        PORT: String(port),
        DATABASE_PATH: databasePath,
        WATCH_INTERVAL_MS: String(options.watchIntervalMs),
        DIGEST_TICK_MS: String(options.digestTickMs),
      }),
      ready: { port },
      ...(options.nodeArgs ? { nodeArgs: options.nodeArgs } : {}),
    });
    let sampledPeak: BusyDayResult['sampledPeak'];
    const sampler = setInterval(() => {
      const mib = procStatusMiB(app.pid, 'VmRSS');
      if (mib !== undefined && mib > (sampledPeak?.mib ?? 0))
        sampledPeak = { mib, atS: (Date.now() - dayStart) / 1000 };
    }, 100);
    const record = newRecord();
    const ctx: DayContext = {
      driver: appDriver(sims.slack, app),
      slack: sims.slack,
      answers,
      record,
      dayStart,
      people: options.people,
      digests: options.digests,
      answerTimeoutMs: options.onePass ? 10_000 : 30_000,
    };
    await new Promise((r) => setTimeout(r, Math.max(0, dayStart - Date.now())));
    options.progress?.(`  the day starts (app ready in ${app.startMs.toFixed(0)} ms)`);
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const { commands, homes } = await runDay(ctx, options, dayStart);
    loop.disable();
    // Digests and alerts may still be on their way; the day ends when they are posted (or 60 s).
    const digestsWanted = new Set(Array.from({ length: options.digests }, (_, i) => digestChannel(i)));
    const alertChannels = new Set(Array.from({ length: options.watchChannels }, (_, i) => watchChannel(i)));
    const expectedAlerts = alertingWatches(options);
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const digests = firstPosts(sims.slack.calls, digestsWanted).size;
      const alerts = posts(sims.slack.calls, alertChannels).length;
      if (digests >= digestsWanted.size && alerts >= expectedAlerts) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await new Promise((r) => setTimeout(r, 500));
    clearInterval(sampler);
    const peakRssMiB = app.peakRssMiB();
    await app.stop();

    const digestPosts = firstPosts(sims.slack.calls, digestsWanted);
    const alertPosts = posts(sims.slack.calls, alertChannels).map((c) => c.at);
    const limited = sims.slack.calls.filter((c) => c.status === 429);
    const result: BusyDayResult = {
      ...record,
      shape: options,
      durationMs: options.durationMs,
      commands,
      homes,
      startMs: app.startMs,
      peakRssMiB,
      sampledPeak,
      digests: {
        due: options.digests,
        posted: digestPosts.size,
        lastPostedAfterDueMs:
          digestPosts.size === 0 ? Number.NaN : Math.max(...digestPosts.values()) - digestsDueAt,
      },
      alerts: {
        expected: expectedAlerts,
        posted: alertPosts.length,
        firstToLastMs:
          alertPosts.length === 0 ? Number.NaN : Math.max(...alertPosts) - Math.min(...alertPosts),
      },
      watchStatsCalls: sims.mgmt.statsCalls.filter((c) => c.id.startsWith('idx-wt-')).length,
      rateLimited: sims.slack.rateLimitedCount,
      postingRateLimited: limited.filter((c) => {
        const channel = String(c.args.channel ?? c.args.channel_id ?? '');
        return digestsWanted.has(channel) || alertChannels.has(channel) || c.method.startsWith('files.');
      }).length,
      failedSlackCalls: sims.slack.calls.filter((c) => !c.ok).length,
      harnessLoopDelayMs: { p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 },
      homePublishes: sims.slack.calls.filter((c) => c.method === 'views.publish').length,
      rateLimitedMethods: Object.fromEntries(
        [...new Set(limited.map((c) => c.method))].map((m) => [
          m,
          limited.filter((c) => c.method === m).length,
        ]),
      ),
    };
    options.progress?.(
      `  ${commands} commands, ${homes} Home opens; digests ${result.digests.posted}/${result.digests.due}, ` +
        `alerts ${result.alerts.posted}/${result.alerts.expected}; ${result.rateLimited} × 429; ` +
        `peak RSS ${peakRssMiB?.toFixed(0)} MiB; ${record.failures.length} failures`,
    );
    return result;
  } finally {
    answers.close();
    await sims.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Commands at a steady rate, dealt from the mix; Home opens in between. Returns once every answer is in. */
async function runDay(ctx: DayContext, options: BusyDayOptions, dayStart: number) {
  const deck = deal(options.onePass);
  const commandCount = options.onePass
    ? deck.length
    : Math.floor((options.durationMs / 1000) * options.commandsPerSec);
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

/** When each wanted channel first got a message (chat.postMessage answered ok). */
function firstPosts(calls: readonly SimCall[], wanted: ReadonlySet<string>): Map<string, number> {
  const first = new Map<string, number>();
  for (const call of calls) {
    if (call.method !== 'chat.postMessage' || !call.ok) continue;
    const channel = String(call.args.channel);
    if (wanted.has(channel) && !first.has(channel)) first.set(channel, call.at);
  }
  return first;
}

/** Top-level messages posted in these channels. */
function posts(calls: readonly SimCall[], channels: ReadonlySet<string>): SimCall[] {
  return calls.filter(
    (c) =>
      c.method === 'chat.postMessage' &&
      c.ok &&
      channels.has(String(c.args.channel)) &&
      c.args.thread_ts === undefined,
  );
}
