import type { SKRSContext2D } from '@napi-rs/canvas';

/**
 * Shortens `text` with an ellipsis until it fits `maxWidth` at the context's current font: for the
 * team's own words only (an index's name, a panel's name). Numbers are fitted by fit.ts, never cut.
 */
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
