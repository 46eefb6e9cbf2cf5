import type { SKRSContext2D } from '@napi-rs/canvas';
import { latestBarWords } from './daily.ts';
import { barCentre, drawBars, drawSparkline, type PlotInks } from './draw-plot.ts';
import { font } from './fonts.ts';
import { digitsToTell, formatValue } from './format-numbers.ts';
import { type Box, CELL, type CellBox, plotBox } from './layout.ts';
import { blend, css, type Theme } from './palette.ts';
import { yScaleOf } from './scale.ts';
import { type CardData, type Clean, isDailySeries } from './series.ts';
import { ellipsize, fitting } from './text.ts';

// One panel's data: its big number and note, its plot (bars or lines) with the scale labelled on
// its edges, and what is under the plot (min and max of a line, the days of the bars).

/** Bars get a label each up to this many; beyond, only the first and the last are labelled. */
const LABEL_EVERY_BAR_UP_TO = 7;

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
  const values = bars ? bars.values : [main.min, main.max, ...(p99 && p99.n > 0 ? [p99.min, p99.max] : [])];
  const finite = values.filter((v) => Number.isFinite(v));
  const min = finite.length > 0 ? Math.min(...finite) : Number.NaN;
  const max = finite.length > 0 ? Math.max(...finite) : Number.NaN;
  return { main, p99, bars, min, max };
}

export function drawCellData({ ctx, theme, scale }: Paint, cell: CellBox, data: CardData): void {
  const { spec } = cell;
  const { main, p99, bars, min, max } = cellValues(cell, data);
  const inner = cell.w - 2 * CELL.pad;
  const x = cell.x + CELL.pad;
  const plot = plotBox(cell);
  const last = bars ? bars.values[bars.values.length - 1] : main.n > 0 ? main.last : undefined;
  // The big number is a headline (3 digits); min and max get as many as it takes to differ.
  const big = (value: number) => formatValue(spec.kind, value);
  const digits = digitsToTell(spec.kind, [min, max]);
  const v = (value: number) => formatValue(spec.kind, value, digits);

  ctx.fillStyle = css(last === undefined ? theme.muted : theme.text);
  ctx.font = font(CELL.valueSize, 'bold');
  const value = ellipsize(ctx, last === undefined ? '—' : big(last), inner);
  ctx.fillText(value, x, cell.y + CELL.valueBaseline);
  const notes = bars
    ? [latestBarWords(bars), bars.partialLast ? 'so far' : '']
    : p99
      ? [`mean · p99 ${p99.n > 0 ? big(p99.last) : '—'}`]
      : [];
  const after = ctx.measureText(value).width + 6;
  ctx.fillStyle = css(theme.muted);
  ctx.font = font(CELL.noteSize);
  if (notes.length > 0 && inner - after > 24)
    ctx.fillText(fitting(ctx, notes, inner - after), x + after, cell.y + CELL.valueBaseline);

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
    return;
  }

  // The scale, said on the plot's two edges.
  ctx.font = font(CELL.scaleSize);
  ctx.fillStyle = css(theme.muted);
  ctx.textAlign = 'right';
  const labelX = plot.x - 4;
  ctx.fillText(ellipsize(ctx, y.top, CELL.gutter - 4), labelX, plot.y + 3.5);
  ctx.fillText(ellipsize(ctx, y.bottom, CELL.gutter - 4), labelX, plot.y + plot.h + 3.5);
  ctx.textAlign = 'left';

  ctx.font = font(CELL.footSize);
  const foot = cell.y + CELL.footBaseline;
  if (bars) drawBarLabels(ctx, plot, bars.labels, foot);
  else {
    const words = minMaxWords(v(lowest(main, p99)), v(highest(main, p99)));
    ctx.fillText(fitting(ctx, words, inner), x, foot);
  }
}

/** `min 5.01 · max 7.45`, or shorter forms when long numbers would not fit. */
function minMaxWords(min: string, max: string): string[] {
  return [`min ${min} · max ${max}`, `${min} – ${max}`, `${min}–${max}`];
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

/** The days under the bars: each one while they fit, else the first and the last. */
function drawBarLabels(ctx: SKRSContext2D, plot: Box, labels: readonly string[], baseline: number) {
  const count = labels.length;
  if (count <= LABEL_EVERY_BAR_UP_TO) {
    ctx.textAlign = 'center';
    const slot = plot.w / count;
    for (const [i, label] of labels.entries()) {
      ctx.fillText(ellipsize(ctx, label, slot + 2), barCentre(plot, i, count), baseline);
    }
    ctx.textAlign = 'left';
    return;
  }
  ctx.fillText(labels[0] ?? '', plot.x, baseline);
  ctx.textAlign = 'right';
  ctx.fillText(labels[count - 1] ?? '', plot.x + plot.w, baseline);
  ctx.textAlign = 'left';
}
