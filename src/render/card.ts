import type { SKRSContext2D } from '@napi-rs/canvas';
import { type Patch, type SparkInks, sparklinePatch } from './draw-sparkline.ts';
import { font } from './fonts.ts';
import { headerLines } from './header.ts';
import { type Box, CELL_PAD, type CellBox, type GroupBox, LAYOUT, PLOT_BOTTOM, PLOT_TOP } from './layout.ts';
import { blend, css, type Theme } from './palette.ts';
import type { Quantizer } from './quantize.ts';
import { type CardData, formatValue } from './series.ts';

/**
 * What drawing a card leaves besides the canvas: the boxes (CSS px) where it drew something that
 * depends on the data, and the sparklines, painted directly as palette indices. The encoder reads
 * back only the dirty boxes; everything else is the card's skeleton, the same on every card.
 */
export type Frame = { dirty: Box[]; patches: Patch[] };

/** Where `text` puts ink (its glyphs' bounding box, from the font), plus room for smoothing. */
function textBox(ctx: SKRSContext2D, text: string, x: number, baseline: number): Box {
  const m = ctx.measureText(text);
  const pad = 1.5;
  return {
    x: x - m.actualBoundingBoxLeft - pad,
    y: baseline - m.actualBoundingBoxAscent - pad,
    w: m.actualBoundingBoxLeft + m.actualBoundingBoxRight + 2 * pad,
    h: m.actualBoundingBoxAscent + m.actualBoundingBoxDescent + 2 * pad,
  };
}

/** Draws text that depends on the data, and records where. */
function dataText(ctx: SKRSContext2D, frame: Frame, text: string, x: number, baseline: number): void {
  ctx.fillText(text, x, baseline);
  frame.dirty.push(textBox(ctx, text, x, baseline));
}

/** Shortens `text` with an ellipsis until it fits `maxWidth` at the context's current font. */
function ellipsize(ctx: SKRSContext2D, text: string, maxWidth: number): string {
  if (ctx.measureText(text).width <= maxWidth) return text;
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (ctx.measureText(`${text.slice(0, mid)}…`).width <= maxWidth) lo = mid;
    else hi = mid - 1;
  }
  return `${text.slice(0, lo)}…`;
}

function drawHeader(ctx: SKRSContext2D, frame: Frame, data: CardData, theme: Theme): void {
  const { header } = LAYOUT;
  const { title, subtitle } = headerLines(data);
  ctx.fillStyle = css(theme.text);
  ctx.font = font(17, 'bold');
  dataText(ctx, frame, ellipsize(ctx, title, header.w), header.x, header.y + 17);
  ctx.fillStyle = css(theme.muted);
  ctx.font = font(12);
  dataText(ctx, frame, ellipsize(ctx, subtitle, header.w), header.x, header.y + 38);
}

function sparkInks(theme: Theme, cell: CellBox, q: Quantizer): SparkInks {
  const hue = theme.hues[cell.hue];
  return {
    line: q.indexOf(hue.line),
    fill: q.indexOf(blend(hue.line, theme.panel, hue.fillAlpha)),
    p99: q.indexOf(blend(hue.line, theme.panel, hue.p99Alpha)),
    panel: q.indexOf(theme.panel),
    zero: q.indexOf(blend(theme.muted, theme.panel, 1 / 3)),
  };
}

function drawLegend(ctx: SKRSContext2D, group: GroupBox, theme: Theme): void {
  const hue = theme.hues[group.group.hue];
  const y = group.y + 9;
  let x = group.x + group.w;
  ctx.font = font(10.5);
  ctx.textAlign = 'right';
  ctx.lineCap = 'butt';
  for (const [label, colour, dash, width] of [
    ['p99', blend(hue.line, theme.panel, hue.p99Alpha), [3, 2], 1.2],
    ['mean', hue.line, [], 1.6],
  ] as const) {
    ctx.lineWidth = width;
    ctx.fillStyle = css(theme.muted);
    ctx.fillText(label, x, y + 3.5);
    x -= ctx.measureText(label).width + 4;
    ctx.strokeStyle = css(colour);
    ctx.setLineDash([...dash]);
    ctx.beginPath();
    ctx.moveTo(x - 16, y);
    ctx.lineTo(x, y);
    ctx.stroke();
    x -= 16 + 12;
  }
  ctx.setLineDash([]);
  ctx.textAlign = 'left';
}

function drawGroupTitle(ctx: SKRSContext2D, group: GroupBox, theme: Theme): void {
  ctx.fillStyle = css(theme.text);
  ctx.font = font(11, 'bold');
  ctx.fillText(group.group.title, group.x, group.y + 13);
  ctx.fillStyle = css(theme.rule);
  ctx.fillRect(group.x, group.y + 18, group.w, 1);
  if (group.cells.some((c) => c.spec.p99)) drawLegend(ctx, group, theme);
}

/** The panel and its fixed label: the same on every card. */
function drawCellSkeleton(ctx: SKRSContext2D, cell: CellBox, theme: Theme): void {
  ctx.fillStyle = css(theme.panel);
  ctx.beginPath();
  ctx.roundRect(cell.x, cell.y, cell.w, cell.h, 6);
  ctx.fill();
  ctx.fillStyle = css(theme.muted);
  ctx.font = font(11);
  ctx.fillText(ellipsize(ctx, cell.spec.label, cell.w - 2 * CELL_PAD), cell.x + CELL_PAD, cell.y + 17);
}

type Paint = { ctx: SKRSContext2D; frame: Frame; theme: Theme; scale: number; q: Quantizer };

function drawCellData({ ctx, frame, theme, scale, q }: Paint, cell: CellBox, data: CardData): void {
  const { spec } = cell;
  const main = data.series[spec.main];
  const p99 = spec.p99 ? data.series[spec.p99] : undefined;
  const inner = cell.w - 2 * CELL_PAD;
  const x = cell.x + CELL_PAD;

  const hasMain = main.n > 0;
  ctx.fillStyle = css(hasMain ? theme.text : theme.muted);
  ctx.font = font(17, 'bold');
  const value = ellipsize(ctx, hasMain ? formatValue(spec.kind, main.last) : '—', inner);
  dataText(ctx, frame, value, x, cell.y + 38);
  if (p99) {
    const after = ctx.measureText(value).width + 6;
    const p99Text = `mean · p99 ${p99.n > 0 ? formatValue(spec.kind, p99.last) : '—'}`;
    ctx.fillStyle = css(theme.muted);
    ctx.font = font(11);
    if (inner - after > 20)
      dataText(ctx, frame, ellipsize(ctx, p99Text, inner - after), x + after, cell.y + 38);
  }

  const plot = { x: x + 3, y: cell.y + PLOT_TOP, w: inner - 6, h: PLOT_BOTTOM - PLOT_TOP };
  const patch = sparklinePatch(plot, main, p99, sparkInks(theme, cell, q), scale, q);
  if (patch) {
    frame.patches.push(patch);
  } else {
    ctx.font = font(11);
    ctx.fillStyle = css(theme.muted);
    ctx.textAlign = 'center';
    dataText(ctx, frame, 'no data', plot.x + plot.w / 2, plot.y + plot.h / 2 + 4);
    ctx.textAlign = 'left';
  }

  if (hasMain) {
    ctx.fillStyle = css(theme.muted);
    ctx.font = font(10);
    const range = `min ${formatValue(spec.kind, main.min)} · max ${formatValue(spec.kind, main.max)}`;
    dataText(ctx, frame, ellipsize(ctx, range, inner), x, cell.y + cell.h - 8);
  }
}

/**
 * Paints the card onto `ctx`, whose transform maps CSS pixels to device pixels, except the
 * sparklines, which come back as palette-index patches for `quantizer`'s palette. A `skeleton`
 * is the part that never depends on the data: background, panels, labels, group titles.
 */
export function drawCard(
  ctx: SKRSContext2D,
  data: CardData,
  theme: Theme,
  scale: number,
  quantizer: Quantizer,
  skeleton = false,
): Frame {
  const frame: Frame = { dirty: [], patches: [] };
  const paint: Paint = { ctx, frame, theme, scale, q: quantizer };
  ctx.fillStyle = css(theme.background);
  ctx.fillRect(0, 0, LAYOUT.width, LAYOUT.height);
  ctx.textBaseline = 'alphabetic';
  ctx.textAlign = 'left';
  if (!skeleton) drawHeader(ctx, frame, data, theme);
  for (const group of LAYOUT.groups) {
    drawGroupTitle(ctx, group, theme);
    for (const cell of group.cells) {
      drawCellSkeleton(ctx, cell, theme);
      if (!skeleton) drawCellData(paint, cell, data);
    }
  }
  return frame;
}
