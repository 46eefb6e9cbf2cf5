import type { Box } from './layout.ts';
import { PlotRaster } from './plot-raster.ts';
import type { Quantizer } from './quantize.ts';
import { type Polyline, ribbonOf, SUB } from './ribbon.ts';
import type { YScale } from './scale.ts';
import type { Clean } from './series.ts';

/** Palette indices of the colours a plot uses. */
export type PlotInks = {
  line: number;
  fill: number;
  /** The p99 line, and today's bar (still counting): the line colour, lighter. */
  light: number;
  panel: number;
  /** The faint rule at the plot's labelled edges. */
  grid: number;
  /** The zero baseline of an amount: a firmer rule. */
  base: number;
};

/** Palette indices for a device-pixel box of the PNG, painted without the canvas. */
export type Patch = { box: Box; indices: Uint8Array };

/** Pens and dash in CSS px; the p99 is thinner and dashed so it differs by more than colour. */
const MAIN_PEN = 1.6;
const P99_PEN = 1.2;
const DASH_ON = 3.5;
const DASH_OFF = 2.5;
const MARK_RADIUS = 2.6;
const MARK_RING = 1.2;
/** Room around the plot for pens and the single-point mark, which overhang it. */
const PLOT_MARGIN = 4;

// Halves before subtracting: (1e308 - -1e308) overflows, the halves never do.
export function norm(v: number, lo: number, hi: number): number {
  const span = hi / 2 - lo / 2;
  return span > 0 ? (v / 2 - lo / 2) / span : 0.5;
}

/** A patch's raster and the plot's geometry in its device pixels. */
export type PlotCanvas = {
  box: Box;
  raster: PlotRaster;
  left: number;
  top: number;
  width: number;
  height: number;
  yOf: (v: number) => number;
};

/** A raster covering the plot `area` (CSS px) at `scale`, with its edges ruled per `y`. */
export function plotCanvas(
  area: Box,
  y: YScale,
  zeroBaseline: boolean,
  inks: PlotInks,
  scale: number,
  quantizer: Quantizer,
): PlotCanvas {
  const s = scale;
  const bx = Math.floor((area.x - PLOT_MARGIN) * s);
  const by = Math.floor((area.y - PLOT_MARGIN) * s);
  const box = {
    x: bx,
    y: by,
    w: Math.ceil((area.x + area.w + PLOT_MARGIN) * s) - bx,
    h: Math.ceil((area.y + area.h + PLOT_MARGIN) * s) - by,
  };
  const raster = new PlotRaster(box.w, box.h, quantizer, inks.panel);
  const left = area.x * s - bx;
  const top = area.y * s - by;
  const width = area.w * s;
  const height = area.h * s;
  const yOf = (v: number) => top + height - norm(v, y.lo, y.hi) * height;
  const rule = (at: number, ink: number) => {
    for (let x = Math.floor(left); x < left + width; x++) raster.span(x, at - s / 4, at + s / 4, ink);
  };
  rule(top, inks.grid);
  rule(top + height, zeroBaseline && y.lo === 0 ? inks.base : inks.grid);
  if (y.lo < 0 && y.hi > 0) rule(yOf(0), inks.base);
  return { box, raster, left, top, width, height, yOf };
}

/**
 * The line of `main` (and its dashed `p99` companion on the same scale) for the plot `area`
 * (CSS px), over the times `x0`…`x1`; undefined when there is nothing to draw. An amount on a
 * zero baseline is filled down to zero; a ranged line is not, since an area would claim a size.
 */
export function sparklinePatch(
  area: Box,
  main: Clean,
  p99: Clean | undefined,
  y: YScale,
  x: { from: number; to: number },
  zeroBaseline: boolean,
  inks: PlotInks,
  scale: number,
  quantizer: Quantizer,
): Patch | undefined {
  if (main.n === 0 && (p99 === undefined || p99.n === 0)) return undefined;
  const plot = plotCanvas(area, y, zeroBaseline, inks, scale, quantizer);
  const { box, raster, left, top, width, height, yOf } = plot;
  const xOf = (at: number) => left + norm(at, x.from, x.to) * width;
  const project = (c: Clean): Polyline => {
    const xs = new Float64Array(c.n);
    const ys = new Float64Array(c.n);
    for (let i = 0; i < c.n; i++) {
      xs[i] = xOf(c.at[i] as number);
      ys[i] = yOf(c.y[i] as number);
    }
    return { xs, ys, n: c.n };
  };

  const mainRibbon = main.n > 1 ? ribbonOf(project(main), MAIN_PEN * scale, box.w) : undefined;
  if (mainRibbon && !p99 && zeroBaseline) {
    const { top: t, bottom: b } = mainRibbon;
    const floor = Math.min(top + height, yOf(0));
    for (let px = 0; px < box.w; px++) {
      const j = px * SUB + SUB / 2;
      if ((t[j] as number) <= (b[j] as number)) {
        raster.span(px, ((t[j] as number) + (b[j] as number)) / 2, floor, inks.fill);
      }
    }
  }
  if (p99 && p99.n > 1) {
    // Round caps lengthen each dash by a pen width, so the centreline's dashes are that shorter.
    const dash = [Math.max(0.5, DASH_ON - P99_PEN) * scale, (DASH_OFF + P99_PEN) * scale] as const;
    raster.ribbon(ribbonOf(project(p99), P99_PEN * scale, box.w, dash), inks.light);
  }
  if (mainRibbon) raster.ribbon(mainRibbon, inks.line);

  // A lone point has no line to draw: it is shown as a dot.
  const mark = (c: Clean, fill: number, ring: number) =>
    raster.dot(
      xOf(c.at[0] as number),
      yOf(c.y[0] as number),
      MARK_RADIUS * scale,
      MARK_RING * scale,
      fill,
      ring,
    );
  if (p99?.n === 1) mark(p99, inks.panel, inks.light);
  if (main.n === 1) mark(main, inks.line, inks.panel);
  return { box, indices: raster.indices };
}
