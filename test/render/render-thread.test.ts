// The render thread comes and goes: started by the first card, gone after a quiet spell, back for
// the next card; and every kind of image still renders under its heap caps.
import { afterAll, describe, expect, it } from 'vitest';
import { benchStats } from '../../bench/lib/bench-stats.ts';
import { renderStatsCard, renderWatchChart, stopRenderWorker } from '../../src/render/index.ts';
import { renderThreadRunning, setRenderThreadIdleMs } from '../../src/render/worker-pool.ts';
import { readStats } from '../support/api-records.ts';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('the render thread', () => {
  afterAll(async () => {
    setRenderThreadIdleMs(60_000);
    await stopRenderWorker();
  });

  it('exits when idle and comes back on demand', async () => {
    setRenderThreadIdleMs(50);
    const input = { indexId: 'idx-1', period: '30d' as const, stats: benchStats() };
    expect((await renderStatsCard(input)).subarray(0, 8)).toEqual(PNG);
    expect(renderThreadRunning()).toBe(true);
    await until(() => !renderThreadRunning());
    expect((await renderStatsCard(input)).subarray(0, 8)).toEqual(PNG);
    expect(renderThreadRunning()).toBe(true);
  });

  it('renders the 30d card, a card with every series empty, and a watch chart under its heap caps', async () => {
    setRenderThreadIdleMs(60_000);
    const full = await renderStatsCard({ indexId: 'idx-1', period: '30d', stats: benchStats() });
    const empty = await renderStatsCard({ indexId: 'idx-empty', period: '1h', stats: readStats({}) });
    const t0 = Date.UTC(2026, 10, 24, 14, 0);
    const chart = await renderWatchChart({
      title: 'idx-1 · p99 query latency',
      points: Array.from({ length: 60 }, (_, i) => ({ at: t0 + i * 60_000, y: 200 + i * 3 })),
      threshold: 250,
      thresholdLabel: '250',
      lastLabel: '377',
      caption: 'last hour · 14:00–14:59 UTC',
    });
    for (const png of [full, empty, chart]) expect(png.subarray(0, 8)).toEqual(PNG);
    expect(renderThreadRunning()).toBe(true);
  });
});
