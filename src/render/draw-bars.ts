import type { DayBars } from './daily.ts';
import { type Patch, type PlotInks, plotCanvas } from './draw-sparkline.ts';
import type { Box } from './layout.ts';
import type { Quantizer } from './quantize.ts';
import type { YScale } from './scale.ts';

/** Share of a day's slot its bar fills; the rest is the gap that keeps bars apart. */
const BAR_SHARE = 0.7;

/** Centre of bar `i` of `count` in the plot `area`, in CSS px (for its label). */
export function barCentre(area: Box, i: number, count: number): number {
  return area.x + ((i + 0.5) * area.w) / count;
}

/**
 * One bar per day on a zero baseline, edges on whole device pixels (crisp at any count), today's
 * bar lighter when it is still counting. Undefined without bars.
 */
export function barsPatch(
  area: Box,
  bars: DayBars,
  y: YScale,
  inks: PlotInks,
  scale: number,
  quantizer: Quantizer,
): Patch | undefined {
  const count = bars.values.length;
  if (count === 0) return undefined;
  const { box, raster, left, width, yOf } = plotCanvas(area, y, true, inks, scale, quantizer);
  const slot = width / count;
  const barWidth = Math.max(1, Math.min(slot - 1, Math.round(slot * BAR_SHARE)));
  const zero = yOf(Math.max(y.lo, Math.min(y.hi, 0)));
  for (let i = 0; i < count; i++) {
    const value = bars.values[i] as number;
    const x0 = Math.round(left + i * slot + (slot - barWidth) / 2);
    const ink = bars.partialLast && i === count - 1 ? inks.light : inks.line;
    const end = yOf(value);
    for (let x = x0; x < x0 + barWidth; x++) raster.span(x, Math.min(end, zero), Math.max(end, zero), ink);
  }
  return { box, indices: raster.indices };
}
