import { ImageData } from '@napi-rs/canvas';
import type { Rgb } from './palette.ts';
import { type Ribbon, SUB } from './ribbon.ts';

/**
 * A small RGBA buffer for one plot, painted column by column in JS and then copied onto the
 * canvas with putImageData (which copies at once, so one buffer serves every cell). Vertical
 * anti-aliasing is the exact coverage of the partial pixels at each end of a span; horizontal
 * anti-aliasing comes from the ribbon's sub-columns.
 */
export class PlotRaster {
  readonly image: ImageData;
  readonly width: number;
  readonly height: number;
  readonly #px: Uint8ClampedArray;
  readonly #words: Uint32Array;

  constructor(width: number, height: number) {
    this.width = width;
    this.height = height;
    this.image = new ImageData(width, height);
    this.#px = this.image.data;
    this.#words = new Uint32Array(this.#px.buffer, this.#px.byteOffset, width * height);
  }

  clear([r, g, b]: Rgb): void {
    // Little-endian RGBA in one word: alpha in the high byte.
    this.#words.fill(((255 << 24) | (b << 16) | (g << 8) | r) >>> 0);
  }

  #blend(i: number, r: number, g: number, b: number, cover: number): void {
    const px = this.#px;
    const keep = 1 - cover;
    px[i] = r * cover + (px[i] as number) * keep;
    px[i + 1] = g * cover + (px[i + 1] as number) * keep;
    px[i + 2] = b * cover + (px[i + 2] as number) * keep;
  }

  /** Paints column `x` from `top` to `bottom` (device px, fractional) in `colour`. */
  span(x: number, top: number, bottom: number, [r, g, b]: Rgb): void {
    const t = Math.max(0, top);
    const btm = Math.min(this.height, bottom);
    if (!(btm > t) || x < 0 || x >= this.width) return;
    const word = ((255 << 24) | (b << 16) | (g << 8) | r) >>> 0;
    const last = Math.ceil(btm) - 1;
    for (let row = Math.floor(t); row <= last; row++) {
      const cover = Math.min(row + 1, btm) - Math.max(row, t);
      const at = row * this.width + x;
      if (cover >= 0.999) this.#words[at] = word;
      else this.#blend(at * 4, r, g, b, cover);
    }
  }

  /** Paints a ribbon: a pixel's coverage is the mean of its SUB sub-columns' coverage. */
  ribbon({ top, bottom }: Ribbon, [r, g, b]: Rgb): void {
    const word = ((255 << 24) | (b << 16) | (g << 8) | r) >>> 0;
    const maxRow = this.height - 1;
    for (let x = 0; x < this.width; x++) {
      const j = x * SUB;
      let lo = Infinity;
      let hi = -Infinity;
      let inLo = -Infinity;
      let inHi = Infinity;
      for (let k = j; k < j + SUB; k++) {
        const t = top[k] as number;
        const btm = bottom[k] as number;
        if (t < lo) lo = t;
        if (btm > hi) hi = btm;
        if (t > inLo) inLo = t;
        if (btm < inHi) inHi = btm;
      }
      if (!(hi > lo)) continue;
      // Rows inside every sub-column's span are fully covered: no sum needed.
      const fullFrom = Math.ceil(inLo);
      const fullTo = Math.floor(inHi) - 1;
      const last = Math.min(maxRow, Math.ceil(hi) - 1);
      for (let row = Math.max(0, Math.floor(lo)); row <= last; row++) {
        const at = row * this.width + x;
        if (row >= fullFrom && row <= fullTo) {
          this.#words[at] = word;
          continue;
        }
        let cover = 0;
        for (let k = j; k < j + SUB; k++) {
          const c = Math.min(row + 1, bottom[k] as number) - Math.max(row, top[k] as number);
          if (c > 0) cover += c;
        }
        if (cover > 0) this.#blend(at * 4, r, g, b, cover / SUB);
      }
    }
  }
}
