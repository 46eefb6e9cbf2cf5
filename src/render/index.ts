import { tracingChannel } from 'node:diagnostics_channel';
import { runningJob } from '../jobs.ts';
import { type CardInput, cardDataOf } from '../stats-report/card-data.ts';
import { altTextOf } from './alt-text.ts';
import { LAYOUT } from './layout.ts';
import type { RenderOptions } from './raster.ts';
import type { WatchChartData } from './watch-chart.ts';

export { ALT_TEXT_LIMIT } from './alt-text.ts';

/** What a card is drawn from: the stats report's own input, so the card and its message agree. */
export type StatsCardInput = CardInput;

type StatsCardOptions = RenderOptions;

/** The card's size in CSS pixels; the PNG is this times the scale (2 by default). */
export const STATS_CARD_SIZE = { width: LAYOUT.width, height: LAYOUT.height } as const;

/** The options a render actually gets: anything unknown falls back to the default. */
function renderOptionsOf(options: StatsCardOptions): RenderOptions {
  return { theme: options.theme === 'dark' ? 'dark' : 'light', scale: options.scale === 1 ? 1 : 2 };
}

type Painters = typeof import('./raster.ts') & typeof import('./watch-chart.ts');
let painters: Promise<Painters> | undefined;

/**
 * The drawing code, loaded with the native canvas on the first image: a process that never draws
 * one does not carry it. If it fails to load (a host without the canvas's binary), this image and
 * the next fail and are tried again, and nothing else does: callers send their message without
 * the picture (the app's only behaviour for a failed card).
 */
function loadPainters(): Promise<Painters> {
  painters ??= Promise.all([import('./raster.ts'), import('./watch-chart.ts')]).then(
    ([raster, chart]) => ({ ...raster, ...chart }),
    (error: unknown) => {
      painters = undefined;
      throw error;
    },
  );
  return painters;
}

/** Each render is traced here; src/metrics/render.ts counts and times them (no cost when unobserved). */
const renders = tracingChannel<{ kind: string }>('opsbot:render');

/**
 * Renders waiting their turn: a person's (a command's card, a preview) before background work's (a
 * digest's cards, an alert's chart), so that a digest minute's thousand cards never queue in front
 * of someone waiting for theirs.
 */
const waiting = { people: [] as Array<() => void>, background: [] as Array<() => void> };
let drawing = false;

function drawNext(): void {
  const next = waiting.people.shift() ?? waiting.background.shift();
  drawing = next !== undefined;
  next?.();
}

/** Images are drawn and encoded one at a time: each reuses its size's canvas (surface.ts). */
function oneAtATime(kind: 'stats' | 'watch', job: (p: Painters) => Promise<Buffer>): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const start = () => {
      renders
        .tracePromise(async () => job(await loadPainters()), { kind })
        .then(resolve, reject)
        .finally(drawNext);
    };
    (runningJob() === undefined ? waiting.people : waiting.background).push(start);
    if (!drawing) drawNext();
  });
}

/**
 * The stats card as PNG bytes: all 16 series as small multiples. The drawing runs on the calling
 * thread (~5 ms for a 30-day card); the PNG encoding (~50 ms) runs on libuv's thread pool.
 */
export function renderStatsCard(input: StatsCardInput, options: StatsCardOptions = {}): Promise<Buffer> {
  return oneAtATime('stats', (p) => p.paintCard(cardDataOf(input), renderOptionsOf(options)).encode('png'));
}

/** A watch's alert chart as PNG bytes, drawn and encoded as the card is. */
export function renderWatchChart(chart: WatchChartData): Promise<Buffer> {
  return oneAtATime('watch', (p) => p.paintWatchChart(chart).encode('png'));
}

/** Slack `alt_text` for the card (≤ 2000 characters): period, range, each series' last/min/max. */
export function altTextFor(input: StatsCardInput): string {
  return altTextOf(cardDataOf(input));
}

/** What draws a stats card for a feature (stats, digests); tests pass their own. */
export type CardRenderer = {
  render(input: StatsCardInput): Promise<Buffer>;
  altText(input: StatsCardInput): string;
};

/** The card as this module draws it: one that fails to draw (or whose canvas fails to load) throws. */
export const defaultCardRenderer: CardRenderer = {
  render: (input) => renderStatsCard(input),
  altText: altTextFor,
};
