import { type Canvas, createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { VectorIndexStats } from '../api/schemas.ts';
import { drawCard } from './card.ts';
import type { Patch } from './draw-sparkline.ts';
import { ensureFonts } from './fonts.ts';
import { type Band, type Box, bandsOf, LAYOUT } from './layout.ts';
import { type Theme, themeFor } from './palette.ts';
import { indexedPng } from './png.ts';
import { paletteFor, Quantizer } from './quantize.ts';
import { type CardData, cardDataOf } from './series.ts';

export type RenderOptions = {
  /** `light` (default) is an opaque light card, legible on both Slack themes. */
  theme?: 'light' | 'dark';
  /** Device pixels per CSS pixel; 2 (default) stays crisp on high-density screens. */
  scale?: 1 | 2;
};

// Fresh multi-megabyte buffers cost more than drawing here (page faults, then GC of external
// memory), so the surface and the scanline buffers are kept and reused. That is safe because a
// render runs start to finish synchronously, on one thread.
//
// The canvas library's surfaces are native memory, resident for as long as they live. A surface
// of the whole card is 8 MB at scale 2, so the card (and its template) is painted and read back
// band by band on one surface the height of the tallest band, a fifth of the card's (1.7 MB): the
// only buffers the size of the card are scanlines, one byte a pixel (the card's, the templates).
const BANDS = bandsOf(LAYOUT, 160);
const surfaces = new Map<string, { canvas: Canvas; ctx: SKRSContext2D }>();
const scanlines = new Map<number, Uint8Array>();
const quantizers = new Map<Theme['name'], Quantizer>();
/** The quantised scanlines of the card's skeleton, per theme and scale: see `templateFor`. */
const templates = new Map<string, Uint8Array>();

/** Rows read per getImageData call: small enough to be cheap to allocate, big enough to be few. */
const STRIP_ROWS = 32;

function surface(width: number, height: number) {
  const key = `${width}x${height}`;
  let s = surfaces.get(key);
  if (!s) {
    const canvas = createCanvas(width, height);
    s = { canvas, ctx: canvas.getContext('2d', { alpha: false }) };
    surfaces.set(key, s);
  }
  return s;
}

function scanlinesOf(size: number): Uint8Array {
  let rows = scanlines.get(size);
  if (!rows) {
    rows = new Uint8Array(size);
    scanlines.set(size, rows);
  }
  return rows;
}

export function quantizerFor(theme: Theme): Quantizer {
  let q = quantizers.get(theme.name);
  if (!q) {
    q = new Quantizer(paletteFor(theme));
    quantizers.set(theme.name, q);
  }
  return q;
}

/**
 * Quantises the device-pixel rectangle `box` of the card into PNG scanlines `rows`, reading it
 * from the canvas, which holds the card's device rows from `top` down.
 */
function quantizeBox(
  ctx: SKRSContext2D,
  box: Box,
  top: number,
  width: number,
  rows: Uint8Array,
  q: Quantizer,
): void {
  if (box.w <= 0 || box.h <= 0) return;
  for (let y = box.y; y < box.y + box.h; y += STRIP_ROWS) {
    const h = Math.min(STRIP_ROWS, box.y + box.h - y);
    q.quantize(
      ctx.getImageData(box.x, y - top, box.w, h).data,
      box.w,
      h,
      rows,
      y * (width + 1) + 1 + box.x,
      width + 1,
    );
  }
}

/** Reads the whole canvas and encodes it as an indexed PNG with `quantizer`'s palette. */
export function encodeIndexed(
  ctx: SKRSContext2D,
  width: number,
  height: number,
  quantizer: Quantizer,
): Buffer {
  // Filter bytes stay 0 (no filter); only pixel bytes are ever written.
  const rows = scanlinesOf(height * (width + 1));
  quantizeBox(ctx, { x: 0, y: 0, w: width, h: height }, 0, width, rows, quantizer);
  return indexedPng(rows, width, height, quantizer.palette);
}

/** `b` (CSS px) in device pixels, clipped to the device rows `top` to `bottom` and the card's width. */
function deviceBox(b: Box, scale: number, width: number, top: number, bottom: number): Box {
  const x = Math.max(0, Math.floor(b.x * scale));
  const y = Math.max(top, Math.floor(b.y * scale));
  return {
    x,
    y,
    w: Math.max(0, Math.min(width, Math.ceil((b.x + b.w) * scale)) - x),
    h: Math.max(0, Math.min(bottom, Math.ceil((b.y + b.h) * scale)) - y),
  };
}

type Pass = { theme: Theme; scale: number; bands: readonly Band[]; skeleton: boolean; whole: boolean };

/**
 * Paints the card one band after another on one surface and quantises each band into `rows`
 * before the next is painted over it: all of each band's rows with `whole`, else only the boxes
 * where it drew data (the rest is already in `rows`, from the template). Returns the plots.
 */
function paintBands(
  data: CardData,
  rows: Uint8Array,
  { theme, scale, bands, skeleton, whole }: Pass,
): Patch[] {
  const width = LAYOUT.width * scale;
  const { ctx } = surface(width, Math.max(...bands.map((b) => b.bottom - b.top)) * scale);
  const q = quantizerFor(theme);
  const patches: Patch[] = [];
  for (const band of bands) {
    const top = band.top * scale;
    const bottom = band.bottom * scale;
    ctx.save();
    ctx.setTransform(scale, 0, 0, scale, 0, -top);
    const frame = drawCard(ctx, data, theme, scale, q, { skeleton, band });
    ctx.restore();
    const read = whole
      ? [{ x: 0, y: top, w: width, h: bottom - top }]
      : frame.dirty.map((box) => deviceBox(box, scale, width, top, bottom));
    for (const box of read) quantizeBox(ctx, box, top, width, rows, q);
    patches.push(...frame.patches);
  }
  return patches;
}

/**
 * Most of the card never changes (background, panels, labels, group titles, legend). Those
 * scanlines are quantised once per theme and scale, from the card's skeleton, painted band by band
 * on the card's own surface (no second one; the pixels do not depend on the bands); each card then
 * reads back and quantises only the boxes where it drew text, and writes its sparklines in.
 */
function templateFor(theme: Theme, scale: number, bands: readonly Band[]): Uint8Array {
  const key = `${theme.name}@${scale}`;
  let template = templates.get(key);
  if (!template) {
    template = new Uint8Array(LAYOUT.height * scale * (LAYOUT.width * scale + 1));
    paintBands(NO_DATA, template, { theme, scale, bands, skeleton: true, whole: true });
    templates.set(key, template);
  }
  return template;
}

const NO_DATA: CardData = cardDataOf({ indexId: '', period: '1h', stats: {} as VectorIndexStats });

/** Writes the plots, already palette indices, into the scanlines. */
export function applyPatches(rows: Uint8Array, width: number, patches: readonly Patch[]): void {
  for (const { box, indices } of patches) {
    for (let y = 0; y < box.h; y++) {
      rows.set(indices.subarray(y * box.w, (y + 1) * box.w), (box.y + y) * (width + 1) + 1 + box.x);
    }
  }
}

/**
 * Draws and encodes the card synchronously: the body of the render worker. `whole` reads every
 * pixel back instead of only the dirty boxes (the reference the tests compare with); `bands` cut
 * the card for painting (the tests compare the bands with one band covering the whole card).
 */
export function renderCardPng(
  data: CardData,
  options: RenderOptions = {},
  whole = false,
  bands: readonly Band[] = BANDS,
): Buffer {
  ensureFonts();
  const scale = options.scale === 1 ? 1 : 2;
  const theme = themeFor(options.theme);
  const width = LAYOUT.width * scale;
  const height = LAYOUT.height * scale;
  // A whole read overwrites every pixel byte; otherwise the template gives those not read back.
  const rows = scanlinesOf(height * (width + 1));
  if (!whole) rows.set(templateFor(theme, scale, bands));
  const patches = paintBands(data, rows, { theme, scale, bands, skeleton: false, whole });
  applyPatches(rows, width, patches);
  return indexedPng(rows, width, height, quantizerFor(theme).palette);
}
