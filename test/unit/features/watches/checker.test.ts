// The check loop's tick against a real SQLite store: one statistics read per index whatever number
// of watches read it, and a tick the app is stopping leaves the watches it hasn't reached to the
// next tick (their lease runs out) instead of posting half a round.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StatsPeriod } from '../../../../src/api/index.ts';
import { createWatchChecker } from '../../../../src/features/watches/checker.ts';
import { INITIAL_STATE, NO_CONTROLS } from '../../../../src/features/watches/evaluate.ts';
import type { WatchesOutbound } from '../../../../src/features/watches/service.ts';
import { createLogger } from '../../../../src/log.ts';
import { DEFAULT_VECTOR_INDEXES, makeVectorIndexStats } from '../../../../src/sim/mgmt/index.ts';
import type { Store } from '../../../../src/store/index.ts';
import { openSqliteStore } from '../../../../src/store/sqlite/sqlite-store.ts';
import { readStats } from '../../../support/api-records.ts';

const NOW = Date.parse('2026-11-23T08:00:00Z');
const INTERVAL = 300_000;

function recordingSlack(): WatchesOutbound & { alerts: string[] } {
  const alerts: string[] = [];
  const ref = { channel: 'C0', ts: '1.000100' };
  return {
    alerts,
    async postAlert(watch) {
      alerts.push(watch.channelId);
      return { channel: watch.channelId, ts: `${alerts.length}.000100` };
    },
    showAlert: async () => undefined,
    showResolved: async () => undefined,
    showChanged: async () => undefined,
    showRemoved: async () => undefined,
    postInThread: async () => undefined,
    postNoData: async () => ref,
    showDataBack: async () => undefined,
    tellCreator: async () => undefined,
  };
}

describe('watch checker', () => {
  let dir: string;
  let store: Store;
  let reads: string[];
  const slack = recordingSlack();
  const stats = {
    async getVectorIndexStats(id: string, period: StatsPeriod = '1h') {
      reads.push(id);
      const config = { ...DEFAULT_VECTOR_INDEXES[id], pinned: { monthly_cost: 80 } };
      return readStats(makeVectorIndexStats(id, period, NOW, 1, config));
    },
  };
  const checker = () =>
    createWatchChecker({
      store,
      stats,
      clock: () => NOW,
      logger: createLogger({ level: 'silent' }),
      slack,
      commandName: () => '/ops',
      shown: async (watch) => watch,
      intervalMs: INTERVAL,
      owner: 'this-process',
    });

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'watch-checker-'));
    store = await openSqliteStore({ path: join(dir, 'db.sqlite'), clock: () => NOW });
    reads = [];
    slack.alerts.length = 0;
    for (const [i, indexId] of ['idx-1', 'idx-2', 'idx-1', 'idx-2', 'idx-1', 'idx-2'].entries())
      await store.createWatch({
        channelId: `C0W${i}`,
        indexId,
        metric: 'monthly_cost',
        direction: 'above',
        threshold: 50,
        forChecks: 1,
        note: null,
        createdBy: 'U0SETUP',
        createdAt: NOW,
        state: INITIAL_STATE,
        controls: NO_CONTROLS,
        nextCheckAt: NOW,
      });
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads each index once for all of its watches, and alerts every channel', async () => {
    const report = await checker().runOnce();
    expect(report).toEqual({ checked: 6, apiCalls: 2, effects: { fire: 6 } });
    expect(reads.sort()).toEqual(['idx-1', 'idx-2']);
    expect(slack.alerts.sort()).toEqual(['C0W0', 'C0W1', 'C0W2', 'C0W3', 'C0W4', 'C0W5']);
  });

  it('a tick whose app is stopping posts nothing more; its watches wait out their lease', async () => {
    const stopping = new AbortController();
    stopping.abort();
    const report = await checker().runOnce(stopping.signal);
    expect(report).toMatchObject({ checked: 6, effects: {} });
    expect(slack.alerts).toEqual([]);
    expect((await store.listWatches()).every((w) => w.state.status === 'ok')).toBe(true);
  });
});
