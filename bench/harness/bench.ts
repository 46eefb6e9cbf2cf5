// Runs the benchmarks and returns one table: the targets of what a person or an operator notices
// (items 1–3), information alongside the peers (items 4 and 5), then the busy day at five and ten
// times its shape and how its cost grows (items 6–8), and how many stats commands at once one
// process answers (item 10). The apps
// under test, the load generator and the harness (which hosts the simulators) are separate
// processes; see BENCHMARKS.md.
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Sims, startSims } from '../../src/sim/standalone.ts';
import { SIM_CREDENTIALS, SIM_IDS } from '../../src/sim/workspace.ts';
import { type AckPathResult, ackPathRows, benchAckPath } from './ack-path.ts';
import { type BusyDayResult, benchBusyDay } from './busy-day.ts';
import { type CardRenderResult, cardRenderRows, runCardRender } from './card-render.ts';
import { benchColdStart, type ColdStartResult } from './cold-start.ts';
import { busyDayRows } from './day-rows.ts';
import { footprintRows, type PeakRss } from './footprint.ts';
import { type LoadGenerator, startLoadGenerator } from './load-client.ts';
import { describeMachine, loadNow, type Machine } from './machine.ts';
import { freePort, opsbotEntry, PEER_MAIN, type ServerProcess, spawnServer } from './processes.ts';
import { benchDatabaseUrl } from './replicas-db.ts';
import {
  benchFiveTimes,
  benchGrowth,
  benchReplicas,
  type ReplicasDay,
  type ScaleOptions,
  type Sides,
} from './scale-items.ts';
import { fiveTimesRows, growthRows, replicasRows } from './scale-rows.ts';
import { FULL, QUICK, type Settings } from './settings.ts';
import { benchStatsBurst, type StatsBurstResult, statsBurstRows } from './stats-burst.ts';
import { appDriver, benchStatsEndToEnd, type StatsE2eResult, statsE2eRows } from './stats-e2e.ts';
import { absentRow, type Row } from './table.ts';

/** The items, in the order of the table: 1–3 have targets, 4 and 5 are information, 6–8 the larger days. */
export const ITEMS = {
  1: 'Busy day',
  2: 'Cold start',
  3: 'Stats end to end',
  4: 'Card render',
  5: 'Ack path: opsbot vs bare Bolt',
  6: 'Five times the busy day on one process',
  7: 'Ten times the busy day on replicas sharing PostgreSQL',
  8: 'How cost grows with the day',
  9: 'Twenty times the busy day on five replicas sharing PostgreSQL (information)',
  10: 'Stats burst: how many stats commands at once one process answers',
} as const;

export type BenchOptions = {
  quick?: boolean;
  /** Item numbers to run (1–10); all by default. */
  items?: readonly number[];
  /** Replaces the settings `quick` picks (a smoke run of items 6–8 at a smaller shape). */
  settings?: Settings;
  /** An earlier checkout measured alongside this one in items 6–8 (its before column). */
  beforeDir?: string;
  /** Where item 7's replicas find PostgreSQL; TEST_DATABASE_URL or DATABASE_URL by default. */
  databaseUrl?: string | undefined;
  progress?: (line: string) => void;
  /** Write a V8 CPU profile of every opsbot process under load into this directory. */
  cpuProfileDir?: string;
};

export type BenchReport = {
  machine: Machine;
  settings: Settings;
  rows: Row[];
  busyDay?: BusyDayResult;
  ackPath?: AckPathResult[];
  statsE2e?: StatsE2eResult;
  cardRender?: CardRenderResult;
  coldStart?: ColdStartResult;
  fiveTimes?: Sides<BusyDayResult>[];
  replicas?: Sides<ReplicasDay>;
  growth?: { times: number; sides: Sides<BusyDayResult> }[];
  statsBurst?: StatsBurstResult[];
  peaks: PeakRss[];
};

export async function runBenchmarks(options: BenchOptions = {}): Promise<BenchReport> {
  const settings = options.settings ?? (options.quick ? QUICK : FULL);
  const want = (item: number) => options.items === undefined || options.items.includes(item);
  const progress = options.progress ?? (() => {});
  const nodeArgs = options.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`] : [];
  const report: BenchReport = { machine: describeMachine(), settings, rows: [], peaks: [] };
  const sims = await startSims();
  const load = startLoadGenerator();
  const responseUrl = sims.slack.newResponseUrl({ channel: SIM_IDS.generalChannel, user: SIM_IDS.requester });
  const running: ServerProcess[] = [];
  const section = async (item: keyof typeof ITEMS, body: () => Promise<Row[]>) => {
    if (!want(item)) return;
    progress(`${item}. ${ITEMS[item]}`);
    try {
      report.rows.push(...(await body()));
    } catch (error) {
      const message =
        (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? 'unknown error';
      progress(`  failed: ${message}`);
      report.rows.push(absentRow(item, ITEMS[item], 'failed', message));
    }
  };

  try {
    // Cold starts first, while nothing else runs on the machine.
    await section(2, async () => {
      report.coldStart = await benchColdStart({
        runs: settings.coldStart.runs,
        appEnv: sims.appEnv,
        peerEnv: peerEnv(sims),
        warmup: !settings.quick,
        progress,
      });
      return [];
    });

    await section(1, async () => {
      report.busyDay = await benchBusyDay({ ...settings.day, nodeArgs, progress });
      report.peaks.push({ phase: 'item 1', opsbotMiB: report.busyDay.peakRssMiB });
      return busyDayRows(report.busyDay);
    });

    if (want(3) || want(5)) {
      // One app process for items 3 and 5: a long-running deployment, as Slack would reach it.
      const opsbot = await startApp(sims, nodeArgs);
      running.push(opsbot);
      await section(3, async () => {
        report.statsE2e = await benchStatsEndToEnd({
          slack: sims.slack,
          app: opsbot,
          ...settings.statsE2e,
          progress,
        });
        return statsE2eRows(report.statsE2e);
      });
      await section(5, async () => {
        const card = await helpCard(sims, opsbot);
        return ackPath(sims, load, opsbot, card, responseUrl, settings, report, progress);
      });
      const phases = [3, 5].filter(want);
      report.peaks.push({
        phase: `item${phases.length > 1 ? 's' : ''} ${phases.join(' and ')}`,
        opsbotMiB: opsbot.peakRssMiB(),
      });
      await opsbot.stop();
    }

    await section(4, async () => {
      const result = await runCardRender(settings.quick);
      if (result.kind === 'absent')
        return [absentRow(4, 'Card render (bench/render-card.ts)', 'not available yet', result.reason)];
      report.cardRender = result;
      return cardRenderRows(result);
    });

    const scale: ScaleOptions = {
      scale: settings.scale,
      beforeDir: options.beforeDir,
      nodeArgs,
      progress,
    };
    await section(6, async () => {
      report.fiveTimes = await benchFiveTimes(scale);
      return report.fiveTimes.flatMap(fiveTimesRows);
    });
    const onReplicas = (item: 7 | 9, which: 'replicas' | 'manyReplicas', times: number) =>
      section(item, async () => {
        const databaseUrl = 'databaseUrl' in options ? options.databaseUrl : benchDatabaseUrl();
        if (databaseUrl === undefined) {
          progress('  skipped: neither TEST_DATABASE_URL nor DATABASE_URL names a PostgreSQL');
          return [
            absentRow(item, ITEMS[item], 'skipped', 'neither TEST_DATABASE_URL nor DATABASE_URL is set'),
          ];
        }
        const sides = await benchReplicas(scale, databaseUrl, which);
        if (item === 7) report.replicas = sides;
        return replicasRows(sides, item, times);
      });
    await onReplicas(7, 'replicas', 10);
    await section(8, async () => {
      report.growth = await benchGrowth(scale, report.fiveTimes);
      return growthRows(report.growth);
    });

    await onReplicas(9, 'manyReplicas', 20);

    await section(10, async () => {
      report.statsBurst = await benchStatsBurst({
        sims,
        start: () => startApp(sims, nodeArgs, { LOG_LEVEL: 'warn', DIGEST_TICK_MS: '3600000' }),
        sizes: settings.statsBurst.sizes,
        progress,
      });
      return statsBurstRows(report.statsBurst);
    });

    if (want(2)) report.rows.push(...footprintRows(report.coldStart, report.peaks));
  } finally {
    await Promise.allSettled(running.map((p) => p.stop()));
    await load.close();
    await sims.close();
  }
  report.rows.sort((a, b) => a.item - b.item);
  report.machine.loadAtEnd = loadNow();
  return report;
}

async function ackPath(
  sims: Sims,
  load: LoadGenerator,
  opsbot: ServerProcess,
  card: unknown,
  responseUrl: string,
  settings: Settings,
  report: BenchReport,
  progress: (line: string) => void,
): Promise<Row[]> {
  // The peer acks `/ops-card` with the very bytes opsbot's help answer has.
  const cardFile = join(tmpdir(), `opsbot-bench-card-${process.pid}.json`);
  writeFileSync(cardFile, JSON.stringify(card));
  const peer = await spawnServer({
    name: 'bolt',
    script: PEER_MAIN,
    env: { ...peerEnv(sims), PEER_CARD_FILE: cardFile },
    ready: 'line',
  });
  try {
    report.ackPath = await benchAckPath({ load, opsbot, peer, responseUrl, ...settings.ack, progress });
    report.peaks.push({ phase: 'item 5 (peer)', opsbotMiB: undefined, peerMiB: peer.peakRssMiB() });
    return ackPathRows(report.ackPath);
  } finally {
    await peer.stop();
    rmSync(cardFile, { force: true });
  }
}

/** `node src/main.ts` on a port chosen here: at LOG_LEVEL=warn it prints no "listening" line. */
async function startApp(sims: Sims, nodeArgs: readonly string[], env: Record<string, string> = {}) {
  const port = await freePort();
  return spawnServer({
    name: 'opsbot',
    script: opsbotEntry(),
    env: { ...sims.appEnv({ PORT: String(port) }), ...env },
    ready: { port },
    nodeArgs,
  });
}

function peerEnv(sims: Sims): Record<string, string> {
  return {
    PEER_BOT_TOKEN: SIM_CREDENTIALS.botToken,
    PEER_SIGNING_SECRET: SIM_CREDENTIALS.signingSecret,
    PEER_SLACK_API_URL: sims.slack.apiUrl,
    PEER_PORT: '0',
  };
}

/** Asks a running app for its help card: the peer acks with the same bytes. */
async function helpCard(sims: Sims, app: ServerProcess): Promise<unknown> {
  const res = await appDriver(sims.slack, app).command('help', {
    userId: SIM_IDS.requester,
    channelId: SIM_IDS.generalChannel,
  });
  if (res.status !== 200) throw new Error(`opsbot answered /ops help with HTTP ${res.status}`);
  return JSON.parse(res.body);
}
