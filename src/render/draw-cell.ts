import type { SKRSContext2D } from '@napi-rs/canvas';
import { type CardData, type Clean, headlineOf, isDailySeries } from '../stats-report/card-data.ts';
import { latestBarWords } from '../stats-report/daily.ts';
import { formatValue, minMaxInWords } from '../text/numbers.ts';
import { barCentre, drawBars, drawSparkline, type PlotInks } from './draw-plot.ts';
import { fitLabel, type Measure, placeSlotLabels } from './fit.ts';
import { font } from './fonts.ts';
import { type Box, CELL, type CellBox, plotBox } from './layout.ts';
import { blend, css, type Theme } from './palette.ts';
import { yScaleOf } from './scale.ts';

// One panel's data: its big number and note, its plot (bars or lines) with the scale labelled on
// its edges, and what is under the plot (min and max of a line, the days of the bars).

function plotInks(theme: Theme, cell: CellBox): PlotInks {
  const hue = theme.hues[cell.hue];
  return {
    line: hue.line,
    fill: blend(hue.line, theme.panel, hue.fillAlpha),
    light: blend(hue.line, theme.panel, hue.lightAlpha),
    panel: theme.panel,
    grid: blend(theme.muted, theme.panel, 1 / 3),
    base: theme.rule,
  };
}

export type Paint = { ctx: SKRSContext2D; theme: Theme; scale: number };

/** The plotted values of a cell: its bars, or its line(s). */
function cellValues(cell: CellBox, data: CardData) {
  const { spec } = cell;
  const main = data.series[spec.main];
  const p99 = spec.p99 ? data.series[spec.p99] : undefined;
  const bars = spec.plot === 'bars' && isDailySeries(spec.main) ? data.daily[spec.main] : undefined;
  const values = bars
    ? bars.values.filter((v) => !Number.isNaN(v))
    : [main.min, main.max, ...(p99 && p99.n > 0 ? [p99.min, p99.max] : [])];
  const finite = values.filter((v) => Number.isFinite(v));
  const min = finite.length > 0 ? Math.min(...finite) : Number.NaN;
  const max = finite.length > 0 ? Math.max(...finite) : Number.NaN;
  return { main, p99, bars, min, max };
}

/** The canvas's measure of text at the card's regular or bold font. */
export function measureOf(ctx: SKRSContext2D, weight: 'regular' | 'bold' = 'regular'): Measure {
  return (text, px) => {
    ctx.font = font(px, weight);
    return ctx.measureText(text).width;
  };
}

/** Draws the first of `texts` that fits (or the shortest, smaller): never cut (fit.ts). */
function drawFitted(
  ctx: SKRSContext2D,
  texts: readonly string[],
  at: { x: number; y: number; w: number; px: number; weight?: 'regular' | 'bold' },
): number {
  const weight = at.weight ?? 'regular';
  const fitted = fitLabel(measureOf(ctx, weight), texts, at.w, at.px);
  ctx.font = font(fitted.px, weight);
  ctx.fillText(fitted.text, at.x, at.y);
  return ctx.measureText(fitted.text).width;
}

export function drawCellData({ ctx, theme, scale }: Paint, cell: CellBox, data: CardData): void {
  const { spec } = cell;
  const { main, p99, bars, min, max } = cellValues(cell, data);
  const inner = cell.w - 2 * CELL.pad;
  const x = cell.x + CELL.pad;
  const plot = plotBox(cell);
  // The big number is the headline every message beside the card says too (src/stats-report/card-data.ts).
  const last = headlineOf(data, spec.main);
  const big = (value: number) => formatValue(spec.kind, value);

  ctx.fillStyle = css(last === undefined ? theme.muted : theme.text);
  const valueWidth = drawFitted(ctx, [last === undefined ? '—' : big(last)], {
    x,
    y: cell.y + CELL.valueBaseline,
    w: inner,
    px: CELL.valueSize,
    weight: 'bold',
  });
  const notes = bars
    ? [latestBarWords(bars), bars.partialLast ? 'so far' : '']
    : p99
      ? [`mean · p99 ${p99.n > 0 ? big(p99.last) : '—'}`, `p99 ${p99.n > 0 ? big(p99.last) : '—'}`]
      : [];
  const after = valueWidth + 6;
  ctx.fillStyle = css(theme.muted);
  if (notes.length > 0 && inner - after > 24) {
    // The words the message uses ("today so far"), a little smaller if need be, before shorter ones.
    const room = inner - after;
    const whole = fitLabel(measureOf(ctx), notes.slice(0, 1), room, CELL.noteSize);
    const fits = measureOf(ctx)(whole.text, whole.px) <= room;
    drawFitted(ctx, fits ? [whole.text] : notes, {
      x: x + after,
      y: cell.y + CELL.valueBaseline,
      w: room,
      px: fits ? whole.px : CELL.noteSize,
    });
  }

  const y = yScaleOf(spec.kind, spec.baseline, min, max);
  const inks = plotInks(theme, cell);
  const span = data.span && data.span.to > data.span.from ? data.span : undefined;
  const drawn =
    y !== undefined &&
    (bars
      ? drawBars(ctx, plot, bars, y, inks, scale)
      : drawSparkline(
          ctx,
          plot,
          { main, p99, zeroBaseline: spec.baseline === 'zero' },
          y,
          span ?? timesOf(main, p99),
          inks,
        ));
  if (!drawn || y === undefined) {
    ctx.font = font(CELL.footSize);
    ctx.fillStyle = css(theme.muted);
    ctx.textAlign = 'center';
    ctx.fillText('no data', plot.x + plot.w / 2, plot.y + plot.h / 2 + 4);
    ctx.textAlign = 'left';
    if (bars) drawBarLabels(ctx, plot, bars.labels, cell.y + CELL.footBaseline, cell);
    return;
  }

  // The scale, said on the plot's two edges.
  ctx.fillStyle = css(theme.muted);
  ctx.textAlign = 'right';
  const labelX = plot.x - 4;
  drawFitted(ctx, [y.top], { x: labelX, y: plot.y + 3.5, w: CELL.gutter - 4, px: CELL.scaleSize });
  drawFitted(ctx, [y.bottom], {
    x: labelX,
    y: plot.y + plot.h + 3.5,
    w: CELL.gutter - 4,
    px: CELL.scaleSize,
  });
  ctx.textAlign = 'left';

  const foot = cell.y + CELL.footBaseline;
  if (bars) drawBarLabels(ctx, plot, bars.labels, foot, cell);
  else {
    const words = minMaxInWords(spec.kind, lowest(main, p99), highest(main, p99));
    drawFitted(ctx, words, { x, y: foot, w: inner, px: CELL.footSize });
  }
}

/** The times a line covers itself: its x-axis when the card has no period span to share. */
function timesOf(main: Clean, p99: Clean | undefined): { from: number; to: number } {
  let from = Infinity;
  let to = -Infinity;
  for (const c of [main, p99]) {
    if (c === undefined || c.n === 0) continue;
    from = Math.min(from, c.at[0] as number);
    to = Math.max(to, c.at[c.n - 1] as number);
  }
  return { from, to };
}

const lowest = (main: Clean, p99: Clean | undefined) => (main.n > 0 ? main.min : (p99?.min ?? Number.NaN));
const highest = (main: Clean, p99: Clean | undefined) => (main.n > 0 ? main.max : (p99?.max ?? Number.NaN));

/** `Mo` for `Mon`, `22` for `22 Nov`: the forms a crowded row of days falls back to. */
function shortForm(label: string): string | undefined {
  if (/^[A-Z][a-z]{2}$/.test(label)) return label.slice(0, 2);
  const day = /^(\d{1,2}) [A-Z][a-z]{2}$/.exec(label);
  return day?.[1];
}

/** The slots under the bars: each whole and inside its cell, as many as fit (fit.ts). */
function drawBarLabels(
  ctx: SKRSContext2D,
  plot: Box,
  labels: readonly string[],
  baseline: number,
  cell: Box,
) {
  const count = labels.length;
  if (count === 0) return;
  const forms = labels.map((full) => ({ full, short: shortForm(full) }));
  const centres = labels.map((_, i) => barCentre(plot, i, count));
  const room = { left: cell.x + CELL.pad, right: cell.x + cell.w - CELL.pad };
  const placed = placeSlotLabels(measureOf(ctx), forms, centres, room, CELL.footSize, 8);
  ctx.font = font(CELL.footSize);
  ctx.textAlign = 'center';
  for (const { text, x } of placed) ctx.fillText(text, x, baseline);
  ctx.textAlign = 'left';
}
