// A watch's alert image: one series over the last hour, with the threshold drawn across it, small
// enough to read in a channel at a glance, with the card's fonts and theme. The y axis says the
// threshold and the series' extremes in the metric's unit, the x axis the wall-clock times of the
// conversation's zone, and the threshold's name sits where the line does not run.
import type { Canvas, SKRSContext2D } from '@napi-rs/canvas';
import { hourLabel, UTC } from '../time/words.ts';
import { measureOf } from './draw-cell.ts';
import { placeSlotLabels } from './fit.ts';
import { ensureFonts, font } from './fonts.ts';
import { css, themeFor } from './palette.ts';
import { surface } from './surface.ts';

export type WatchChartData = {
  title: string;
  /** Oldest first; `at` epoch ms. */
  points: ReadonlyArray<{ at: number; y: number }>;
  threshold: number;
  /** Labels already in the metric's unit (`$50.00`, `500 MB`), as the alert's text writes them. */
  thresholdLabel: string;
  lastLabel: string;
  /** The lowest and highest point, in the same unit. */
  minLabel: string;
  maxLabel: string;
  /** "last hour · 21:10 – 22:10 UTC" */
  caption: string;
  /** The zone of the x axis' times: the channel's (src/time/audience.ts). */
  timeZone?: string;
};

const WIDTH = 480;
const HEIGHT = 220;
const PAD = { left: 16, right: 16, top: 46, bottom: 48 };
const SCALE = 2;
const LABEL_PX = 11;
const TICK_EVERY_MS = 15 * 60_000;
const ALERT = [0xd5, 0x5e, 0x00] as const;

type Box = { x: number; y: number; w: number; h: number };

/** Where the threshold's name goes: the first corner along its line that the series keeps clear of. */
export function thresholdLabelBox(
  plot: Box,
  lineY: number,
  size: { w: number; h: number },
  path: ReadonlyArray<{ x: number; y: number }>,
): Box {
  const clear = (box: Box) =>
    box.y >= plot.y - 2 &&
    box.y + box.h <= plot.y + plot.h + 2 &&
    !path.some((p, i) => {
      const q = path[i + 1] ?? p;
      // A segment crosses the box when it spans its columns and its rows overlap the box's.
      if (Math.max(p.x, q.x) < box.x - 2 || Math.min(p.x, q.x) > box.x + box.w + 2) return false;
      return Math.max(p.y, q.y) >= box.y - 2 && Math.min(p.y, q.y) <= box.y + box.h + 2;
    });
  const right = plot.x + plot.w - size.w - 2;
  const left = plot.x + 2;
  const above = lineY - size.h - 3;
  const below = lineY + 3;
  const candidates = [
    { x: right, y: above },
    { x: left, y: above },
    { x: right, y: below },
    { x: left, y: below },
    { x: (left + right) / 2, y: above },
    { x: (left + right) / 2, y: below },
  ].map((c) => ({ ...c, ...size }));
  return candidates.find(clear) ?? (candidates[0] as Box);
}

/** The chart's size in CSS pixels; the PNG is twice that. */
export const WATCH_CHART_SIZE = { width: WIDTH, height: HEIGHT } as const;

export function paintWatchChart(data: WatchChartData): Canvas {
  ensureFonts();
  const { canvas, ctx } = surface(WIDTH * SCALE, HEIGHT * SCALE);
  ctx.setTransform(SCALE, 0, 0, SCALE, 0, 0);
  drawWatchChart(ctx, data);
  return canvas;
}

/** Paints the chart onto `ctx` (CSS px; the context's transform scales to device pixels). */
export function drawWatchChart(ctx: SKRSContext2D, data: WatchChartData): void {
  const theme = themeFor('light');
  const timeZone = data.timeZone ?? UTC;
  ctx.fillStyle = css(theme.background);
  ctx.fillRect(0, 0, WIDTH, HEIGHT);
  ctx.strokeStyle = css(theme.rule);
  ctx.strokeRect(0.5, 0.5, WIDTH - 1, HEIGHT - 1);
  ctx.textAlign = 'left';

  ctx.fillStyle = css(theme.text);
  ctx.font = font(15, 'bold');
  ctx.fillText(data.title, PAD.left, 22);
  ctx.font = font(12);
  ctx.fillStyle = css(theme.muted);
  ctx.fillText(data.caption, PAD.left, HEIGHT - 10);

  const ys = data.points.map((p) => p.y);
  const hasPoints = ys.length > 0;
  // The y axis: the threshold and the extremes, in the metric's unit, right-aligned in a gutter.
  const yLabels = [data.thresholdLabel, ...(hasPoints ? [data.minLabel, data.maxLabel] : [])];
  const gutter = Math.ceil(Math.max(...yLabels.map((l) => measureOf(ctx)(l, LABEL_PX)))) + 8;
  const plot: Box = {
    x: PAD.left + gutter,
    y: PAD.top,
    w: WIDTH - PAD.left - PAD.right - gutter,
    h: HEIGHT - PAD.top - PAD.bottom,
  };
  // The range always holds the threshold, with room around both, so the line's place is honest.
  const lo = Math.min(data.threshold, ...ys);
  const hi = Math.max(data.threshold, ...ys);
  const pad = (hi - lo || Math.abs(hi) || 1) * 0.15;
  const [min, max] = [lo - pad, hi + pad];
  const yOf = (v: number) => plot.y + plot.h - ((v - min) / (max - min)) * plot.h;
  const first = data.points[0]?.at ?? 0;
  const last = data.points.at(-1)?.at ?? first + 1;
  const xOf = (at: number) => plot.x + ((at - first) / Math.max(1, last - first)) * plot.w;

  // The x axis: a rule, and a tick with its time every quarter of an hour on the zone's clock.
  ctx.fillStyle = css(theme.rule);
  ctx.fillRect(plot.x, plot.y + plot.h, plot.w, 1);
  if (hasPoints && last > first) {
    const ticks: number[] = [];
    for (let t = Math.ceil(first / TICK_EVERY_MS) * TICK_EVERY_MS; t <= last; t += TICK_EVERY_MS)
      ticks.push(t);
    const placed = placeSlotLabels(
      measureOf(ctx),
      ticks.map((t) => ({ full: hourLabel(t, timeZone) })),
      ticks.map(xOf),
      { left: plot.x - gutter / 2, right: WIDTH - PAD.right },
      LABEL_PX,
      10,
    );
    ctx.font = font(LABEL_PX);
    ctx.textAlign = 'center';
    for (const { i, text, x } of placed) {
      const tx = xOf(ticks[i] as number);
      ctx.fillStyle = css(theme.rule);
      ctx.fillRect(tx - 0.5, plot.y + plot.h, 1, 4);
      ctx.fillStyle = css(theme.muted);
      ctx.fillText(text, x, plot.y + plot.h + 16);
    }
    ctx.textAlign = 'left';
  }

  const thresholdY = yOf(data.threshold);
  ctx.strokeStyle = css(ALERT);
  ctx.setLineDash([6, 4]);
  ctx.lineWidth = 1.5;
  ctx.beginPath();
  ctx.moveTo(plot.x, thresholdY);
  ctx.lineTo(plot.x + plot.w, thresholdY);
  ctx.stroke();
  ctx.setLineDash([]);

  // y values: the threshold always; an extreme unless it would sit on the threshold's value.
  ctx.font = font(LABEL_PX);
  ctx.textAlign = 'right';
  const yLabelX = plot.x - 6;
  ctx.fillStyle = css(ALERT);
  ctx.fillText(data.thresholdLabel, yLabelX, thresholdY + 4);
  if (hasPoints) {
    ctx.fillStyle = css(theme.muted);
    const extremes: Array<[number, string]> = [
      [Math.max(...ys), data.maxLabel],
      [Math.min(...ys), data.minLabel],
    ];
    const taken = [thresholdY];
    for (const [value, label] of extremes) {
      const at = yOf(value);
      if (taken.some((y) => Math.abs(y - at) < LABEL_PX + 1)) continue;
      taken.push(at);
      ctx.fillText(label, yLabelX, at + 4);
    }
  }
  ctx.textAlign = 'left';

  const path = data.points.map((p) => ({ x: xOf(p.at), y: yOf(p.y) }));
  const word = 'threshold';
  ctx.font = font(LABEL_PX);
  const box = thresholdLabelBox(plot, thresholdY, { w: ctx.measureText(word).width, h: LABEL_PX }, path);
  ctx.fillStyle = css(ALERT);
  ctx.fillText(word, box.x, box.y + box.h - 1);

  if (hasPoints) {
    ctx.strokeStyle = css(theme.hues.requests.line);
    ctx.lineWidth = 2;
    ctx.beginPath();
    path.forEach((p, i) => {
      if (i === 0) ctx.moveTo(p.x, p.y);
      else ctx.lineTo(p.x, p.y);
    });
    ctx.stroke();
    ctx.fillStyle = css(theme.text);
    ctx.font = font(13, 'bold');
    const label = `now ${data.lastLabel}`;
    ctx.fillText(label, WIDTH - PAD.right - ctx.measureText(label).width, 22);
  }
}
