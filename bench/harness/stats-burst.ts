// Item 10 (information): how many stats commands at once one process answers. `size` signed
// `/ops vector stats <index> 30d` sent together, each for an index of its own (no read shared: the
// heaviest burst), against a fresh `node src/main.ts` under the Procfile's flags (its 160 MiB heap
// cap). Counted: acknowledged (and within Slack's 3 s), answered with the card, answered with the
// BUSY sentence, not answered; the process's peak RSS, and whether it was still up.
import { BUSY } from '../../src/errors.ts';
import type { Sims } from '../../src/sim/standalone.ts';
import { SIM_IDS } from '../../src/sim/workspace.ts';
import { fmt, percentile } from './numbers.ts';
import type { ServerProcess } from './processes.ts';
import { appDriver, isCardMessage } from './stats-e2e.ts';
import type { Row } from './table.ts';

const SLACK_ACK_MS = 3_000;
const ANSWERED_WITHIN_MS = 120_000;

export type StatsBurstResult = {
  size: number;
  acked: number;
  ackedInTime: number;
  ackP99Ms: number;
  ackMaxMs: number;
  cards: number;
  busy: number;
  unanswered: number;
  peakRssMiB: number | undefined;
  alive: boolean;
};

export async function benchStatsBurst(options: {
  sims: Sims;
  start: () => Promise<ServerProcess>;
  sizes: readonly number[];
  progress?: (line: string) => void;
}): Promise<StatsBurstResult[]> {
  const results: StatsBurstResult[] = [];
  for (const size of options.sizes) {
    // A fresh process per size: its peak RSS is this burst's alone.
    const app = await options.start();
    try {
      results.push(await oneBurst(options.sims, app, size));
    } finally {
      await app.stop();
    }
    const r = results.at(-1) as StatsBurstResult;
    options.progress?.(
      `  ${size} at once: ${r.cards} cards, ${r.busy} busy, ${r.unanswered} unanswered; acks ${r.ackedInTime}/${size} within 3 s (p99 ${r.ackP99Ms.toFixed(0)} ms); peak RSS ${r.peakRssMiB ?? '?'} MiB`,
    );
  }
  return results;
}

async function oneBurst(sims: Sims, app: ServerProcess, size: number): Promise<StatsBurstResult> {
  const driver = appDriver(sims.slack, app);
  const channel = `C0BURST${size}`;
  const ids = Array.from({ length: size }, (_, i) => `burst-${size}-${i}`);
  for (const id of ids)
    sims.mgmt.indexes[id] = { qps: 40, vectors: 1_200_000, growthPerDay: 4_000, dimension: 768 };
  const sent = await Promise.all(
    ids.map(async (id) => {
      const started = performance.now();
      const res = await driver
        .command(`vector stats ${id} 30d`, { userId: SIM_IDS.requester, channelId: channel })
        .catch(() => undefined);
      return {
        ok: res?.status === 200,
        ms: performance.now() - started,
        responseUrl: res?.responseUrl,
        busyInAck: res?.body.includes(BUSY) === true,
      };
    }),
  );
  const cards = () => sims.slack.calls.filter((c) => isCardMessage(c, channel)).length;
  const busy = () =>
    sent.filter(
      (s) =>
        s.busyInAck ||
        sims.slack.responses.some((r) => r.url === s.responseUrl && r.text?.includes(BUSY) === true),
    ).length;
  const deadline = Date.now() + ANSWERED_WITHIN_MS;
  while (cards() + busy() < size && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
  const alive = await fetch(`http://127.0.0.1:${app.port}/healthz`).then(
    (r) => r.ok,
    () => false,
  );
  const ms = sent.filter((s) => s.ok).map((s) => s.ms);
  return {
    size,
    acked: ms.length,
    ackedInTime: ms.filter((m) => m <= SLACK_ACK_MS).length,
    ackP99Ms: ms.length === 0 ? Number.NaN : percentile(ms, 0.99),
    ackMaxMs: ms.length === 0 ? Number.NaN : Math.max(...ms),
    cards: cards(),
    busy: busy(),
    unanswered: size - cards() - busy(),
    peakRssMiB: app.peakRssMiB(),
    alive,
  };
}

export function statsBurstRows(results: readonly StatsBurstResult[]): Row[] {
  return results.map((r) => ({
    item: 10,
    name: `Stats burst: ${r.size} \`/ops vector stats <index> 30d\` at once, each another index`,
    opsbot: `${r.cards} cards + ${r.busy} busy of ${r.size} (${r.unanswered} unanswered); acks ${r.ackedInTime}/${r.size} ≤ 3 s, p99 ${fmt(r.ackP99Ms, ' ms')}; peak RSS ${r.peakRssMiB === undefined ? '?' : `${r.peakRssMiB.toFixed(0)} MiB`}; ${r.alive ? 'up after' : 'DOWN after'}`,
    peer: '—',
    ratio: '—',
    target: 'information',
    verdict: 'info',
  }));
}
