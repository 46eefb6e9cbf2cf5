import type { SKRSContext2D } from '@napi-rs/canvas';
import { type CardData, dailySpan } from '../stats-report/card-data.ts';
import { drawCellData, measureOf, type Paint } from './draw-cell.ts';
import { fitLabel } from './fit.ts';
import { font } from './fonts.ts';
import { headerLines } from './header.ts';
import { CELL, type CellBox, FOOTER, GROUP, type GroupBox, HEADER, LAYOUT } from './layout.ts';
import { blend, css, type Theme } from './palette.ts';
import { ellipsize } from './text.ts';

function drawHeader(ctx: SKRSContext2D, data: CardData, theme: Theme): void {
  const { header } = LAYOUT;
  const { title, subtitle } = headerLines(data);
  ctx.fillStyle = css(theme.text);
  ctx.font = font(HEADER.titleSize, 'bold');
  ctx.fillText(ellipsize(ctx, title, header.w), header.x, header.y + HEADER.titleBaseline);
  ctx.fillStyle = css(theme.muted);
  const fitted = fitLabel(measureOf(ctx), [subtitle], header.w, HEADER.subtitleSize);
  ctx.font = font(fitted.px);
  ctx.fillText(fitted.text, header.x, header.y + HEADER.subtitleBaseline);
}

function drawLegend(ctx: SKRSContext2D, group: GroupBox, theme: Theme): void {
  const hue = theme.hues[group.group.hue];
  const y = group.y + GROUP.titleBaseline - 4;
  let x = group.x + group.w;
  ctx.font = font(11.5);
  ctx.textAlign = 'right';
  ctx.lineCap = 'butt';
  for (const [label, colour, dash, width] of [
    ['p99', blend(hue.line, theme.panel, hue.lightAlpha), [3, 2], 1.2],
    ['mean', hue.line, [], 1.6],
  ] as const) {
    ctx.lineWidth = width;
    ctx.fillStyle = css(theme.muted);
    ctx.fillText(label, x, y + 4);
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
  ctx.font = font(GROUP.titleSize, 'bold');
  ctx.fillText(group.group.title, group.x, group.y + GROUP.titleBaseline);
  ctx.fillStyle = css(theme.rule);
  ctx.fillRect(group.x, group.y + GROUP.ruleAt, group.w, 1);
  if (group.cells.some((c) => c.spec.p99)) drawLegend(ctx, group, theme);
}

/** The per-day group says which days (or hours) its bars are: `Per day · 7 days: Wed–Tue`. */
function drawGroupDays(ctx: SKRSContext2D, group: GroupBox, data: CardData, theme: Theme) {
  if (!group.cells.some((c) => c.spec.plot === 'bars')) return;
  const span = dailySpan(data);
  if (span === '') return;
  ctx.font = font(GROUP.titleSize, 'bold');
  const x = group.x + ctx.measureText(group.group.title).width;
  const fitted = fitLabel(measureOf(ctx), [` · ${span}`], group.w - (x - group.x), GROUP.titleSize);
  ctx.font = font(fitted.px);
  ctx.fillStyle = css(theme.muted);
  ctx.fillText(fitted.text, x, group.y + GROUP.titleBaseline);
}

/** The panel and its label. */
function drawCellSkeleton(ctx: SKRSContext2D, cell: CellBox, theme: Theme): void {
  ctx.fillStyle = css(theme.panel);
  ctx.beginPath();
  ctx.roundRect(cell.x, cell.y, cell.w, cell.h, 6);
  ctx.fill();
  ctx.fillStyle = css(theme.muted);
  ctx.font = font(CELL.nameSize);
  ctx.fillText(
    ellipsize(ctx, cell.spec.label, cell.w - 2 * CELL.pad),
    cell.x + CELL.pad,
    cell.y + CELL.nameBaseline,
  );
}

/** The notes under the panels. */
function drawFooter(ctx: SKRSContext2D, theme: Theme): void {
  const { footer } = LAYOUT;
  ctx.fillStyle = css(theme.muted);
  ctx.font = font(FOOTER.size);
  for (const [i, line] of FOOTER.lines.entries()) {
    ctx.fillText(ellipsize(ctx, line, footer.w), footer.x, footer.y + FOOTER.size + i * FOOTER.lineHeight);
  }
}

/**
 * Paints the card onto `ctx`, whose transform maps CSS pixels to device pixels (`scale` of them
 * per CSS pixel). The background is opaque and the card framed, so it reads the same on a dark
 * page as on a white one.
 */
export function drawCard(ctx: SKRSContext2D, data: CardData, theme: Theme, scale: number): void {
  const paint: Paint = { ctx, theme, scale };
  ctx.fillStyle = css(theme.background);
  ctx.fillRect(0, 0, LAYOUT.width, LAYOUT.height);
  ctx.fillStyle = css(theme.rule);
  for (const [x, y, w, h] of [
    [0, 0, LAYOUT.width, 1],
    [0, LAYOUT.height - 1, LAYOUT.width, 1],
    [0, 0, 1, LAYOUT.height],
    [LAYOUT.width - 1, 0, 1, LAYOUT.height],
  ] as const)
    ctx.fillRect(x, y, w, h);
  ctx.textBaseline = 'alphabetic';
  ctx.textAlign = 'left';
  drawHeader(ctx, data, theme);
  for (const group of LAYOUT.groups) {
    drawGroupTitle(ctx, group, theme);
    drawGroupDays(ctx, group, data, theme);
    for (const cell of group.cells) {
      drawCellSkeleton(ctx, cell, theme);
      drawCellData(paint, cell, data);
    }
  }
  drawFooter(ctx, theme);
}
