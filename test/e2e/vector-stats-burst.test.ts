// Issue 40, finding 2 (the small, deterministic run; bench/ holds the 500-command one under the
// start command's heap cap): a burst of stats commands for different indexes goes through the
// process's one admission for statistics work. While the first reads are slow, the commands that
// fit (so many running at once, so many waiting behind them) wait their turn and
// each gets its card; every one past that is told BUSY at once, in one sentence. Every command is
// acknowledged; /healthz answers throughout; a burst of one index's command makes one read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSY } from '../../src/errors.ts';
import { DEFAULT_VECTOR_INDEXES } from '../../src/sim/mgmt/stats.ts';
import { SIM_IDS, type SimulatedWorkspace, startSimulatedWorkspace } from '../../src/sim/workspace.ts';

import { until } from '../support/poll.ts';
import { imageFileId } from '../support/vector-stats.ts';

const { requester } = SIM_IDS;
// The process's admission, made small so the burst past it takes seconds (the sizes are
// STATS_ADMISSION's in production; test/api/shared-reads.test.ts holds those).
const LIMITS = { running: 2, waiting: 8 };
const ADMITTED = LIMITS.running + LIMITS.waiting;
const PAST = 20;
const SAME = 40;
const BURST = ADMITTED + PAST;

describe('e2e: a burst of stats commands', () => {
  let ws: SimulatedWorkspace;
  beforeAll(async () => {
    ws = await startSimulatedWorkspace({ env: { DIGEST_TICK_MS: '3600000' }, statsAdmission: LIMITS });
  });
  afterAll(async () => {
    await ws?.stop();
  });

  /** Card posts in `channel` (each a stats message with its image). */
  const cardsIn = (channel: string) =>
    ws.slack.messagesIn(channel).filter((m) => imageFileId(m) !== undefined);

  it(`${BURST} different indexes at once: ${ADMITTED} cards, ${PAST} told BUSY, all acknowledged`, async () => {
    const channel = 'C0BURST';
    const ids = Array.from({ length: BURST }, (_, i) => `idx-burst-${i}`);
    for (const id of ids) ws.mgmt.indexes[id] = DEFAULT_VECTOR_INDEXES['idx-2'] ?? {};
    // The first reads take their time, so the whole burst arrives while they hold their places.
    ws.mgmt.fail('stats', { latencyMs: 2_500 }, { times: LIMITS.running });
    const sent = await Promise.all(
      ids.map((id) => ws.driver.command(`vector stats ${id} 1d`, { userId: requester, channelId: channel })),
    );
    expect(sent.map((s) => s.status)).toEqual(ids.map(() => 200));
    expect((await fetch(`${ws.url}/healthz`)).status).toBe(200);

    // Told in the acknowledgement itself, or (when the admission filled after the ack) on its response_url.
    const toldBusy = (i: number) =>
      sent[i]?.body.includes(BUSY) === true ||
      ws.slack.responses.some((r) => r.url === sent[i]?.responseUrl && r.text?.includes(BUSY) === true);
    const busyIds = await until(() => {
      const told = ids.filter((_, i) => toldBusy(i));
      return told.length === PAST ? told : undefined;
    }, `${PAST} told BUSY`);
    await until(() => (cardsIn(channel).length >= ADMITTED ? true : undefined), `${ADMITTED} cards`, 60_000);
    await ws.opsbot.work.drain(10_000);
    expect(cardsIn(channel)).toHaveLength(ADMITTED);
    expect(ids.filter((_, i) => toldBusy(i))).toHaveLength(PAST);
    // Those told BUSY were never started: one read per admitted command, none for the others.
    expect(ws.mgmt.statsCalls.filter((c) => ids.includes(c.id))).toHaveLength(ADMITTED);
    expect(ws.mgmt.statsCalls.filter((c) => busyIds.includes(c.id))).toEqual([]);
    // Once the burst is over, the same command is answered with its card.
    await ws.driver.command(`vector stats ${busyIds[0]} 1d`, { userId: requester, channelId: channel });
    await until(() => (cardsIn(channel).length === ADMITTED + 1 ? true : undefined), 'the card, asked again');
  }, 90_000);

  it(`the same command ${SAME} times at once, past the admission’s size: one read, one card, ${SAME} posts`, async () => {
    const channel = 'C0SAMEBURST';
    const reads = ws.mgmt.statsCalls.length;
    ws.mgmt.fail('stats', { latencyMs: 500 }, { times: 1 });
    const sent = await Promise.all(
      Array.from({ length: SAME }, () =>
        ws.driver.command('vector stats idx-1 30d', { userId: requester, channelId: channel }),
      ),
    );
    expect(sent.every((s) => s.status === 200)).toBe(true);
    await until(() => (cardsIn(channel).length === SAME ? true : undefined), `${SAME} cards`, 60_000);
    expect(ws.mgmt.statsCalls.length - reads).toBe(1);
    expect(sent.filter((s) => s.body.includes(BUSY))).toEqual([]);
    expect(
      ws.slack.responses.filter((r) =>
        sent.some((s) => s.responseUrl === r.url && r.text?.includes(BUSY) === true),
      ),
    ).toEqual([]);
  }, 90_000);
});
