import type { Box } from './layout.ts';
import { PlotRaster } from './plot-raster.ts';
import type { Quantizer } from './quantize.ts';
import { type Polyline, ribbonOf, SUB } from './ribbon.ts';
import type { Clean } from './series.ts';

/** Palette indices of the colours a sparkline uses. */
export type SparkInks = { line: number; fill: number; p99: number; panel: number; zero: number };

/** Palette indices for a device-pixel box of the PNG, painted without the canvas. */
export type Patch = { box: Box; indices: Uint8Array };

/** Pens, dash and marks in CSS px; the p99 is thinner and dashed so it differs by more than colour. */
const MAIN_PEN = 1.6;
const P99_PEN = 1.2;
const DASH_ON = 3.5;
const DASH_OFF = 2.5;
const MARK_RADIUS = 2.6;
const MARK_RING = 1.2;
/** Room around the plot for the marks, which overhang it. */
const PLOT_MARGIN = 4;

type Scale = { x0: number; x1: number; y0: number; y1: number };

// Halves before subtracting: (1e308 - -1e308) overflows, the halves never do.
function norm(v: number, lo: number, hi: number): number {
  const span = hi / 2 - lo / 2;
  return span > 0 ? (v / 2 - lo / 2) / span : 0.5;
}

function scaleOf(series: readonly Clean[]): Scale | undefined {
  let x0 = Infinity;
  let x1 = -Infinity;
  let y0 = Infinity;
  let y1 = -Infinity;
  for (const s of series) {
    if (s.n === 0) continue;
    x0 = Math.min(x0, s.at[0] as number);
    x1 = Math.max(x1, s.at[s.n - 1] as number);
    y0 = Math.min(y0, s.min);
    y1 = Math.max(y1, s.max);
  }
  return x0 === Infinity ? undefined : { x0, x1, y0, y1 };
}

/**
 * The sparkline of `main` (and its dashed `p99` companion on the same scale) for the plot `area`
 * (CSS px), with min/max marks; undefined when there is nothing to draw.
 */
export function sparklinePatch(
  area: Box,
  main: Clean,
  p99: Clean | undefined,
  inks: SparkInks,
  scale: number,
  quantizer: Quantizer,
): Patch | undefined {
  const sc = scaleOf(p99 ? [main, p99] : [main]);
  if (!sc) return undefined;
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
  // Plot geometry in the patch's pixels.
  const left = area.x * s - bx;
  const top = area.y * s - by;
  const width = area.w * s;
  const height = area.h * s;
  const xOf = (at: number) => left + norm(at, sc.x0, sc.x1) * width;
  const yOf = (v: number) => top + height - norm(v, sc.y0, sc.y1) * height;
  const project = (c: Clean): Polyline => {
    const xs = new Float64Array(c.n);
    const ys = new Float64Array(c.n);
    for (let i = 0; i < c.n; i++) {
      xs[i] = xOf(c.at[i] as number);
      ys[i] = yOf(c.y[i] as number);
    }
    return { xs, ys, n: c.n };
  };

  if (sc.y0 < 0 && sc.y1 > 0) {
    const zero = yOf(0);
    for (let x = Math.floor(left); x < left + width; x++)
      raster.span(x, zero - s / 4, zero + s / 4, inks.zero);
  }
  const mainRibbon = main.n > 1 ? ribbonOf(project(main), MAIN_PEN * s, box.w) : undefined;
  if (mainRibbon && !p99) {
    const { top: t, bottom: b } = mainRibbon;
    for (let x = 0; x < box.w; x++) {
      const j = x * SUB + SUB / 2;
      if ((t[j] as number) <= (b[j] as number)) {
        raster.span(x, ((t[j] as number) + (b[j] as number)) / 2, top + height, inks.fill);
      }
    }
  }
  if (p99 && p99.n > 1) {
    // Round caps lengthen each dash by a pen width, so the centreline's dashes are that shorter.
    const dash = [Math.max(0.5, DASH_ON - P99_PEN) * s, (DASH_OFF + P99_PEN) * s] as const;
    raster.ribbon(ribbonOf(project(p99), P99_PEN * s, box.w, dash), inks.p99);
  }
  if (mainRibbon) raster.ribbon(mainRibbon, inks.line);

  const mark = (c: Clean, i: number, fill: number, ring: number) =>
    raster.dot(xOf(c.at[i] as number), yOf(c.y[i] as number), MARK_RADIUS * s, MARK_RING * s, fill, ring);
  if (p99?.n === 1) mark(p99, 0, inks.panel, inks.p99);
  if (main.n === 1) mark(main, 0, inks.line, inks.panel);
  if (main.n > 1 && main.min < main.max) {
    mark(main, main.maxIndex, inks.line, inks.panel);
    mark(main, main.minIndex, inks.panel, inks.line);
  }
  return { box, indices: raster.indices };
}
