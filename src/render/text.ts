import type { SKRSContext2D } from '@napi-rs/canvas';
import type { Patch } from './draw-sparkline.ts';
import type { Box } from './layout.ts';

/**
 * What drawing a card leaves besides the canvas: the boxes (CSS px) where it drew something that
 * depends on the data, and the plots, painted directly as palette indices. The encoder reads
 * back only the dirty boxes; everything else is the card's skeleton, the same on every card.
 */
export type Frame = { dirty: Box[]; patches: Patch[] };

/** Where `text` puts ink (its glyphs' bounding box, from the font), plus room for smoothing. */
function textBox(ctx: SKRSContext2D, text: string, x: number, baseline: number): Box {
  const m = ctx.measureText(text);
  const pad = 1.5;
  return {
    x: x - m.actualBoundingBoxLeft - pad,
    y: baseline - m.actualBoundingBoxAscent - pad,
    w: m.actualBoundingBoxLeft + m.actualBoundingBoxRight + 2 * pad,
    h: m.actualBoundingBoxAscent + m.actualBoundingBoxDescent + 2 * pad,
  };
}

/** Draws text that depends on the data, and records where. */
export function dataText(ctx: SKRSContext2D, frame: Frame, text: string, x: number, baseline: number): void {
  ctx.fillText(text, x, baseline);
  frame.dirty.push(textBox(ctx, text, x, baseline));
}

/** Shortens `text` with an ellipsis until it fits `maxWidth` at the context's current font. */
export function ellipsize(ctx: SKRSContext2D, text: string, maxWidth: number): string {
  if (ctx.measureText(text).width <= maxWidth) return text;
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (ctx.measureText(`${text.slice(0, mid)}…`).width <= maxWidth) lo = mid;
    else hi = mid - 1;
  }
  return `${text.slice(0, lo)}…`;
}

/** The first of `texts` that fits `maxWidth`, else the first one shortened. */
export function fitting(ctx: SKRSContext2D, texts: readonly string[], maxWidth: number): string {
  for (const text of texts) if (text !== '' && ctx.measureText(text).width <= maxWidth) return text;
  return ellipsize(ctx, texts[0] ?? '', maxWidth);
}
