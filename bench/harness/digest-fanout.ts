// Item 5: digest fan-out. 200 channels × 3 indexes, all due at the same instant (the same local
// time in four time zones), against a Slack simulator that enforces chat.postMessage's 1 message per
// second per channel and the method tiers. The subscriptions are saved through the Store API, as
// the digest modal saves them, into a SQLite file; then `node src/main.ts` starts on that file and
// its scheduler's start-up tick finds all of them due.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '../../src/log.ts';
import type { SimVectorIndex } from '../../src/sim/mgmt/index.ts';
import { startSims } from '../../src/sim/standalone.ts';
import { SIM_IDS } from '../../src/sim/workspace.ts';
import { openStore } from '../../src/store/index.ts';
import { localTimeOf } from '../../src/time/zones.ts';
import { fmt } from './numbers.ts';
import { freePort, opsbotEntry, spawnServer } from './processes.ts';
import { atMost, type Row } from './table.ts';

export const FANOUT_MAX_MS = 10_000;
const ZONES = ['UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Tokyo'];

export type DigestFanoutResult = {
  channels: number;
  indexesPerChannel: number;
  /** App ready (its scheduler starts) → the last digest message recorded. */
  lastPostMs: number;
  posted: number;
  distinctPairs: number;
  statsCalls: number;
  accountsCalls: number;
  rateLimited: number;
  failedSlackCalls: number;
  peakRssMiB: number | undefined;
};

export type DigestFanoutOptions = {
  channels: number;
  indexesPerChannel: number;
  indexPool: number;
  nodeArgs?: readonly string[];
  progress?: (line: string) => void;
};

const channelId = (i: number) => `C0FAN${String(i).padStart(4, '0')}`;

export async function benchDigestFanout(options: DigestFanoutOptions): Promise<DigestFanoutResult> {
  const pool = Array.from({ length: options.indexPool }, (_, i) => `idx-fan-${i + 1}`);
  const indexes: Record<string, SimVectorIndex> = {};
  pool.forEach((id, i) => {
    indexes[id] = { qps: 5 + i * 7, vectors: 50_000 * (i + 1), growthPerDay: 500 * (i + 1), dimension: 768 };
  });
  const indexesOf = (i: number) =>
    Array.from({ length: options.indexesPerChannel }, (_, k) => pool[(i + k) % pool.length] as string);
  const periodOf = (i: number) => (i % 10 === 0 ? '7d' : '1d');

  const sims = await startSims({ rateLimits: true, indexes });
  const dir = mkdtempSync(join(tmpdir(), 'opsbot-bench-digests-'));
  const databasePath = join(dir, 'opsbot.sqlite');
  try {
    // Due at the start of the current minute: the run instant every channel's schedule names.
    const dueAt = Math.floor(Date.now() / 60_000) * 60_000;
    const store = await openStore(
      { url: undefined, path: databasePath, poolSize: 1 },
      createLogger({ level: 'silent' }),
    );
    const pairs = new Set<string>();
    for (let i = 0; i < options.channels; i++) {
      const timeZone = ZONES[i % ZONES.length] as string;
      for (const id of indexesOf(i)) pairs.add(`${id}/${periodOf(i)}`);
      await store.upsertSubscription({
        channelId: channelId(i),
        configuredBy: SIM_IDS.requester,
        indexIds: indexesOf(i),
        period: periodOf(i),
        localTime: localTimeOf(dueAt, timeZone),
        timeZone,
        days: [0, 1, 2, 3, 4, 5, 6],
        includeAccounts: true,
        includeRequests: true,
        nextRunAt: dueAt,
      });
    }
    await store.close();

    const port = await freePort();
    const app = await spawnServer({
      name: 'opsbot (digests)',
      script: opsbotEntry(),
      env: sims.appEnv({ PORT: String(port), DATABASE_PATH: databasePath }),
      ready: { port },
      ...(options.nodeArgs ? { nodeArgs: options.nodeArgs } : {}),
    });
    const ready = Date.now();
    const wanted = new Set(Array.from({ length: options.channels }, (_, i) => channelId(i)));
    const deadline = ready + 60_000;
    let posted = new Map<string, number>();
    while (Date.now() < deadline) {
      posted = firstPosts(sims.slack.calls, wanted);
      if (posted.size >= wanted.size) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    // A moment more, so a late duplicate or a trailing 429 is counted too.
    await new Promise((r) => setTimeout(r, 500));
    const peakRssMiB = app.peakRssMiB();
    await app.stop();
    const last = Math.max(...posted.values());
    const result: DigestFanoutResult = {
      channels: options.channels,
      indexesPerChannel: options.indexesPerChannel,
      lastPostMs: posted.size === 0 ? Number.NaN : last - ready,
      posted: posted.size,
      distinctPairs: pairs.size,
      statsCalls: sims.mgmt.statsCalls.length,
      accountsCalls: sims.mgmt.requests.filter((r) => r.route === 'accounts').length,
      rateLimited: sims.slack.rateLimitedCount,
      failedSlackCalls: sims.slack.calls.filter((c) => !c.ok).length,
      peakRssMiB,
    };
    options.progress?.(
      `  ${result.posted}/${result.channels} digests, last after ${result.lastPostMs} ms; ` +
        `${result.statsCalls} stats calls for ${result.distinctPairs} pairs; ${result.rateLimited} × 429`,
    );
    return result;
  } finally {
    await sims.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** When each wanted channel first got a message (chat.postMessage answered ok). */
function firstPosts(
  calls: readonly { method: string; ok: boolean; at: number; args: Record<string, unknown> }[],
  wanted: ReadonlySet<string>,
): Map<string, number> {
  const first = new Map<string, number>();
  for (const call of calls) {
    if (call.method !== 'chat.postMessage' || !call.ok) continue;
    const channel = String(call.args.channel);
    if (wanted.has(channel) && !first.has(channel)) first.set(channel, call.at);
  }
  return first;
}

export function digestFanoutRows(r: DigestFanoutResult): Row[] {
  const shape = `${r.channels} channels × ${r.indexesPerChannel} indexes`;
  return [
    {
      item: 5,
      name: `Digest fan-out, ${shape}, Slack rate limits on: app ready → last digest posted`,
      opsbot: `${fmt(r.lastPostMs / 1000, ' s')} (${r.posted}/${r.channels} posted)`,
      peer: '—',
      ratio: '—',
      target: `all posted, ≤ ${FANOUT_MAX_MS / 1000} s`,
      ...(r.posted < r.channels
        ? { verdict: 'missed' as const, note: `${r.channels - r.posted} digests not posted within 60 s` }
        : atMost(r.lastPostMs, FANOUT_MAX_MS)),
    },
    {
      item: 5,
      name: 'Digest fan-out: management API stats calls vs distinct (index, period) pairs',
      opsbot: `${r.statsCalls} calls (+${r.accountsCalls} accounts call)`,
      peer: `${r.distinctPairs} pairs`,
      ratio: '—',
      target: '= pairs',
      ...(r.statsCalls === r.distinctPairs
        ? { verdict: 'met' as const }
        : { verdict: 'missed' as const, note: `${r.statsCalls - r.distinctPairs} calls more than pairs` }),
    },
    {
      item: 5,
      name: 'Digest fan-out: HTTP 429s received from the Slack simulator',
      opsbot: String(r.rateLimited),
      peer: '—',
      ratio: '—',
      target: '0',
      ...(r.rateLimited === 0 ? { verdict: 'met' as const } : { verdict: 'missed' as const }),
      ...(r.failedSlackCalls > r.rateLimited
        ? { note: `${r.failedSlackCalls} Slack calls failed in all` }
        : {}),
    },
  ];
}
