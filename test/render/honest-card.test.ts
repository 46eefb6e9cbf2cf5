// The card tells the truth at a glance: amounts stand on zero so a small dip looks small, latency
// and throughput get a labelled range, the per-day totals are bars with their days.
import { describe, expect, it } from 'vitest';
import type { VectorIndexStats } from '../../src/api/schemas.ts';
import { altTextFor, renderStatsCard } from '../../src/render/index.ts';
import { type Box, CELL, LAYOUT, plotBox } from '../../src/render/layout.ts';
import { blend, themeFor } from '../../src/render/palette.ts';
import { countPixels, type Decoded, decode, isInk, near } from './decode.ts';
import { apiTimestamp, makeStats, type Points, series } from './fixtures.ts';

const DAY = 86_400_000;
const SUNDAY = Date.UTC(2026, 10, 22);
// The period (the minute series) ends on Tuesday afternoon: Tuesday's total is still counting.
const END = SUNDAY + 2 * DAY + 17 * 3_600_000;

const LIGHT = themeFor('light');
const rgb = (c: readonly number[]) => c as [number, number, number];
const BLUE = rgb(LIGHT.hues.requests.line);
const FADED_BLUE = rgb(blend(LIGHT.hues.requests.line, LIGHT.panel, LIGHT.hues.requests.lightAlpha));
const ORANGE = rgb(LIGHT.hues.size.line);
const VERMILLION = rgb(LIGHT.hues.latency.line);

function cellBox(label: string, hue?: string): Box & { spec: { main: string } } {
  for (const g of LAYOUT.groups)
    for (const c of g.cells) if (c.spec.label === label && (hue === undefined || c.hue === hue)) return c;
  throw new Error(`no cell ${label}`);
}
const device = (b: Box) => ({
  x: Math.round(b.x * 2),
  y: Math.round(b.y * 2),
  w: Math.round(b.w * 2),
  h: Math.round(b.h * 2),
});

const weekToDate = (values: readonly number[]): Points =>
  values.map((y, i) => ({ x: apiTimestamp(SUNDAY + i * DAY), at: SUNDAY + i * DAY, y }));

/**
 * A 7-day record ending on Tuesday afternoon, with some series replaced; today's counters say what
 * the replaced per-day series say for today (the card's today bar is the counter).
 */
function stats(replace: Partial<Record<string, Points>>, days: string[] = ['Sunday', 'Monday', 'Tuesday']) {
  const today = (name: string) => replace[name]?.at(-1)?.y;
  const counters = Object.fromEntries(
    [
      ['daily_query_count', today('daily_query_requests')],
      ['daily_update_count', today('daily_update_requests')],
      ['daily_rerank_count', today('daily_rerank_requests')],
    ].filter(([, v]) => v !== undefined),
  );
  return { ...makeStats('7d', 7, END), days, ...replace, ...counters } as VectorIndexStats;
}

async function draw(s: VectorIndexStats): Promise<Decoded> {
  return decode(await renderStatsCard({ indexId: 'idx-1', period: '7d', stats: s }));
}

/** Rows of `box` (device px) holding at least one pixel that passes `test`: [first, last]. */
function inkRows(
  img: Decoded,
  box: Box,
  test: (r: number, g: number, b: number) => boolean,
): [number, number] {
  let first = -1;
  let last = -1;
  for (let y = box.y; y < box.y + box.h; y++) {
    if (countPixels(img, { x: box.x, y, w: box.w, h: 1 }, test) > 0) {
      if (first < 0) first = y;
      last = y;
    }
  }
  return [first, last];
}

/** Height in device px of the bar whose centre column is `x`. */
function barHeight(img: Decoded, plot: Box, x: number): number {
  const test = (r: number, g: number, b: number) => near(BLUE)(r, g, b) || near(FADED_BLUE, 12)(r, g, b);
  const [first, last] = inkRows(img, { x, y: plot.y, w: 1, h: plot.h }, test);
  return first < 0 ? 0 : last - first + 1;
}

const barCentres = (plot: Box, count: number) =>
  Array.from({ length: count }, (_, i) => Math.round(plot.x + ((i + 0.5) * plot.w) / count));

describe('an honest card', () => {
  it('draws a 3.8 % dip in a per-day total as a bar 3.8 % shorter, not a cliff', async () => {
    const img = await draw(stats({ daily_query_requests: weekToDate([100_000, 100_000, 96_200]) }));
    const plot = device(plotBox(cellBox('Queries')));
    // Seven days' slots, Wednesday to Tuesday: the week to date fills the last three.
    const [sun, mon, tue] = barCentres(plot, 7)
      .slice(4)
      .map((x) => barHeight(img, plot, x));
    expect(sun).toBeGreaterThan(plot.h * 0.8);
    expect(mon).toBe(sun);
    expect((tue as number) / (sun as number)).toBeGreaterThan(0.93);
    expect((tue as number) / (sun as number)).toBeLessThan(1);
  });

  it('draws a size on zero: a 1 % change is a nearly flat line over a filled area', async () => {
    const vectors = series(
      Array.from({ length: 60 }, (_, i) => 1_000_000 + (i === 30 ? -38_000 : i * 170)),
      END,
      168 * 60_000,
    );
    const img = await draw(stats({ vector_count: vectors }));
    const plot = device(plotBox(cellBox('Vectors')));
    const [top, bottom] = inkRows(img, plot, near(ORANGE, 12));
    // The line (dip included) moves through less than a tenth of the plot, near its top…
    expect(bottom - top).toBeLessThan(plot.h * 0.1 + 6);
    expect(top - plot.y).toBeLessThan(plot.h * 0.3);
    // …and the area under it reaches the zero baseline at the bottom.
    const { size } = LIGHT.hues;
    const fill = near(blend(size.line, LIGHT.panel, size.fillAlpha) as [number, number, number], 4);
    expect(countPixels(img, { x: plot.x, y: plot.y + plot.h - 4, w: plot.w, h: 2 }, fill)).toBeGreaterThan(
      plot.w / 2,
    );
  });

  it('gives latency its labelled range: a doubling spans the plot', async () => {
    const ramp = series(
      Array.from({ length: 60 }, (_, i) => 10 + (i * 10) / 59),
      END,
      168 * 60_000,
    );
    const img = await draw(stats({ query_latency_mean: ramp, query_latency_99: ramp }));
    const c = cellBox('Query', 'latency');
    const plot = device(plotBox(c));
    const [top, bottom] = inkRows(img, plot, near(VERMILLION, 12));
    expect(bottom - top).toBeGreaterThan(plot.h * 0.6);
    // The range is written on the plot's left edge: ink in the gutter at its top and its bottom.
    const gutter = device({ x: c.x + CELL.pad, y: plotBox(c).y - 6, w: CELL.gutter - 4, h: 12 });
    expect(countPixels(img, gutter, isInk)).toBeGreaterThan(10);
    expect(altTextFor({ indexId: 'i', period: '7d', stats: stats({ query_latency_mean: ramp }) })).toContain(
      'Query latency mean: last 20, min 10, max 20.',
    );
  });

  it('draws the per-day totals as one bar per day of the seven, none where the API sent nothing, today faded', async () => {
    const s = stats({
      daily_query_requests: weekToDate([1_400_000, 2_100_000, 900_000]),
      daily_update_requests: weekToDate([280_000, 420_000, 180_000]),
      daily_rerank_requests: weekToDate([70_000, 105_000, 45_000]),
      daily_bandwidths: weekToDate([2.9e9, 4.3e9, 1.8e9]),
    });
    const img = await draw(s);
    const plot = device(plotBox(cellBox('Queries')));
    const centres = barCentres(plot, 7).slice(4);
    // Along a row near the baseline: three separate runs of bar colour, the last one faded.
    const row = plot.y + plot.h - 6;
    let runs = 0;
    let inRun = false;
    for (let x = plot.x; x < plot.x + plot.w; x++) {
      const bar =
        countPixels(
          img,
          { x, y: row, w: 1, h: 1 },
          (r, g, b) => near(BLUE)(r, g, b) || near(FADED_BLUE, 12)(r, g, b),
        ) > 0;
      if (bar && !inRun) runs++;
      inRun = bar;
    }
    expect(runs).toBe(3);
    expect(countPixels(img, { x: centres[2] as number, y: row, w: 1, h: 1 }, near(FADED_BLUE, 12))).toBe(1);
    expect(countPixels(img, { x: centres[0] as number, y: row, w: 1, h: 1 }, near(BLUE, 12))).toBe(1);
    // A label under every one of the seven days.
    const c = cellBox('Queries');
    for (const x of barCentres(plot, 7)) {
      const label = { x: x - 10, y: Math.round((c.y + CELL.footBaseline - 10) * 2), w: 20, h: 22 };
      expect(countPixels(img, label, (r, g, b) => 0.299 * r + 0.587 * g + 0.114 * b < 170)).toBeGreaterThan(
        5,
      );
    }
    const alt = altTextFor({ indexId: 'i', period: '7d', stats: s });
    expect(alt).toContain('Per day, 7 days: Wed–Tue.');
    expect(alt).toContain(
      'Queries per day: Wed no data, Thu no data, Fri no data, Sat no data, Sun 1.4M, Mon 2.1M, today so far 900k.',
    );
  });

  it('writes min and max in one format, or a level and its spread when they barely differ', () => {
    const vectors = series(
      Array.from({ length: 60 }, (_, i) => 1_601_000 + i * 25),
      END,
      168 * 60_000,
    );
    const bytes = series(
      Array.from({ length: 60 }, (_, i) => 2_595_600_000 + (i * 3_400_000) / 1_000),
      END,
      168 * 60_000,
    );
    const alt = altTextFor({
      indexId: 'i',
      period: '7d',
      stats: stats({ vector_count: vectors, data_size: bytes }),
    });
    expect(alt).toContain('Vectors: last 1.6M, 1.602M ± 738.');
    expect(alt).toContain('Data size: last 2.6 GB, 2.596 GB ± 100 KB.');
  });

  it('says the period’s own range in the header, not the days of the per-day totals', () => {
    const s = stats({ daily_query_requests: weekToDate([1, 2, 3]) });
    const alt = altTextFor({ indexId: 'i', period: '7d', stats: s });
    expect(alt).toMatch(
      /^Vector index i\. Last 7 days · every 2\.8 h · 1[78] Nov \d\d:\d\d – 24 Nov 1\d:\d\d UTC\./,
    );
  });
});
