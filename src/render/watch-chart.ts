// A watch's alert image: one series over the last hour, with the threshold drawn across it, small
// enough to read in a channel at a glance, with the card's fonts and theme.
import type { Canvas } from '@napi-rs/canvas';
import { ensureFonts, FONT_BOLD, FONT_REGULAR } from './fonts.ts';
import { css, themeFor } from './palette.ts';
import { surface } from './surface.ts';

export type WatchChartData = {
  title: string;
  /** Oldest first; `at` epoch ms. */
  points: ReadonlyArray<{ at: number; y: number }>;
  threshold: number;
  /** Labels already in the metric's unit (`$50.00`, `500 MB`). */
  thresholdLabel: string;
  lastLabel: string;
  /** "last hour, 14:02–15:02 UTC" */
  caption: string;
};

const WIDTH = 480;
const HEIGHT = 200;
const PAD = { left: 16, right: 16, top: 46, bottom: 30 };
const SCALE = 2;

export function paintWatchChart(data: WatchChartData): Canvas {
  ensureFonts();
  const theme = themeFor('light');
  const { canvas, ctx } = surface(WIDTH * SCALE, HEIGHT * SCALE);
  ctx.setTransform(SCALE, 0, 0, SCALE, 0, 0);
  ctx.fillStyle = css(theme.background);
  ctx.fillRect(0, 0, WIDTH, HEIGHT);
  ctx.strokeStyle = css(theme.rule);
  ctx.strokeRect(0.5, 0.5, WIDTH - 1, HEIGHT - 1);

  ctx.fillStyle = css(theme.text);
  ctx.font = `bold 15px ${FONT_BOLD}`;
  ctx.fillText(data.title, PAD.left, 22);
  ctx.font = `13px ${FONT_REGULAR}`;
  ctx.fillStyle = css(theme.muted);
  ctx.fillText(data.caption, PAD.left, HEIGHT - 10);

  const plot = { x: PAD.left, y: PAD.top, w: WIDTH - PAD.left - PAD.right, h: HEIGHT - PAD.top - PAD.bottom };
  const ys = data.points.map((p) => p.y);
  // The range always holds the threshold, with room around both, so the line's place is honest.
  const lo = Math.min(data.threshold, ...ys);
  const hi = Math.max(data.threshold, ...ys);
  const pad = (hi - lo || Math.abs(hi) || 1) * 0.15;
  const [min, max] = [lo - pad, hi + pad];
  const yOf = (v: number) => plot.y + plot.h - ((v - min) / (max - min)) * plot.h;
  const first = data.points[0]?.at ?? 0;
  const last = data.points.at(-1)?.at ?? first + 1;
  const xOf = (at: number) => plot.x + ((at - first) / Math.max(1, last - first)) * plot.w;

  const alert = [0xd5, 0x5e, 0x00] as const;
  ctx.strokeStyle = css(alert);
  ctx.setLineDash([6, 4]);
  ctx.lineWidth = 1.5;
  ctx.beginPath();
  ctx.moveTo(plot.x, yOf(data.threshold));
  ctx.lineTo(plot.x + plot.w, yOf(data.threshold));
  ctx.stroke();
  ctx.setLineDash([]);
  ctx.font = `12px ${FONT_REGULAR}`;
  ctx.fillStyle = css(alert);
  const thresholdText = `threshold ${data.thresholdLabel}`;
  ctx.fillText(
    thresholdText,
    plot.x + plot.w - ctx.measureText(thresholdText).width,
    yOf(data.threshold) - 4,
  );

  if (data.points.length > 0) {
    ctx.strokeStyle = css(theme.hues.requests.line);
    ctx.lineWidth = 2;
    ctx.beginPath();
    data.points.forEach((p, i) => {
      if (i === 0) ctx.moveTo(xOf(p.at), yOf(p.y));
      else ctx.lineTo(xOf(p.at), yOf(p.y));
    });
    ctx.stroke();
    const end = data.points.at(-1);
    if (end !== undefined) {
      ctx.fillStyle = css(theme.text);
      ctx.font = `bold 13px ${FONT_BOLD}`;
      const label = `now ${data.lastLabel}`;
      ctx.fillText(label, WIDTH - PAD.right - ctx.measureText(label).width, 22);
    }
  }
  return canvas;
}
