import { type Canvas, createCanvas, type SKRSContext2D } from '@napi-rs/canvas';

// One canvas per image size, reused by every image of that size. A canvas's pixels are native
// memory (8 MB for a card at scale 2) that the garbage collector does not see: a fresh canvas per
// image left dozens of dead ones resident until a collection happened to run (+100 MiB over 20
// cards, BENCHMARKS.md "Machinery"). Whoever draws must encode before the next image is drawn:
// index.ts runs images one at a time.
const surfaces = new Map<string, { canvas: Canvas; ctx: SKRSContext2D }>();

export function surface(width: number, height: number): { canvas: Canvas; ctx: SKRSContext2D } {
  const key = `${width}x${height}`;
  let s = surfaces.get(key);
  if (!s) {
    const canvas = createCanvas(width, height);
    s = { canvas, ctx: canvas.getContext('2d', { alpha: false }) };
    surfaces.set(key, s);
  }
  return s;
}
