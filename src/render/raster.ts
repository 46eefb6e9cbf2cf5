import { type Canvas, createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { VectorIndexStats } from '../api/schemas.ts';
import { drawCard, type Frame } from './card.ts';
import type { Patch } from './draw-sparkline.ts';
import { ensureFonts } from './fonts.ts';
import { type Box, LAYOUT } from './layout.ts';
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

/** Quantises the device-pixel rectangle `box` of the canvas into PNG scanlines `rows`. */
function quantizeBox(ctx: SKRSContext2D, box: Box, width: number, rows: Uint8Array, q: Quantizer): void {
  if (box.w <= 0 || box.h <= 0) return;
  for (let y = box.y; y < box.y + box.h; y += STRIP_ROWS) {
    const h = Math.min(STRIP_ROWS, box.y + box.h - y);
    q.quantize(
      ctx.getImageData(box.x, y, box.w, h).data,
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
  quantizeBox(ctx, { x: 0, y: 0, w: width, h: height }, width, rows, quantizer);
  return indexedPng(rows, width, height, quantizer.palette);
}

function deviceBox(b: Box, scale: number, width: number, height: number): Box {
  const x = Math.max(0, Math.floor(b.x * scale));
  const y = Math.max(0, Math.floor(b.y * scale));
  return {
    x,
    y,
    w: Math.max(0, Math.min(width, Math.ceil((b.x + b.w) * scale)) - x),
    h: Math.max(0, Math.min(height, Math.ceil((b.y + b.h) * scale)) - y),
  };
}

function paint(ctx: SKRSContext2D, data: CardData, theme: Theme, scale: number, skeleton = false): Frame {
  ctx.save();
  ctx.setTransform(scale, 0, 0, scale, 0, 0);
  const frame = drawCard(ctx, data, theme, scale, quantizerFor(theme), skeleton);
  ctx.restore();
  return frame;
}

/**
 * Most of the card never changes (background, panels, labels, group titles, legend). Those
 * scanlines are quantised once per theme and scale, from the card's skeleton; each card then
 * reads back and quantises only the boxes where it drew text, and writes its sparklines in.
 */
function templateFor(theme: Theme, scale: number, width: number, height: number): Uint8Array {
  const key = `${theme.name}@${scale}`;
  let template = templates.get(key);
  if (!template) {
    const ctx = createCanvas(width, height).getContext('2d', { alpha: false });
    paint(ctx, NO_DATA, theme, scale, true);
    template = new Uint8Array(height * (width + 1));
    quantizeBox(ctx, { x: 0, y: 0, w: width, h: height }, width, template, quantizerFor(theme));
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
 * pixel back instead of only the dirty boxes (the reference the tests compare with).
 */
export function renderCardPng(data: CardData, options: RenderOptions = {}, whole = false): Buffer {
  ensureFonts();
  const scale = options.scale === 1 ? 1 : 2;
  const theme = themeFor(options.theme);
  const width = LAYOUT.width * scale;
  const height = LAYOUT.height * scale;
  const q = quantizerFor(theme);
  const template = templateFor(theme, scale, width, height);
  const { ctx } = surface(width, height);
  const frame = paint(ctx, data, theme, scale);
  const rows = scanlinesOf(height * (width + 1));
  if (whole) {
    quantizeBox(ctx, { x: 0, y: 0, w: width, h: height }, width, rows, q);
  } else {
    rows.set(template);
    for (const box of frame.dirty) quantizeBox(ctx, deviceBox(box, scale, width, height), width, rows, q);
  }
  applyPatches(rows, width, frame.patches);
  return indexedPng(rows, width, height, q.palette);
}
