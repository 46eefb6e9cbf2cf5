// The peers of bench/render-card.ts: the same stats card drawn by chart.js on the same canvas
// library and encoded by the same (Skia's) PNG encoder, and opsbot's drawing alone.
import { type Canvas, createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import {
  CategoryScale,
  Chart,
  type ChartDataset,
  type ChartOptions,
  Filler,
  LinearScale,
  LineController,
  LineElement,
  type Plugin,
  PointElement,
  SubTitle,
  Title,
} from 'chart.js';
import { drawCard } from '../../src/render/card.ts';
import { ensureFonts, FONT_BOLD, FONT_REGULAR, font } from '../../src/render/fonts.ts';
import { headerLines } from '../../src/render/header.ts';
import { LAYOUT } from '../../src/render/layout.ts';
import { blend, css, type Theme, themeFor } from '../../src/render/palette.ts';
import type { CardData, Clean } from '../../src/stats-report/card-data.ts';
import { formatValue } from '../../src/text/numbers.ts';

const SCALE = 2;

Chart.register(
  LineController,
  LineElement,
  PointElement,
  LinearScale,
  CategoryScale,
  Filler,
  Title,
  SubTitle,
);
Chart.defaults.font.family = FONT_REGULAR;

const points = (c: Clean) =>
  Array.from({ length: c.n }, (_, i) => ({ x: c.at[i] as number, y: c.y[i] as number }));

function footer(text: string, colour: string): Plugin<'line'> {
  return {
    id: 'minMax',
    afterDraw(chart) {
      chart.ctx.font = font(10);
      chart.ctx.fillStyle = colour;
      chart.ctx.fillText(text, 10, chart.height - 8);
    },
  };
}

/** Paints the cell's panel under the chart, so the chart's pixels are opaque and can be copied. */
function panel(colour: string): Plugin<'line'> {
  return {
    id: 'panel',
    beforeDraw(chart) {
      chart.ctx.fillStyle = colour;
      chart.ctx.fillRect(0, 0, chart.width, chart.height);
    },
  };
}

let cardCanvas: Canvas | undefined;

/**
 * The same card by chart.js: header text as opsbot draws it, one chart per cell, same encoder.
 * With `encode` false it only draws (and makes Skia rasterise, which it defers until a read).
 */
export function chartJsCard(
  data: CardData,
  encode = true,
  theme: Theme = themeFor('light'),
): Buffer | undefined {
  ensureFonts();
  cardCanvas ??= createCanvas(LAYOUT.width * SCALE, LAYOUT.height * SCALE) as Canvas;
  const ctx: SKRSContext2D = cardCanvas.getContext('2d', { alpha: false });
  ctx.setTransform(SCALE, 0, 0, SCALE, 0, 0);
  ctx.fillStyle = css(theme.background);
  ctx.fillRect(0, 0, LAYOUT.width, LAYOUT.height);
  const { title, subtitle } = headerLines(data);
  ctx.fillStyle = css(theme.text);
  ctx.font = font(17, 'bold');
  ctx.fillText(title, LAYOUT.header.x, LAYOUT.header.y + 17);
  ctx.fillStyle = css(theme.muted);
  ctx.font = font(12);
  ctx.fillText(subtitle, LAYOUT.header.x, LAYOUT.header.y + 38);
  for (const group of LAYOUT.groups) {
    ctx.fillStyle = css(theme.text);
    ctx.font = font(11, 'bold');
    ctx.fillText(group.group.title, group.x, group.y + 13);
    ctx.fillStyle = css(theme.rule);
    ctx.fillRect(group.x, group.y + 18, group.w, 1);
    for (const cell of group.cells) {
      const hue = theme.hues[cell.hue];
      const main = data.series[cell.spec.main];
      const p99 = cell.spec.p99 ? data.series[cell.spec.p99] : undefined;
      const datasets: ChartDataset<'line', { x: number; y: number }[]>[] = [
        {
          data: points(main),
          borderColor: css(hue.line),
          borderWidth: 1.6,
          backgroundColor: css(blend(hue.line, theme.panel, hue.fillAlpha)),
          fill: p99 ? false : 'start',
        },
      ];
      if (p99) {
        datasets.push({
          data: points(p99),
          borderColor: css(blend(hue.line, theme.panel, hue.lightAlpha)),
          borderWidth: 1.2,
          borderDash: [3.5, 2.5],
          fill: false,
        });
      }
      const value = main.n > 0 ? formatValue(cell.spec.kind, main.last) : '—';
      const range = `min ${formatValue(cell.spec.kind, main.min)} · max ${formatValue(cell.spec.kind, main.max)}`;
      const options: ChartOptions<'line'> = {
        responsive: false,
        animation: false,
        devicePixelRatio: SCALE,
        events: [],
        parsing: false,
        normalized: true,
        layout: { padding: { left: 10, right: 10, top: 6, bottom: 20 } },
        elements: { point: { radius: 0 }, line: { tension: 0 } },
        scales: {
          x: { type: 'linear', display: false, bounds: 'data' },
          y: { type: 'linear', display: false, bounds: 'data' },
        },
        plugins: {
          legend: { display: false },
          tooltip: { enabled: false },
          title: {
            display: true,
            text: cell.spec.label,
            align: 'start',
            color: css(theme.muted),
            font: { size: 11 },
          },
          subtitle: {
            display: true,
            text: value,
            align: 'start',
            color: css(theme.text),
            font: { family: FONT_BOLD, size: 17 },
          },
        },
      };
      // A canvas per chart, in CSS pixels: chart.js reads its size from the canvas and scales it
      // by devicePixelRatio itself (a reused canvas would keep doubling).
      const canvas = createCanvas(cell.w, cell.h) as Canvas;
      // chart.js takes a 2D context; without a DOM it uses its basic platform, as in a worker.
      const chart = new Chart(canvas.getContext('2d') as unknown as ConstructorParameters<typeof Chart>[0], {
        type: 'line',
        data: { datasets },
        options,
        plugins: [panel(css(theme.panel)), footer(range, css(theme.muted))],
      });
      // Copied as pixels: drawImage of one canvas onto another costs @napi-rs/canvas ~1.5 ms a
      // chart, which is no fault of chart.js. The panel is then square-cornered; no matter here.
      const pixels = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
      ctx.putImageData(pixels, Math.round(cell.x * SCALE), Math.round(cell.y * SCALE));
      chart.destroy();
    }
  }
  if (!encode) {
    ctx.getImageData(0, 0, 1, 1);
    return undefined;
  }
  return cardCanvas.encodeSync('png');
}

let drawCanvas: Canvas | undefined;

/** opsbot's drawing alone, not encoded: rasterised (Skia defers that until a read). */
export function opsbotDrawOnly(data: CardData): void {
  ensureFonts();
  drawCanvas ??= createCanvas(LAYOUT.width * SCALE, LAYOUT.height * SCALE) as Canvas;
  const ctx = drawCanvas.getContext('2d', { alpha: false });
  ctx.setTransform(SCALE, 0, 0, SCALE, 0, 0);
  drawCard(ctx, data, themeFor('light'), SCALE);
  ctx.getImageData(0, 0, 1, 1);
}

/** opsbot's drawing, encoded by Skia's PNG encoder on libuv's thread pool (the production path). */
export async function skiaEncoded(data: CardData): Promise<Buffer> {
  ensureFonts();
  const canvas = createCanvas(LAYOUT.width * SCALE, LAYOUT.height * SCALE);
  const ctx = canvas.getContext('2d', { alpha: false });
  ctx.setTransform(SCALE, 0, 0, SCALE, 0, 0);
  drawCard(ctx, data, themeFor('light'), SCALE);
  return canvas.encode('png');
}
