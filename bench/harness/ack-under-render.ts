// Item 2: does rendering block the event loop? The p99 ack latency of a cheap command (`/ops help`
// at a steady rate, open loop) with nothing else going on, against the same while 30d stats cards are
// requested, rendered and uploaded at 4 per second. Idle and loaded windows alternate; after each
// loaded window the harness waits until every requested card was posted, so no rendering spills
// into the next idle window.
import type { SlackSimulator } from '../../src/sim/slack/index.ts';
import { helpCommand } from './ack-path.ts';
import type { LoadGenerator } from './load-client.ts';
import type { StreamResult } from './load-protocol.ts';
import { fmtSpread, ratio, spread } from './numbers.ts';
import { cpuSeconds, type LoopProbe, type LoopReport } from './probe-client.ts';
import type { ServerProcess } from './processes.ts';
import { isCardMessage, STATS_INDEX } from './stats-e2e.ts';
import { atMost, type Row } from './table.ts';

export const LOADED_P99_MAX_RATIO = 3;

export type AckUnderRenderResult = {
  idle: StreamResult[];
  loaded: StreamResult[];
  /** The stats commands' own acks during the loaded windows. */
  statsAcks: StreamResult[];
  cardsRequested: number;
  cardsPosted: number;
  /** Longest wait, after a loaded window, for its last card. */
  maxDrainMs: number;
  /** The app's own event-loop delay per window (loop-probe.ts), when it was preloaded. */
  idleLoop: LoopReport[];
  loadedLoop: LoopReport[];
  /** The app's CPU use per window, in cores (1 = one core busy the whole window). */
  idleCores: number[];
  loadedCores: number[];
};

export type AckUnderRenderOptions = {
  load: LoadGenerator;
  slack: SlackSimulator;
  app: ServerProcess;
  responseUrl: string;
  cheapPerSec: number;
  statsPerSec: number;
  rounds: number;
  warmupMs: number;
  durationMs: number;
  probe?: LoopProbe;
  progress?: (line: string) => void;
};

/** Renders a few cards first: the render thread starts on first use, and that is not steady state. */
export async function warmRenderer(
  slack: SlackSimulator,
  load: LoadGenerator,
  app: ServerProcess,
  responseUrl: string,
) {
  const channel = 'C0RENDERWARM';
  const request = {
    ...helpCommand(responseUrl),
    text: `vector stats ${STATS_INDEX} 30d`,
    channelId: channel,
  };
  await load.run({
    kind: 'open',
    url: app.eventsUrl,
    warmupMs: 0,
    durationMs: 1_000,
    streams: [{ label: 'warm', ratePerSec: 3, request }],
  });
  await waitForCards(slack, channel, 3, 30_000);
}

export async function benchAckUnderRender(options: AckUnderRenderOptions): Promise<AckUnderRenderResult> {
  const { load, slack, app } = options;
  const cheap = { label: 'help', ratePerSec: options.cheapPerSec, request: helpCommand(options.responseUrl) };
  const window = {
    kind: 'open' as const,
    url: app.eventsUrl,
    warmupMs: options.warmupMs,
    durationMs: options.durationMs,
  };
  const result: AckUnderRenderResult = {
    idle: [],
    loaded: [],
    statsAcks: [],
    cardsRequested: 0,
    cardsPosted: 0,
    maxDrainMs: 0,
    idleLoop: [],
    loadedLoop: [],
    idleCores: [],
    loadedCores: [],
  };
  // Each window is measured from its start to when its last card was posted.
  const measured = async <T>(run: () => Promise<T>, loop: LoopReport[], cores: number[]): Promise<T> => {
    await options.probe?.take(app.pid);
    const cpu0 = cpuSeconds(app.pid);
    const t0 = Date.now();
    const value = await run();
    const cpu1 = cpuSeconds(app.pid);
    const report = await options.probe?.take(app.pid);
    if (report) loop.push(report);
    if (cpu0 !== undefined && cpu1 !== undefined) cores.push((cpu1 - cpu0) / ((Date.now() - t0) / 1000));
    return value;
  };

  const idleWindow = () =>
    measured(
      async () => {
        const run = await load.run({ ...window, streams: [cheap] });
        const stream = mustBeClean(run.streams[0], 'idle');
        result.idle.push(stream);
        return stream;
      },
      result.idleLoop,
      result.idleCores,
    );
  const loadedWindow = (round: number) =>
    measured(() => loadedRun(round), result.loadedLoop, result.loadedCores);
  const loadedRun = async (round: number) => {
    const channel = `C0RENDER${round}`;
    const stats = {
      label: 'stats',
      ratePerSec: options.statsPerSec,
      request: {
        ...helpCommand(options.responseUrl),
        text: `vector stats ${STATS_INDEX} 30d`,
        channelId: channel,
      },
    };
    const run = await load.run({ ...window, streams: [cheap, stats] });
    const loaded = mustBeClean(run.streams[0], 'loaded');
    const statsAcks = mustBeClean(run.streams[1], 'stats');
    result.loaded.push(loaded);
    result.statsAcks.push(statsAcks);
    const requested = Math.ceil(((options.warmupMs + options.durationMs) * options.statsPerSec) / 1000);
    const drainStarted = Date.now();
    const posted = await waitForCards(slack, channel, requested, 30_000);
    result.maxDrainMs = Math.max(result.maxDrainMs, Date.now() - drainStarted);
    result.cardsRequested += requested;
    result.cardsPosted += posted;
    return loaded;
  };

  for (let round = 0; round < options.rounds; round++) {
    let idle: StreamResult;
    let loaded: StreamResult;
    if (round % 2 === 0) {
      idle = await idleWindow();
      loaded = await loadedWindow(round);
    } else {
      loaded = await loadedWindow(round);
      idle = await idleWindow();
    }
    options.progress?.(
      `  round ${round + 1}: ack p99 idle ${idle.p99Ms.toFixed(1)} ms, while rendering ${loaded.p99Ms.toFixed(1)} ms`,
    );
  }
  options.progress?.(`  cards posted ${result.cardsPosted} of ${result.cardsRequested}`);
  return result;
}

function mustBeClean(stream: StreamResult | undefined, what: string): StreamResult {
  if (stream === undefined) throw new Error(`no ${what} stream in the load result`);
  if (stream.errors > 0) throw new Error(`${what}: ${stream.errors} failed requests (${stream.firstError})`);
  return stream;
}

async function waitForCards(slack: SlackSimulator, channel: string, expected: number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  let posted = 0;
  while (Date.now() < deadline) {
    posted = slack.calls.filter((c) => isCardMessage(c, channel)).length;
    if (posted >= expected) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return posted;
}

export function ackUnderRenderRows(
  result: AckUnderRenderResult,
  cheapPerSec: number,
  statsPerSec: number,
): Row[] {
  const idle = spread(result.idle.map((s) => s.p99Ms));
  const loaded = spread(result.loaded.map((s) => s.p99Ms));
  const pairs = spread(result.loaded.map((s, i) => ratio(s.p99Ms, result.idle[i]?.p99Ms ?? Number.NaN)));
  const statsAckP99 = spread(result.statsAcks.map((s) => s.p99Ms));
  return [
    {
      item: 2,
      name: `Ack p99 of \`/ops help\` at ${cheapPerSec}/s while 30d cards render and upload at ${statsPerSec}/s (baseline: same load, no cards)`,
      opsbot: fmtSpread(loaded, ' ms'),
      peer: fmtSpread(idle, ' ms'),
      ratio: fmtSpread(pairs, '×'),
      target: `≤ ${LOADED_P99_MAX_RATIO}×`,
      ...atMost(pairs.median, LOADED_P99_MAX_RATIO),
    },
    {
      item: 2,
      name: 'Ack under rendering: the stats commands’ own ack p99; cards posted',
      opsbot: fmtSpread(statsAckP99, ' ms'),
      peer: '—',
      ratio: '—',
      target: '—',
      verdict: 'info',
      note: `${result.cardsPosted} of ${result.cardsRequested} cards posted (longest drain after a window ${(result.maxDrainMs / 1000).toFixed(1)} s)`,
    },
    ...(result.loadedLoop.length > 0
      ? [
          {
            item: 2,
            name: 'Ack under rendering: longest event-loop delay of the app per window (its own monitor, 5 ms timer)',
            opsbot: fmtSpread(spread(result.loadedLoop.map((l) => l.maxMs)), ' ms'),
            peer: fmtSpread(spread(result.idleLoop.map((l) => l.maxMs)), ' ms'),
            ratio: '—',
            target: '—',
            verdict: 'info' as const,
            note: 'includes waiting for a CPU when the machine is busy',
          },
        ]
      : []),
    ...(result.loadedCores.length > 0
      ? [
          {
            item: 2,
            name: 'Ack under rendering: CPU the app used per window (all threads; 1.00 = one core)',
            opsbot: fmtSpread(spread(result.loadedCores), ' cores'),
            peer: fmtSpread(spread(result.idleCores), ' cores'),
            ratio: '—',
            target: '—',
            verdict: 'info' as const,
          },
        ]
      : []),
  ];
}
