// Runs the benchmarks of issue 9 and returns one table. The apps under test, the load generator
// and the harness (which hosts the simulators) are separate processes; see BENCHMARKS.md.
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Sims, startSims } from '../../src/sim/standalone.ts';
import { SIM_CREDENTIALS, SIM_IDS } from '../../src/sim/workspace.ts';
import { type AckPathResult, ackPathRows, benchAckPath } from './ack-path.ts';
import {
  type AckUnderRenderResult,
  ackUnderRenderRows,
  benchAckUnderRender,
  warmRenderer,
} from './ack-under-render.ts';
import { type CardRenderResult, cardRenderRows, runCardRender } from './card-render.ts';
import { benchColdStart, type ColdStartResult } from './cold-start.ts';
import { benchDigestFanout, type DigestFanoutResult, digestFanoutRows } from './digest-fanout.ts';
import { footprintRows, type PeakRss } from './footprint.ts';
import { type LoadGenerator, startLoadGenerator } from './load-client.ts';
import { describeMachine, loadNow, type Machine } from './machine.ts';
import { loopProbe } from './probe-client.ts';
import { freePort, opsbotEntry, PEER_MAIN, type ServerProcess, spawnServer } from './processes.ts';
import { FULL, QUICK, type Settings } from './settings.ts';
import { appDriver, benchStatsEndToEnd, type StatsE2eResult, statsE2eRows } from './stats-e2e.ts';
import { absentRow, type Row } from './table.ts';
import { benchWatchTick, type WatchTickResult, watchTickRows } from './watch-tick.ts';

export type BenchOptions = {
  quick?: boolean;
  /** Item numbers to run (1–7); all by default. */
  items?: readonly number[];
  progress?: (line: string) => void;
  /** Write a V8 CPU profile of every opsbot process under load into this directory. */
  cpuProfileDir?: string;
};

export type BenchReport = {
  machine: Machine;
  settings: Settings;
  rows: Row[];
  ackPath?: AckPathResult[];
  ackUnderRender?: AckUnderRenderResult;
  statsE2e?: StatsE2eResult;
  cardRender?: CardRenderResult;
  digestFanout?: DigestFanoutResult;
  watchTick?: WatchTickResult;
  coldStart?: ColdStartResult;
  peaks: PeakRss[];
};

/** What opsbot's help card lists: the features wired into the running app. */
export type Features = { vectorStats: boolean; digests: boolean };

const NOT_WIRED = 'not in the help card of the running app (feature not wired into src/app.ts yet)';

export async function runBenchmarks(options: BenchOptions = {}): Promise<BenchReport> {
  const settings = options.quick ? QUICK : FULL;
  const want = (item: number) => options.items === undefined || options.items.includes(item);
  const progress = options.progress ?? (() => {});
  const nodeArgs = options.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`] : [];
  const report: BenchReport = { machine: describeMachine(), settings, rows: [], peaks: [] };
  const sims = await startSims();
  const load = startLoadGenerator();
  const responseUrl = sims.slack.newResponseUrl({ channel: SIM_IDS.generalChannel, user: SIM_IDS.requester });
  const running: ServerProcess[] = [];
  let features: Features | undefined;
  const section = async (item: number, name: string, body: () => Promise<Row[]>) => {
    if (!want(item)) return;
    progress(`${item}. ${name}`);
    try {
      report.rows.push(...(await body()));
    } catch (error) {
      const message =
        (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? 'unknown error';
      progress(`  failed: ${message}`);
      report.rows.push(absentRow(item, name, 'failed', message));
    }
  };

  try {
    // Cold starts first, while nothing else runs on the machine.
    await section(6, 'Cold start', async () => {
      report.coldStart = await benchColdStart({
        runs: settings.coldStart.runs,
        appEnv: sims.appEnv,
        peerEnv: peerEnv(sims),
        warmup: !settings.quick,
        progress,
      });
      return [];
    });

    if (want(1) || want(3)) {
      // One app process for items 1 and 3: a long-running deployment, as Slack would reach it.
      const opsbot = await startApp(sims, nodeArgs);
      running.push(opsbot);
      const help = await helpCard(sims, opsbot);
      features = help.features;
      await section(1, 'Ack path: opsbot vs bare Bolt', () =>
        ackPath(sims, load, opsbot, help.card, responseUrl, settings, report, progress),
      );
      await section(3, 'Stats end to end', async () => {
        if (!help.features.vectorStats)
          return [absentRow(3, 'Stats end to end', 'not available yet', NOT_WIRED)];
        report.statsE2e = await benchStatsEndToEnd({
          slack: sims.slack,
          app: opsbot,
          ...settings.statsE2e,
          progress,
        });
        return statsE2eRows(report.statsE2e);
      });
      const phases = [1, 3].filter(want);
      report.peaks.push({
        phase: `item${phases.length > 1 ? 's' : ''} ${phases.join(' and ')}`,
        opsbotMiB: opsbot.peakRssMiB(),
      });
      await opsbot.stop();
    }

    await section(2, 'Ack under rendering', async () => {
      // Its own app process, watched by loop-probe.ts (items 1 and 3 run without it).
      const probe = loopProbe();
      const opsbot = await startApp(sims, [...nodeArgs, ...probe.nodeArgs], probe.env);
      running.push(opsbot);
      try {
        features ??= (await helpCard(sims, opsbot)).features;
        if (!features.vectorStats)
          return [absentRow(2, 'Ack under rendering', 'not available yet', NOT_WIRED)];
        await warmRenderer(sims.slack, load, opsbot, responseUrl);
        const s = settings.ackUnderRender;
        report.ackUnderRender = await benchAckUnderRender({
          load,
          slack: sims.slack,
          app: opsbot,
          responseUrl,
          probe,
          ...s,
          progress,
        });
        report.peaks.push({ phase: 'item 2', opsbotMiB: opsbot.peakRssMiB() });
        return ackUnderRenderRows(report.ackUnderRender, s.cheapPerSec, s.statsPerSec);
      } finally {
        await opsbot.stop();
        probe.dispose();
      }
    });

    await section(4, 'Card render', async () => {
      const result = await runCardRender(settings.quick);
      if (result.kind === 'absent')
        return [absentRow(4, 'Card render (bench/render-card.ts)', 'not available yet', result.reason)];
      report.cardRender = result;
      return cardRenderRows(result);
    });

    await section(5, 'Digest fan-out', async () => {
      features ??= await probeFeatures(sims);
      if (!features.digests) return [absentRow(5, 'Digest fan-out', 'not available yet', NOT_WIRED)];
      report.digestFanout = await benchDigestFanout({ ...settings.digest, nodeArgs, progress });
      report.peaks.push({ phase: 'item 5', opsbotMiB: report.digestFanout.peakRssMiB });
      return digestFanoutRows(report.digestFanout);
    });

    await section(7, 'Watch tick', async () => {
      report.watchTick = await benchWatchTick(settings.watches);
      return watchTickRows(report.watchTick);
    });

    if (want(6)) report.rows.push(...footprintRows(report.coldStart, report.peaks));
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
    report.peaks.push({ phase: 'item 1 (peer)', opsbotMiB: undefined, peerMiB: peer.peakRssMiB() });
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

/** Asks a running app for its help card: the peer acks with the same bytes, and it lists the features. */
async function helpCard(sims: Sims, app: ServerProcess): Promise<{ card: unknown; features: Features }> {
  const res = await appDriver(sims.slack, app).command('help', {
    userId: SIM_IDS.requester,
    channelId: SIM_IDS.generalChannel,
  });
  if (res.status !== 200) throw new Error(`opsbot answered /ops help with HTTP ${res.status}`);
  const card: unknown = JSON.parse(res.body);
  const text = JSON.stringify(card);
  return { card, features: { vectorStats: text.includes('vector stats'), digests: /\bdigest\b/.test(text) } };
}

/** Starts the app briefly to read its help card (when items 1–3 did not run). */
async function probeFeatures(sims: Sims): Promise<Features> {
  const port = await freePort();
  const app = await spawnServer({
    name: 'opsbot (probe)',
    script: opsbotEntry(),
    env: sims.appEnv({ PORT: String(port) }),
    ready: { port },
  });
  try {
    return (await helpCard(sims, app)).features;
  } finally {
    await app.stop();
  }
}
