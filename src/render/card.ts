import type { SKRSContext2D } from '@napi-rs/canvas';
import { drawSparkline, type SparkColours } from './draw-sparkline.ts';
import { font } from './fonts.ts';
import { periodInWords, rangeInWords, stepInWords } from './format-time.ts';
import { CELL_PAD, type CellBox, type GroupBox, LAYOUT, PLOT_BOTTOM, PLOT_TOP } from './layout.ts';
import { blend, css, type Theme } from './palette.ts';
import { type CardData, formatValue } from './series.ts';
import { timeSpan } from './time-span.ts';

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

/** The card's two header lines; the alt text reuses them so both say the same thing. */
export function headerLines(data: CardData): { title: string; subtitle: string } {
  const title = data.title ?? `Vector index ${data.indexId}`;
  const span = timeSpan(data.series);
  const period = periodInWords(data.period);
  const parts = [period.charAt(0).toUpperCase() + period.slice(1)];
  if (span) {
    const step = stepInWords(span.stepMs);
    if (step) parts.push(step);
    const range = rangeInWords(span.from, span.to);
    if (range) parts.push(range);
  } else {
    parts.push('no data points');
  }
  return { title, subtitle: parts.join(' · ') };
}

function drawHeader(ctx: SKRSContext2D, data: CardData, theme: Theme): void {
  const { header } = LAYOUT;
  const { title, subtitle } = headerLines(data);
  ctx.fillStyle = css(theme.text);
  ctx.font = font(17, 'bold');
  ctx.fillText(ellipsize(ctx, title, header.w), header.x, header.y + 17);
  ctx.fillStyle = css(theme.muted);
  ctx.font = font(12);
  ctx.fillText(ellipsize(ctx, subtitle, header.w), header.x, header.y + 38);
}

function sparkColours(theme: Theme, cell: CellBox): SparkColours {
  const hue = theme.hues[cell.hue];
  return {
    line: hue.line,
    fill: blend(hue.line, theme.panel, hue.fillAlpha),
    p99: blend(hue.line, theme.panel, hue.p99Alpha),
    panel: theme.panel,
    muted: theme.muted,
    zero: blend(theme.muted, theme.panel, 1 / 3),
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

function drawCell(ctx: SKRSContext2D, cell: CellBox, data: CardData, theme: Theme, scale: number): void {
  const { spec } = cell;
  const main = data.series[spec.main];
  const p99 = spec.p99 ? data.series[spec.p99] : undefined;
  const inner = cell.w - 2 * CELL_PAD;
  const x = cell.x + CELL_PAD;

  ctx.fillStyle = css(theme.panel);
  ctx.beginPath();
  ctx.roundRect(cell.x, cell.y, cell.w, cell.h, 6);
  ctx.fill();

  ctx.fillStyle = css(theme.muted);
  ctx.font = font(11);
  ctx.fillText(ellipsize(ctx, spec.label, inner), x, cell.y + 17);

  const hasMain = main.n > 0;
  ctx.fillStyle = css(hasMain ? theme.text : theme.muted);
  ctx.font = font(17, 'bold');
  const value = ellipsize(ctx, hasMain ? formatValue(spec.kind, main.last) : '—', inner);
  ctx.fillText(value, x, cell.y + 38);
  if (p99) {
    const after = ctx.measureText(value).width + 6;
    const p99Text = `mean · p99 ${p99.n > 0 ? formatValue(spec.kind, p99.last) : '—'}`;
    ctx.fillStyle = css(theme.muted);
    ctx.font = font(11);
    if (inner - after > 20) ctx.fillText(ellipsize(ctx, p99Text, inner - after), x + after, cell.y + 38);
  }

  const plot = { x: x + 3, y: cell.y + PLOT_TOP, w: inner - 6, h: PLOT_BOTTOM - PLOT_TOP };
  drawSparkline(ctx, plot, main, p99, sparkColours(theme, cell), scale);

  if (hasMain) {
    ctx.fillStyle = css(theme.muted);
    ctx.font = font(10);
    const range = `min ${formatValue(spec.kind, main.min)} · max ${formatValue(spec.kind, main.max)}`;
    ctx.fillText(ellipsize(ctx, range, inner), x, cell.y + cell.h - 8);
  }
}

/** Paints the whole card onto `ctx`, whose transform maps CSS pixels to device pixels. */
export function drawCard(ctx: SKRSContext2D, data: CardData, theme: Theme, scale: number): void {
  ctx.fillStyle = css(theme.background);
  ctx.fillRect(0, 0, LAYOUT.width, LAYOUT.height);
  ctx.textBaseline = 'alphabetic';
  ctx.textAlign = 'left';
  drawHeader(ctx, data, theme);
  for (const group of LAYOUT.groups) {
    drawGroupTitle(ctx, group, theme);
    for (const cell of group.cells) drawCell(ctx, cell, data, theme, scale);
  }
}
