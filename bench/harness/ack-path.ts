// Item 5 (information, no target): the ack path. The same signed `/ops help` is sent to opsbot and to a bare Bolt app
// (acking empty, and acking a card of the same bytes as opsbot's help card), one target at a time,
// in interleaved rounds, at each concurrency.
import { SIM_CREDENTIALS, SIM_IDS } from '../../src/sim/workspace.ts';
import type { LoadGenerator } from './load-client.ts';
import type { CommandSpec, StreamResult } from './load-protocol.ts';
import { fmtSpread, ratio, spread } from './numbers.ts';
import { cpuSeconds, type ServerProcess } from './processes.ts';
import type { Row } from './table.ts';

export type AckTarget = 'opsbot' | 'bolt' | 'boltCard';

export type AckRun = StreamResult & {
  /** The server's CPU time (all threads) per answered request, µs; NaN without /proc. */
  cpuUsPerRequest: number;
};

export type AckPathResult = {
  concurrency: number;
  runs: Record<AckTarget, AckRun[]>;
};

export type AckPathOptions = {
  load: LoadGenerator;
  opsbot: ServerProcess;
  peer: ServerProcess;
  responseUrl: string;
  concurrencies: readonly number[];
  rounds: number;
  warmupMs: number;
  durationMs: number;
  progress?: (line: string) => void;
};

export function helpCommand(responseUrl: string, command = '/ops'): CommandSpec {
  return {
    command,
    text: 'help',
    channelId: SIM_IDS.generalChannel,
    userId: SIM_IDS.requester,
    responseUrl,
    signingSecret: SIM_CREDENTIALS.signingSecret,
    teamId: SIM_IDS.teamId,
    appId: SIM_IDS.appId,
  };
}

export async function benchAckPath(options: AckPathOptions): Promise<AckPathResult[]> {
  const { load, opsbot, peer } = options;
  const targets: Record<AckTarget, { url: string; command: string; pid: number }> = {
    opsbot: { url: opsbot.eventsUrl, command: '/ops', pid: opsbot.pid },
    bolt: { url: peer.eventsUrl, command: '/ops', pid: peer.pid },
    boltCard: { url: peer.eventsUrl, command: '/ops-card', pid: peer.pid },
  };
  const order: AckTarget[] = ['opsbot', 'bolt', 'boltCard'];
  const results: AckPathResult[] = [];
  for (const concurrency of options.concurrencies) {
    const runs: Record<AckTarget, AckRun[]> = { opsbot: [], bolt: [], boltCard: [] };
    for (let round = 0; round < options.rounds; round++) {
      // A, B, C then C, B, A: neither side always runs right after the other.
      const sequence = round % 2 === 0 ? order : [...order].reverse();
      for (const target of sequence) {
        const { url, command, pid } = targets[target];
        const cpu0 = cpuSeconds(pid);
        const result = await load.run({
          kind: 'closed',
          url,
          concurrency,
          warmupMs: options.warmupMs,
          durationMs: options.durationMs,
          request: helpCommand(options.responseUrl, command),
        });
        const stream = result.streams[0];
        if (stream === undefined) throw new Error('load generator returned no stream');
        if (stream.errors > 0)
          throw new Error(`${target}: ${stream.errors} failed requests (${stream.firstError})`);
        const cpu1 = cpuSeconds(pid);
        const cpuUsPerRequest =
          cpu0 === undefined || cpu1 === undefined ? Number.NaN : ((cpu1 - cpu0) * 1e6) / stream.total;
        runs[target].push({ ...stream, cpuUsPerRequest });
        options.progress?.(
          `  ack c=${concurrency} round ${round + 1} ${target}: ${stream.reqPerSec.toFixed(0)} req/s, ` +
            `p50 ${stream.p50Ms.toFixed(2)} ms, p99 ${stream.p99Ms.toFixed(2)} ms, CPU ${cpuUsPerRequest.toFixed(0)} µs/request`,
        );
      }
    }
    results.push({ concurrency, runs });
  }
  return results;
}

/**
 * req/s, p50 and p99 against bare Bolt, then against Bolt acking the same card. Information only:
 * a person in Slack cannot tell 6,000 acks a second from 8,000; item 1's ack p99 is the target.
 */
export function ackPathRows(results: readonly AckPathResult[]): Row[] {
  const rows: Row[] = [];
  for (const { concurrency, runs } of results) {
    const metric = (target: AckTarget, pick: (s: AckRun) => number) => spread(runs[target].map(pick));
    // Ratios are taken per round (the two sides ran seconds apart) and then their median: a
    // burst of other work on the machine moves both sides of a pair, not just one.
    const compare = (name: string, peer: AckTarget, pick: (s: AckRun) => number, unit: string) => {
      const a = metric('opsbot', pick);
      const b = metric(peer, pick);
      const paired = spread(runs.opsbot.map((s, i) => ratio(pick(s), pick(runs[peer][i] ?? s))));
      return { name, a, b, paired, unit };
    };
    const at = `${concurrency} concurrent`;
    const rps = compare(`Ack \`/ops help\`, ${at}: req/s`, 'bolt', (s) => s.reqPerSec, '');
    const p50 = compare(`Ack, ${at}: p50`, 'bolt', (s) => s.p50Ms, ' ms');
    const p99 = compare(`Ack, ${at}: p99`, 'bolt', (s) => s.p99Ms, ' ms');
    const cpu = compare(`Ack, ${at}: server CPU per request`, 'bolt', (s) => s.cpuUsPerRequest, ' µs');
    const cardCpu = compare(
      `Ack, ${at}: server CPU per request vs Bolt acking the same card`,
      'boltCard',
      (s) => s.cpuUsPerRequest,
      ' µs',
    );
    const cardRps = compare(
      `Ack, ${at}: req/s vs Bolt acking the same card`,
      'boltCard',
      (s) => s.reqPerSec,
      '',
    );
    const cardP99 = compare(
      `Ack, ${at}: p99 vs Bolt acking the same card`,
      'boltCard',
      (s) => s.p99Ms,
      ' ms',
    );
    const row = (c: ReturnType<typeof compare>): Row => ({
      item: 5,
      name: c.name,
      opsbot: fmtSpread(c.a, c.unit),
      peer: fmtSpread(c.b, c.unit),
      ratio: fmtSpread(c.paired, '×'),
      target: '—',
      verdict: 'info',
    });
    rows.push(...[rps, p50, p99, cpu, cardRps, cardP99, cardCpu].map(row));
  }
  return rows;
}
