import { MIX_LEVELS, type Quantizer } from './quantize.ts';
import { type Ribbon, SUB } from './ribbon.ts';

/**
 * One plot painted in JS straight into PNG palette indices, so the encoder never reads it back
 * from the canvas nor quantises it (a quarter of a card's cost). Vertical anti-aliasing is the
 * exact coverage of the partial pixels at each end of a span, horizontal anti-aliasing comes from
 * the ribbon's sub-columns; coverage is applied in MIX_LEVELS steps through the palette.
 */
export class PlotRaster {
  readonly indices: Uint8Array;
  readonly width: number;
  readonly height: number;
  readonly #q: Quantizer;

  constructor(width: number, height: number, quantizer: Quantizer, background: number) {
    this.width = width;
    this.height = height;
    this.#q = quantizer;
    this.indices = new Uint8Array(width * height).fill(background);
  }

  #cover(at: number, ink: number, cover: number): void {
    const level = Math.round(cover * MIX_LEVELS);
    if (level <= 0) return;
    this.indices[at] = level >= MIX_LEVELS ? ink : this.#q.mix(ink, this.indices[at] as number, level);
  }

  /** Paints column `x` from `top` to `bottom` (device px, fractional) in palette colour `ink`. */
  span(x: number, top: number, bottom: number, ink: number): void {
    const t = Math.max(0, top);
    const btm = Math.min(this.height, bottom);
    if (!(btm > t) || x < 0 || x >= this.width) return;
    const w = this.width;
    const first = Math.floor(t);
    const last = Math.ceil(btm) - 1;
    if (first === last) {
      this.#cover(first * w + x, ink, btm - t);
      return;
    }
    this.#cover(first * w + x, ink, first + 1 - t);
    for (let at = (first + 1) * w + x, end = last * w; at < end; at += w) this.indices[at] = ink;
    this.#cover(last * w + x, ink, btm - last);
  }

  /** Paints a ribbon: a pixel's coverage is the mean of its SUB sub-columns' coverage. */
  ribbon({ top, bottom }: Ribbon, ink: number): void {
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
          this.indices[at] = ink;
          continue;
        }
        let cover = 0;
        for (let k = j; k < j + SUB; k++) {
          const c = Math.min(row + 1, bottom[k] as number) - Math.max(row, top[k] as number);
          if (c > 0) cover += c;
        }
        this.#cover(at, ink, cover / SUB);
      }
    }
  }

  /**
   * A mark: a disc of `fill` with a `ring` around it, centred at (cx, cy), radius to the ring's
   * middle `radius`, ring `ringWidth` wide (device px) — what a canvas fill then stroke draws.
   */
  dot(cx: number, cy: number, radius: number, ringWidth: number, fill: number, ring: number): void {
    const outer = radius + ringWidth / 2;
    const inner = radius - ringWidth / 2;
    const x0 = Math.max(0, Math.floor(cx - outer - 1));
    const x1 = Math.min(this.width - 1, Math.ceil(cx + outer + 1));
    const y0 = Math.max(0, Math.floor(cy - outer - 1));
    const y1 = Math.min(this.height - 1, Math.ceil(cy + outer + 1));
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const d = Math.hypot(x + 0.5 - cx, y + 0.5 - cy);
        const at = y * this.width + x;
        this.#cover(at, ring, Math.min(1, Math.max(0, outer - d + 0.5)));
        this.#cover(at, fill, Math.min(1, Math.max(0, inner - d + 0.5)));
      }
    }
  }
}
