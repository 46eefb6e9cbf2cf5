// The stats card for 30d (16 series × 240 points): opsbot's renderer against the same card drawn
// by chart.js on the same canvas library (@napi-rs/canvas), at the same pixel size, encoded by the
// same PNG encoder. Run: `node bench/render-card.ts` (add `--quick` for a smoke run).
//
// Contenders, run in interleaved rounds after a warm-up:
//   opsbot         renderStatsCard: the production path (drawn on the calling thread, encoded by
//                  Skia on libuv's thread pool)
//   opsbot inline  the same drawing, encoded synchronously — the like-for-like peer
//   previous       the renderer as it was before the card said what changed (git revision in
//                  bench/lib/previous-renderer.ts), on its render thread and inline: the targets
//                  must hold for the new card as they did for the old one
//   chart.js       12 small line charts (16 datasets) in the same grid, drawn into the same card
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { renderStatsCard, type StatsCardInput } from '../src/render/index.ts';
import { LAYOUT } from '../src/render/layout.ts';
import { paintCard } from '../src/render/raster.ts';
import { cardDataOf } from '../src/stats-report/card-data.ts';
import { benchStats } from './lib/bench-stats.ts';
import { chartJsCard, opsbotDrawOnly, skiaEncoded } from './lib/card-peers.ts';
import { measureLoopBlocking, syncPart } from './lib/event-loop.ts';
import { loadPreviousRenderer, PREVIOUS_RENDERER } from './lib/previous-renderer.ts';
import { type RssReport, rssOfChild } from './lib/rss.ts';
import { fmtSpread, interleaved, mean, type Spread, spread } from './lib/samples.ts';
import { textTable } from './lib/table.ts';

export { benchStats } from './lib/bench-stats.ts';

const renderStatsCardSync = (input: StatsCardInput) => paintCard(cardDataOf(input)).encodeSync('png');

export const TARGETS = { minRatio: 5, maxMedianMs: 30, maxBlockingMs: 10, maxPngBytes: 500_000 } as const;

const SCALE = 2;

// ---- the run ------------------------------------------------------------------------------------

type LoopCase = 'opsbot' | 'opsbotInline' | 'chartjs' | 'idle';

export type RenderBenchResult = {
  dataset: string;
  pixels: string;
  /** Wall time per card. */
  timeMs: { opsbot: Spread; opsbotInline: Spread; chartjs: Spread; skiaPng: Spread };
  /** The previous renderer on the same input, when git could give it (else why not). */
  previous:
    | {
        rev: string;
        what: string;
        timeMs: { render: Spread; inline: Spread };
        pngBytes: number;
        pixels: string;
      }
    | { absent: string };
  /** Mean CPU time of the calling thread per card (the render thread's work is not in opsbot's). */
  cpuMs: { opsbotInline: number; chartjs: number; opsbotDraw: number; chartjsDraw: number };
  /**
   * chart.js over opsbot, both on the calling thread with the same encoder (wall and CPU
   * medians; CPU means), and for the drawing alone (CPU), where the shared encoder's cost is left out.
   */
  ratio: { wall: number; cpu: number; drawCpu: number };
  pngBytes: { opsbot: number; chartjs: number; skiaPng: number };
  /**
   * Largest event-loop delay while rendering cards one after another, and over the same time with
   * nothing running (on a busy machine the loop is late without any help from us).
   */
  loopDelayMs: Record<LoopCase, number>;
  /** The same delays' 99th percentile. */
  loopDelayP99Ms: Record<LoopCase, number>;
  /** What renderStatsCard costs the calling thread: from the call until it returns its promise. */
  opsbotSyncMs: Spread;
  peakRssMiB?: { opsbot: RssReport; chartjs: RssReport };
  met: { ratio: boolean; median: boolean; blocking: boolean; png: boolean };
};

const yieldLoop = () => new Promise((resolve) => setImmediate(resolve));

export async function runRenderBench(
  options: { quick?: boolean; rss?: boolean } = {},
): Promise<RenderBenchResult> {
  const quick = options.quick ?? false;
  const rounds = quick ? 5 : 30;
  const input: StatsCardInput = { indexId: 'idx-1', period: '30d', stats: benchStats() };
  const data = cardDataOf(input);

  const sizes = {
    opsbot: (await renderStatsCard(input)).length,
    chartjs: chartJsCard(data)?.length ?? 0,
    skiaPng: (await skiaEncoded(data)).length,
  };
  const previous = await loadPreviousRenderer();
  const previousPng = 'absent' in previous ? undefined : await previous.render(input);
  const times = await interleaved(
    [
      { name: 'opsbot', run: () => renderStatsCard(input) },
      { name: 'opsbotInline', run: () => renderStatsCardSync(input) },
      ...('absent' in previous
        ? []
        : [
            { name: 'previous', run: () => previous.render(input) },
            { name: 'previousInline', run: () => previous.renderInline(input) },
          ]),
      { name: 'chartjs', run: () => chartJsCard(cardDataOf(input)) },
      { name: 'skiaPng', run: () => skiaEncoded(cardDataOf(input)) },
      { name: 'opsbotDraw', run: () => opsbotDrawOnly(cardDataOf(input)) },
      { name: 'chartjsDraw', run: () => chartJsCard(cardDataOf(input), false) },
    ],
    rounds,
    quick ? 2 : 5,
  );

  const cards = quick ? 5 : 20;
  const syncMs: number[] = [];
  const opsbot = await measureLoopBlocking(async () => {
    for (let i = 0; i < cards; i++) {
      const call = syncPart(() => renderStatsCard(input));
      syncMs.push(call.ms);
      await call.promise;
    }
  });
  const opsbotInline = await measureLoopBlocking(async () => {
    for (let i = 0; i < cards; i++) {
      renderStatsCardSync(input);
      await yieldLoop();
    }
  });
  const chartjs = await measureLoopBlocking(async () => {
    for (let i = 0; i < cards; i++) {
      chartJsCard(cardDataOf(input));
      await yieldLoop();
    }
  });
  // The same wait with nothing to do: on a busy machine the loop is late without any help from us.
  const idle = await measureLoopBlocking(() => new Promise((resolve) => setTimeout(resolve, opsbot.wallMs)));
  if (!('absent' in previous)) {
    await previous.stop();
    previous.dispose();
  }

  const child = fileURLToPath(new URL('./lib/rss-child.ts', import.meta.url));
  const peakRss =
    options.rss === false
      ? undefined
      : {
          opsbot: await rssOfChild(child, ['--rss-of=opsbot', `--cards=${cards}`]),
          chartjs: await rssOfChild(child, ['--rss-of=chartjs', `--cards=${cards}`]),
        };

  const wall = (name: string) => spread(times[name]?.wall ?? []);
  const cpu = (name: string) => mean(times[name]?.cpu ?? []);
  const timeMs = {
    opsbot: wall('opsbot'),
    opsbotInline: wall('opsbotInline'),
    chartjs: wall('chartjs'),
    skiaPng: wall('skiaPng'),
  };
  const cpuMs = {
    opsbotInline: cpu('opsbotInline'),
    chartjs: cpu('chartjs'),
    opsbotDraw: cpu('opsbotDraw'),
    chartjsDraw: cpu('chartjsDraw'),
  };
  const ratio = {
    wall: timeMs.chartjs.median / timeMs.opsbotInline.median,
    cpu: cpuMs.chartjs / cpuMs.opsbotInline,
    drawCpu: cpuMs.chartjsDraw / cpuMs.opsbotDraw,
  };
  const opsbotSyncMs = spread(syncMs);
  const previousResult: RenderBenchResult['previous'] =
    'absent' in previous || previousPng === undefined
      ? { absent: 'absent' in previous ? previous.absent : 'no card' }
      : {
          rev: PREVIOUS_RENDERER.rev,
          what: PREVIOUS_RENDERER.what,
          timeMs: { render: wall('previous'), inline: wall('previousInline') },
          pngBytes: previousPng.length,
          pixels: `${previousPng.readUInt32BE(16)}×${previousPng.readUInt32BE(20)}`,
        };
  return {
    dataset: 'simulator idx-1, 30d: 16 series × 240 points',
    pixels: `${LAYOUT.width * SCALE}×${LAYOUT.height * SCALE}`,
    timeMs,
    previous: previousResult,
    cpuMs,
    ratio,
    pngBytes: sizes,
    loopDelayMs: {
      opsbot: opsbot.maxMs,
      opsbotInline: opsbotInline.maxMs,
      chartjs: chartjs.maxMs,
      idle: idle.maxMs,
    },
    loopDelayP99Ms: {
      opsbot: opsbot.p99Ms,
      opsbotInline: opsbotInline.p99Ms,
      chartjs: chartjs.p99Ms,
      idle: idle.p99Ms,
    },
    opsbotSyncMs,
    ...(peakRss ? { peakRssMiB: peakRss } : {}),
    met: {
      ratio: ratio.wall >= TARGETS.minRatio,
      median: timeMs.opsbot.median <= TARGETS.maxMedianMs,
      blocking: opsbotSyncMs.max <= TARGETS.maxBlockingMs,
      png: sizes.opsbot <= TARGETS.maxPngBytes,
    },
  };
}

export function renderBenchTable(r: RenderBenchResult): string {
  const kb = (n: number) => `${(n / 1000).toFixed(0)} KB`;
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  const delay = (k: LoopCase) => `${r.loopDelayMs[k].toFixed(1)} ms (p99 ${r.loopDelayP99Ms[k].toFixed(1)})`;
  const rss = (x: RssReport | undefined) =>
    x ? `${x.peakMiB.toFixed(0)} MiB (+${(x.peakMiB - x.baselineMiB).toFixed(0)})` : '—';
  const rows = [
    [
      'opsbot (render thread)',
      fmtSpread(r.timeMs.opsbot),
      '—',
      kb(r.pngBytes.opsbot),
      delay('opsbot'),
      rss(r.peakRssMiB?.opsbot),
    ],
    [
      'opsbot inline',
      fmtSpread(r.timeMs.opsbotInline),
      ms(r.cpuMs.opsbotInline),
      kb(r.pngBytes.opsbot),
      delay('opsbotInline'),
      '—',
    ],
    [
      'chart.js, same encoder',
      fmtSpread(r.timeMs.chartjs),
      ms(r.cpuMs.chartjs),
      kb(r.pngBytes.chartjs),
      delay('chartjs'),
      rss(r.peakRssMiB?.chartjs),
    ],
    ...('absent' in r.previous
      ? []
      : [
          [
            `previous renderer (${r.previous.rev.slice(0, 7)}), render thread`,
            fmtSpread(r.previous.timeMs.render),
            '—',
            kb(r.previous.pngBytes),
            '—',
            '—',
          ],
          [
            'previous renderer, inline',
            fmtSpread(r.previous.timeMs.inline),
            '—',
            kb(r.previous.pngBytes),
            '—',
            '—',
          ],
        ]),
    ['opsbot + Skia PNG encoder', fmtSpread(r.timeMs.skiaPng), '—', kb(r.pngBytes.skiaPng), '—', '—'],
    ['opsbot, drawing only', '—', ms(r.cpuMs.opsbotDraw), '—', '—', '—'],
    ['chart.js, drawing only', '—', ms(r.cpuMs.chartjsDraw), '—', '—', '—'],
  ];
  const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
  const header = [
    'contender',
    'wall per card, median (min–max)',
    'CPU of this thread, mean',
    'PNG',
    'loop delay, max',
    'peak RSS (+ after warm-up)',
  ];
  return [
    `Stats card render — ${r.dataset}, ${r.pixels} px, load average ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores`,
    '',
    textTable(header, rows),
    '',
    `chart.js / opsbot inline: ${r.ratio.wall.toFixed(1)}× wall, ${r.ratio.cpu.toFixed(1)}× CPU (target ≥ ${TARGETS.minRatio}× wall: ${verdict(r.met.ratio)}); drawing alone ${r.ratio.drawCpu.toFixed(1)}× CPU`,
    `opsbot median ${ms(r.timeMs.opsbot.median)} per card (target ≤ ${TARGETS.maxMedianMs} ms: ${verdict(r.met.median)})`,
    `renderStatsCard holds the event loop ${fmtSpread(r.opsbotSyncMs)} per card (target ≤ ${TARGETS.maxBlockingMs} ms: ${verdict(r.met.blocking)}); loop delay with nothing running: ${delay('idle')}`,
    `PNG ${kb(r.pngBytes.opsbot)} (target ≤ ${kb(TARGETS.maxPngBytes)}: ${verdict(r.met.png)})`,
    'absent' in r.previous
      ? `previous renderer: not measured (${r.previous.absent})`
      : `against the previous renderer (${r.previous.rev.slice(0, 7)}: ${r.previous.what}): render thread ${ms(r.timeMs.opsbot.median)} vs ${ms(r.previous.timeMs.render.median)}, inline ${ms(r.timeMs.opsbotInline.median)} vs ${ms(r.previous.timeMs.inline.median)}, PNG ${kb(r.pngBytes.opsbot)} (${r.pixels} px) vs ${kb(r.previous.pngBytes)} (${r.previous.pixels} px)`,
  ].join('\n');
}

if (import.meta.main) {
  const result = await runRenderBench({ quick: process.argv.includes('--quick') });
  process.stdout.write(`${renderBenchTable(result)}\n`);
}
