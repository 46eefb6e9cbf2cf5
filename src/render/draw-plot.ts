import type { SKRSContext2D } from '@napi-rs/canvas';
import type { Clean } from '../stats-report/card-data.ts';
import type { DayBars } from '../stats-report/daily.ts';
import type { Box } from './layout.ts';
import { css, type Rgb } from './palette.ts';
import type { YScale } from './scale.ts';

// A panel's plot drawn on the canvas (CSS px; the context's transform scales to device pixels):
// a line (with its dashed p99 companion, or the area under it) or one bar per day, between two
// faint rules on the plot's labelled edges.

/** The colours a plot uses. */
export type PlotInks = {
  line: Rgb;
  fill: Rgb;
  /** The p99 line, and today's bar (still counting): the line colour, lighter. */
  light: Rgb;
  panel: Rgb;
  /** The faint rule at the plot's labelled edges. */
  grid: Rgb;
  /** The zero baseline of an amount: a firmer rule. */
  base: Rgb;
};

/** Pens and dash in CSS px; the p99 is thinner and dashed so it differs by more than colour. */
const MAIN_PEN = 1.6;
const P99_PEN = 1.2;
const DASH_ON = 3.5;
const DASH_OFF = 2.5;
const MARK_RADIUS = 2.6;
const MARK_RING = 1.2;
/** Room around the plot for pens and the single-point mark, which overhang it. */
const PLOT_MARGIN = 4;
/** Share of a day's slot its bar fills; the rest is the gap that keeps bars apart. */
const BAR_SHARE = 0.7;
/** The widest a bar gets (CSS px): one hour's bar is a bar, not a block. */
const MAX_BAR = 26;

// Halves before subtracting: (1e308 - -1e308) overflows, the halves never do.
function norm(v: number, lo: number, hi: number): number {
  const span = hi / 2 - lo / 2;
  return span > 0 ? (v / 2 - lo / 2) / span : 0.5;
}

/** Centre of bar `i` of `count` in the plot `area`, in CSS px (for its label). */
export function barCentre(area: Box, i: number, count: number): number {
  return area.x + ((i + 0.5) * area.w) / count;
}

/** Clips to the plot and its margin, rules its edges per `y`; returns the value → y mapping. */
function beginPlot(ctx: SKRSContext2D, area: Box, y: YScale, zeroBaseline: boolean, inks: PlotInks) {
  ctx.save();
  ctx.beginPath();
  ctx.rect(area.x - PLOT_MARGIN, area.y - PLOT_MARGIN, area.w + 2 * PLOT_MARGIN, area.h + 2 * PLOT_MARGIN);
  ctx.clip();
  const yOf = (v: number) => area.y + area.h - norm(v, y.lo, y.hi) * area.h;
  const rule = (at: number, ink: Rgb) => {
    ctx.fillStyle = css(ink);
    ctx.fillRect(area.x, at - 0.25, area.w, 0.5);
  };
  rule(area.y, inks.grid);
  rule(area.y + area.h, zeroBaseline && y.lo === 0 ? inks.base : inks.grid);
  if (y.lo < 0 && y.hi > 0) rule(yOf(0), inks.base);
  return yOf;
}

/**
 * The line of `main` (and its dashed `p99` companion on the same scale) in the plot `area`, over
 * the times `x.from`…`x.to`; false when there is nothing to draw. An amount on a zero baseline is
 * filled down to zero; a ranged line is not, since an area would claim a size.
 */
export function drawSparkline(
  ctx: SKRSContext2D,
  area: Box,
  line: { main: Clean; p99: Clean | undefined; zeroBaseline: boolean },
  y: YScale,
  x: { from: number; to: number },
  inks: PlotInks,
): boolean {
  const { main, p99, zeroBaseline } = line;
  if (main.n === 0 && (p99 === undefined || p99.n === 0)) return false;
  const yOf = beginPlot(ctx, area, y, zeroBaseline, inks);
  const xOf = (at: number) => area.x + norm(at, x.from, x.to) * area.w;
  const trace = (c: Clean) => {
    ctx.beginPath();
    for (let i = 0; i < c.n; i++) ctx.lineTo(xOf(c.at[i] as number), yOf(c.y[i] as number));
  };
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  if (main.n > 1 && !p99 && zeroBaseline) {
    const floor = Math.min(area.y + area.h, yOf(0));
    trace(main);
    ctx.lineTo(xOf(main.at[main.n - 1] as number), floor);
    ctx.lineTo(xOf(main.at[0] as number), floor);
    ctx.closePath();
    ctx.fillStyle = css(inks.fill);
    ctx.fill();
  }
  if (p99 && p99.n > 1) {
    // Round caps lengthen each dash by a pen width, so the centreline's dashes are that shorter.
    ctx.setLineDash([Math.max(0.5, DASH_ON - P99_PEN), DASH_OFF + P99_PEN]);
    ctx.lineWidth = P99_PEN;
    ctx.strokeStyle = css(inks.light);
    trace(p99);
    ctx.stroke();
    ctx.setLineDash([]);
  }
  if (main.n > 1) {
    ctx.lineWidth = MAIN_PEN;
    ctx.strokeStyle = css(inks.line);
    trace(main);
    ctx.stroke();
  }
  // A lone point has no line to draw: it is shown as a dot.
  const mark = (c: Clean, fill: Rgb, ring: Rgb) => {
    ctx.beginPath();
    ctx.arc(xOf(c.at[0] as number), yOf(c.y[0] as number), MARK_RADIUS, 0, 2 * Math.PI);
    ctx.fillStyle = css(fill);
    ctx.fill();
    ctx.lineWidth = MARK_RING;
    ctx.strokeStyle = css(ring);
    ctx.stroke();
  };
  if (p99?.n === 1) mark(p99, inks.panel, inks.light);
  if (main.n === 1) mark(main, inks.line, inks.panel);
  ctx.restore();
  return true;
}

/**
 * One bar per day on a zero baseline, edges on whole device pixels (crisp at any count), today's
 * bar lighter when it is still counting. False without bars.
 */
export function drawBars(
  ctx: SKRSContext2D,
  area: Box,
  bars: DayBars,
  y: YScale,
  inks: PlotInks,
  scale: number,
): boolean {
  const count = bars.values.length;
  if (count === 0) return false;
  const yOf = beginPlot(ctx, area, y, true, inks);
  const slot = (area.w * scale) / count;
  const barWidth = Math.max(1, Math.min(slot - 1, MAX_BAR * scale, Math.round(slot * BAR_SHARE)));
  const zero = yOf(Math.max(y.lo, Math.min(y.hi, 0)));
  for (let i = 0; i < count; i++) {
    // A slot the API sent nothing for has no bar: a bar at zero would say "none" where it said nothing.
    if (Number.isNaN(bars.values[i])) continue;
    const x0 = Math.round(area.x * scale + i * slot + (slot - barWidth) / 2) / scale;
    const end = yOf(bars.values[i] as number);
    ctx.fillStyle = css(bars.partialLast && i === count - 1 ? inks.light : inks.line);
    ctx.fillRect(x0, Math.min(end, zero), barWidth / scale, Math.abs(end - zero));
  }
  ctx.restore();
  return true;
}
