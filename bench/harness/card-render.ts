// Item 4 (information, no target): the card render benchmark of the stats issue (bench/render-card.ts: opsbot's renderer vs
// chart.js on the same canvas library and PNG encoder), run here so the table is whole. It is
// imported lazily: it loads chart.js and the canvas, which the other items do not need.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { RenderBenchResult } from '../render-card.ts';
import { fmt, fmtSpread } from './numbers.ts';
import type { Row } from './table.ts';

const RENDER_BENCH = new URL('../render-card.ts', import.meta.url);

export type CardRenderResult = { kind: 'measured'; result: RenderBenchResult; targets: RenderTargets };
type RenderTargets = { minRatio: number; maxMedianMs: number; maxBlockingMs: number; maxPngBytes: number };

export async function runCardRender(
  quick: boolean,
): Promise<CardRenderResult | { kind: 'absent'; reason: string }> {
  if (!existsSync(fileURLToPath(RENDER_BENCH)))
    return { kind: 'absent', reason: 'bench/render-card.ts does not exist yet' };
  const mod = (await import(RENDER_BENCH.href)) as typeof import('../render-card.ts');
  const result = await mod.runRenderBench({ quick });
  return { kind: 'measured', result, targets: mod.TARGETS };
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(0)} KB`;

/** The card against the renderer it replaced, measured in the same run (bench/lib/previous-renderer.ts). */
function previousRows(r: RenderBenchResult): Row[] {
  if ('absent' in r.previous) return [];
  const p = r.previous;
  return [
    {
      item: 4,
      name: `Card render vs the previous renderer (${p.rev.slice(0, 7)}), render thread, wall time per card`,
      opsbot: fmtSpread(r.timeMs.opsbot, ' ms'),
      peer: `${fmtSpread(p.timeMs.render, ' ms')} (previous)`,
      ratio: `${fmt(r.timeMs.opsbot.median / p.timeMs.render.median)}× its time`,
      target: '—',
      verdict: 'info',
      note: `PNG ${kb(r.pngBytes.opsbot)} (${r.pixels} px) vs ${kb(p.pngBytes)} (${p.pixels} px)`,
    },
  ];
}

/**
 * Information only: opsbot renders a few cards an hour, and a person sees the card as part of an
 * answer whose time item 1 and item 3 measure. The render file keeps its own targets for its table.
 */
export function cardRenderRows({ result: r }: CardRenderResult): Row[] {
  const card = `30d card (${r.pixels} px, 16 series × 240 points)`;
  const rows: Row[] = [
    {
      item: 4,
      name: `Card render, ${card}: wall time per card on the calling thread, same canvas and PNG encoder`,
      opsbot: fmtSpread(r.timeMs.opsbotInline, ' ms'),
      peer: `${fmtSpread(r.timeMs.chartjs, ' ms')} (chart.js)`,
      ratio: `${fmt(r.ratio.wall)}× faster (CPU ${fmt(r.ratio.cpu)}×, drawing alone ${fmt(r.ratio.drawCpu)}×)`,
      target: '—',
      verdict: 'info',
    },
    {
      item: 4,
      name: 'Card render: production path (render thread), wall time per card',
      opsbot: fmtSpread(r.timeMs.opsbot, ' ms'),
      peer: '—',
      ratio: '—',
      target: '—',
      verdict: 'info',
    },
    {
      item: 4,
      name: 'Card render: what renderStatsCard costs the event loop (call → promise returned), max',
      opsbot: `${fmtSpread(r.opsbotSyncMs, ' ms')}`,
      peer: `${fmt(r.loopDelayMs.chartjs, ' ms')} (chart.js: longest loop delay)`,
      ratio: '—',
      target: '—',
      verdict: 'info',
      note: `longest loop delay while rendering back to back ${fmt(r.loopDelayMs.opsbot, ' ms')}, idle ${fmt(r.loopDelayMs.idle, ' ms')}`,
    },
    ...previousRows(r),
    {
      item: 4,
      name: 'Card render: PNG size',
      opsbot: kb(r.pngBytes.opsbot),
      peer: `${kb(r.pngBytes.chartjs)} (chart.js)`,
      ratio: '—',
      target: '—',
      verdict: 'info',
    },
  ];
  const rss = r.peakRssMiB;
  if (rss) {
    rows.push({
      item: 4,
      name: 'Card render: peak RSS of a process rendering cards (a child per contender)',
      opsbot: fmt(rss.opsbot.peakMiB, ' MiB'),
      peer: `${fmt(rss.chartjs.peakMiB, ' MiB')} (chart.js)`,
      ratio: '—',
      target: '—',
      verdict: 'info',
    });
  }
  return rows;
}
