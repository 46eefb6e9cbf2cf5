// The alert chart says its values: the threshold and the extremes on the y axis, wall-clock ticks
// on the x axis in the channel's zone, and the threshold's name where the line does not run.
import { describe, expect, it } from 'vitest';
import {
  drawWatchChart,
  thresholdLabelBox,
  WATCH_CHART_SIZE,
  type WatchChartData,
} from '../../src/render/watch-chart.ts';
import { recordTexts } from './recorded-text.ts';

const END = Date.UTC(2026, 11, 1, 22, 10);
// Quiet near 30 for forty minutes, then above the threshold of 50 for twenty.
const points = Array.from({ length: 60 }, (_, i) => ({
  at: END - (59 - i) * 60_000,
  y: i < 40 ? 30 + Math.sin(i / 3) * 3 : 55 + Math.sin(i) * 4,
}));
const chart = (over: Partial<WatchChartData> = {}): WatchChartData => ({
  title: 'catalog · p99 query latency',
  points,
  threshold: 50,
  thresholdLabel: '50',
  lastLabel: '57.5',
  minLabel: '27',
  maxLabel: '59',
  caption: 'last hour · 1 Dec, 21:11 – 22:10 UTC',
  ...over,
});
const texts = (data: WatchChartData) =>
  recordTexts(WATCH_CHART_SIZE.width, WATCH_CHART_SIZE.height, (ctx) => drawWatchChart(ctx, data));

describe('the alert chart', () => {
  it('labels the threshold and the extremes, and ticks every quarter hour', () => {
    const words = texts(chart()).map((d) => d.text);
    expect(words).toEqual(expect.arrayContaining(['50', '27', '59', 'threshold', 'now 57.5']));
    expect(words).toEqual(expect.arrayContaining(['21:15', '21:30', '21:45', '22:00']));
  });

  it('ticks on the channel’s clock', () => {
    const words = texts(chart({ timeZone: 'Europe/Berlin' })).map((d) => d.text);
    expect(words).toEqual(expect.arrayContaining(['22:15', '22:30', '22:45', '23:00']));
  });

  it('keeps every text inside the image, and the y values apart', () => {
    const drawn = texts(chart({ threshold: 56, thresholdLabel: '56' }));
    for (const d of drawn) {
      expect(d.left, d.text).toBeGreaterThanOrEqual(0);
      expect(d.right, d.text).toBeLessThanOrEqual(WATCH_CHART_SIZE.width);
    }
    // 59 sits within a line's height of 56: only the threshold is labelled there.
    expect(drawn.map((d) => d.text)).not.toContain('59');
  });

  it('puts the threshold’s name where the line does not run', () => {
    const plot = { x: 40, y: 40, w: 400, h: 120 };
    // A line that runs along the right half just above the threshold at y = 100.
    const path = [
      { x: 40, y: 140 },
      { x: 240, y: 140 },
      { x: 250, y: 92 },
      { x: 440, y: 92 },
    ];
    const box = thresholdLabelBox(plot, 100, { w: 50, h: 11 }, path);
    expect(box.x).toBeLessThan(240);
    expect(box.y + box.h).toBeLessThanOrEqual(100);
  });
});
