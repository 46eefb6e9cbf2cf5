import type { SKRSContext2D } from '@napi-rs/canvas';
import { font } from './fonts.ts';
import type { Box } from './layout.ts';
import { css, type Rgb } from './palette.ts';
import { PlotRaster } from './plot-raster.ts';
import { type Polyline, ribbonOf, SUB } from './ribbon.ts';
import type { Clean } from './series.ts';

export type SparkColours = { line: Rgb; fill: Rgb; p99: Rgb; panel: Rgb; muted: Rgb; zero: Rgb };

/** Pens and dash in CSS px; the p99 is thinner and dashed so it differs by more than colour. */
const MAIN_PEN = 1.6;
const P99_PEN = 1.2;
const DASH_ON = 3.5;
const DASH_OFF = 2.5;
/** Room around the plot for half a pen at the extremes. */
const MARGIN = 2;
const MARK_RADIUS = 2.6;

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

// Every cell's plot has the same size, so one buffer per size is painted, copied, reused.
const rasters = new Map<number, PlotRaster>();
function rasterFor(width: number, height: number): PlotRaster {
  const key = width * 100_000 + height;
  let r = rasters.get(key);
  if (!r) {
    r = new PlotRaster(width, height);
    rasters.set(key, r);
  }
  return r;
}

function dot(ctx: SKRSContext2D, x: number, y: number, fill: string, ring: string): void {
  ctx.beginPath();
  ctx.arc(x, y, MARK_RADIUS, 0, Math.PI * 2);
  ctx.fillStyle = fill;
  ctx.fill();
  ctx.lineWidth = 1.2;
  ctx.strokeStyle = ring;
  ctx.stroke();
}

/** A sparkline of `main` (and its dashed `p99` companion on the same scale) inside `area`. */
export function drawSparkline(
  ctx: SKRSContext2D,
  area: Box,
  main: Clean,
  p99: Clean | undefined,
  colours: SparkColours,
  deviceScale: number,
): void {
  const sc = scaleOf(p99 ? [main, p99] : [main]);
  if (!sc) {
    ctx.font = font(11);
    ctx.fillStyle = css(colours.muted);
    ctx.textAlign = 'center';
    ctx.fillText('no data', area.x + area.w / 2, area.y + area.h / 2 + 4);
    ctx.textAlign = 'left';
    return;
  }
  const s = deviceScale;
  const rx = Math.floor((area.x - MARGIN) * s);
  const ry = Math.floor((area.y - MARGIN) * s);
  const raster = rasterFor(
    Math.ceil((area.x + area.w + MARGIN) * s) - rx,
    Math.ceil((area.y + area.h + MARGIN) * s) - ry,
  );
  raster.clear(colours.panel);
  // Plot geometry in raster pixels.
  const left = area.x * s - rx;
  const top = area.y * s - ry;
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
      raster.span(x, zero - s / 4, zero + s / 4, colours.zero);
  }
  const mainRibbon = main.n > 1 ? ribbonOf(project(main), MAIN_PEN * s, raster.width) : undefined;
  if (mainRibbon && !p99) {
    const { top: t, bottom: b } = mainRibbon;
    for (let x = 0; x < raster.width; x++) {
      const j = x * SUB + SUB / 2;
      if ((t[j] as number) <= (b[j] as number))
        raster.span(x, ((t[j] as number) + (b[j] as number)) / 2, top + height, colours.fill);
    }
  }
  if (p99 && p99.n > 1) {
    // Round caps lengthen each dash by a pen width, so the centreline's dashes are that shorter.
    const dash = [Math.max(0.5, DASH_ON - P99_PEN) * s, (DASH_OFF + P99_PEN) * s] as const;
    raster.ribbon(ribbonOf(project(p99), P99_PEN * s, raster.width, dash), colours.p99);
  }
  if (mainRibbon) raster.ribbon(mainRibbon, colours.line);
  ctx.putImageData(raster.image, rx, ry);

  // Marks are drawn by Skia on top, in CSS pixels: circles are what it does well and cheaply.
  const at = (c: Clean, i: number) =>
    [(xOf(c.at[i] as number) + rx) / s, (yOf(c.y[i] as number) + ry) / s] as const;
  const line = css(colours.line);
  const panel = css(colours.panel);
  if (p99?.n === 1) dot(ctx, ...at(p99, 0), panel, css(colours.p99));
  if (main.n === 1) dot(ctx, ...at(main, 0), line, panel);
  if (main.n > 1 && main.min < main.max) {
    dot(ctx, ...at(main, main.maxIndex), line, panel);
    dot(ctx, ...at(main, main.minIndex), panel, line);
  }
}
