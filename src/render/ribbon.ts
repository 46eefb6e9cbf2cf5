// A polyline stroked with a round pen, computed as a "ribbon": for each sub-pixel column, the
// span of y the stroke covers there.
//
// Why not Skia's stroke: anti-aliased stroking (or filling an equivalent polygon) of a dense
// zig-zag (240 points in ~300 device pixels) costs ~0.6 ms a series in Skia, more than the rest
// of the card together; and a line drawn on the canvas must then be read back and quantised.
// Per column, the centreline's lowest and highest y are exact, and widening them by a disc (the
// pen) is a small 1-D pass: together a true round-join stroke, which plot-raster.ts paints
// straight into palette indices, with sub-columns for horizontal anti-aliasing. It is also the
// min/max-per-column downsampling a dense series needs: a one-sample spike keeps its full height
// however many points share a column.

/** Sub-columns per device pixel: 2 looks the same as 4 at 2× scale, for half the work. */
export const SUB = 2;

/** Points in device pixels relative to the raster, x ascending. */
export type Polyline = { xs: Float64Array; ys: Float64Array; n: number };

/**
 * Per sub-column (SUB per pixel): the stroke's top and bottom y. Where it doesn't reach, top is
 * +Infinity and bottom -Infinity, so every "how much does it cover" sum gives 0 without a branch.
 */
export type Ribbon = { top: Float64Array; bottom: Float64Array };

/** Widens the span of sub-columns the straight piece (x0,y0)–(x1,y1) crosses (x in sub-columns). */
function cover(r: Ribbon, x0: number, y0: number, x1: number, y1: number): void {
  const { top, bottom } = r;
  const slope = x1 > x0 ? (y1 - y0) / (x1 - x0) : 0;
  const to = Math.min(top.length - 1, Math.floor(x1));
  for (let c = Math.max(0, Math.floor(x0)); c <= to; c++) {
    const a = Math.max(c, x0);
    const b = Math.min(c + 1, x1);
    if (a > b) continue;
    // A vertical step (equal timestamps) covers its whole rise.
    const ya = x1 > x0 ? y0 + slope * (a - x0) : y0;
    const yb = x1 > x0 ? y0 + slope * (b - x0) : y1;
    const lo = Math.min(ya, yb);
    const hi = Math.max(ya, yb);
    if (lo < (top[c] as number)) top[c] = lo;
    if (hi > (bottom[c] as number)) bottom[c] = hi;
  }
}

/**
 * The centreline's span per sub-column. With `dash` ([on, off] in device px, measured along the
 * line as a real dash pattern is), only the "on" stretches count: a spike that falls in a gap
 * still shows, as dashes up and down its sides.
 */
function centreline({ xs, ys, n }: Polyline, columns: number, dash?: readonly [number, number]): Ribbon {
  const r: Ribbon = {
    top: new Float64Array(columns).fill(Infinity),
    bottom: new Float64Array(columns).fill(-Infinity),
  };
  let on = true;
  let left = dash ? dash[0] : 0;
  for (let k = 1; k < n; k++) {
    const x0 = xs[k - 1] as number;
    const y0 = ys[k - 1] as number;
    const x1 = xs[k] as number;
    const y1 = ys[k] as number;
    if (!dash) {
      cover(r, x0 * SUB, y0, x1 * SUB, y1);
      continue;
    }
    const length = Math.hypot(x1 - x0, y1 - y0);
    const at = (d: number) => (length > 0 ? d / length : 0);
    // Each pass either finishes the segment or ends a whole dash or gap, so it terminates.
    for (let d = 0; ; ) {
      const rest = length - d;
      if (on) {
        const t0 = at(d);
        const t1 = at(d + Math.min(left, rest));
        cover(
          r,
          (x0 + (x1 - x0) * t0) * SUB,
          y0 + (y1 - y0) * t0,
          (x0 + (x1 - x0) * t1) * SUB,
          y0 + (y1 - y0) * t1,
        );
      }
      if (left > rest) {
        left -= rest;
        break;
      }
      d += left;
      on = !on;
      left = on ? dash[0] : dash[1];
    }
  }
  return r;
}

/**
 * The stroke of `line` with a round pen `pen` device pixels wide, over pixel columns [0, width).
 * `dash` is the centreline's [on, off]; the round caps add half a pen at each end of a dash.
 */
export function ribbonOf(
  line: Polyline,
  pen: number,
  width: number,
  dash?: readonly [number, number],
): Ribbon {
  const columns = width * SUB;
  const core = centreline(line, columns, dash);
  const half = pen / 2;
  const reach = Math.floor(half * SUB);
  const rise = Float64Array.from({ length: reach + 1 }, (_, k) => Math.sqrt(half * half - (k / SUB) ** 2));
  const top = new Float64Array(columns);
  const bottom = new Float64Array(columns);
  for (let c = 0; c < columns; c++) {
    let t = Infinity;
    let b = -Infinity;
    const from = Math.max(0, c - reach);
    const to = Math.min(columns - 1, c + reach);
    for (let j = from; j <= to; j++) {
      const r = rise[j < c ? c - j : j - c] as number;
      const lo = (core.top[j] as number) - r;
      const hi = (core.bottom[j] as number) + r;
      if (lo < t) t = lo;
      if (hi > b) b = hi;
    }
    top[c] = t;
    bottom[c] = b;
  }
  return { top, bottom };
}
