import type { StatsPeriod, VectorIndexStats } from '../api/schemas.ts';
import { altTextOf } from './alt-text.ts';
import { LAYOUT } from './layout.ts';
// Types only: raster.ts loads the native canvas, which only the render thread (and sync.ts) may load.
import type { RenderOptions } from './raster.ts';
import { cardDataOf } from './series.ts';
import { renderOnWorker } from './worker-pool.ts';

export { ALT_TEXT_LIMIT } from './alt-text.ts';
export { formatBytes, formatCompact, formatCount } from './format-numbers.ts';
export { periodInWords } from './format-time.ts';
export type { WatchChartData } from './watch-chart.ts';
export { renderWatchChartOnWorker as renderWatchChart, stopRenderWorker } from './worker-pool.ts';

export type StatsCardInput = {
  indexId: string;
  period: StatsPeriod;
  stats: VectorIndexStats;
  /** Replaces the header's "Vector index <id>". */
  title?: string;
};

export type StatsCardOptions = RenderOptions;

/** The card's size in CSS pixels; the PNG is this times the scale (2 by default). */
export const STATS_CARD_SIZE = { width: LAYOUT.width, height: LAYOUT.height } as const;

/** The options a render actually gets: anything unknown falls back to the default. */
export function renderOptionsOf(options: StatsCardOptions): RenderOptions {
  return { theme: options.theme === 'dark' ? 'dark' : 'light', scale: options.scale === 1 ? 1 : 2 };
}

/**
 * The stats card as PNG bytes: all 16 series as small multiples. Rendering runs on a worker
 * thread; the calling thread spends well under a millisecond on it.
 */
export async function renderStatsCard(
  input: StatsCardInput,
  options: StatsCardOptions = {},
): Promise<Buffer> {
  return renderOnWorker(cardDataOf(input), renderOptionsOf(options));
}

/**
 * Starts the render thread and prepares what every card reuses (fonts, palette tables, the
 * card's fixed half), so the first real card is not the slow one. Optional; call at start-up.
 */
export async function warmUpRenderer(): Promise<void> {
  await renderOnWorker(
    cardDataOf({ indexId: 'warm-up', period: '1h', stats: {} as VectorIndexStats }),
    renderOptionsOf({}),
  );
  await renderOnWorker(
    cardDataOf({ indexId: 'warm-up', period: '1h', stats: {} as VectorIndexStats }),
    renderOptionsOf({ theme: 'dark' }),
  );
}

/** Slack `alt_text` for the card (≤ 2000 characters): period, range, each series' last/min/max. */
export function altTextFor(input: StatsCardInput): string {
  return altTextOf(cardDataOf(input));
}
