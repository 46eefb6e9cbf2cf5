import { GlobalFonts } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { SERIES_NAMES, type VectorIndexStats } from '../../../src/api/schemas.ts';
import { FONT_BOLD, FONT_REGULAR } from '../../../src/render/fonts.ts';
import { renderStatsCard, STATS_CARD_SIZE, type StatsCardInput } from '../../../src/render/index.ts';
import { type Box, CELL, LAYOUT, plotBox } from '../../../src/render/layout.ts';
import { themeFor } from '../../../src/render/palette.ts';
import { countPixels, type Decoded, decode, distinctColours, isInk, near, PNG_SIGNATURE } from './decode.ts';
import { makeStats, series, withAllSeries } from './fixtures.ts';

function base30d(): VectorIndexStats {
  return makeStats('30d');
}

const BLUE = [0x00, 0x72, 0xb2] as const; // requests line, light theme
const VERMILLION = [0xd5, 0x5e, 0x00] as const; // latency mean line, light theme
/** Today's bar while it still counts: the requests blue, faded (lightAlpha 0.55 over the panel). */
const FADED_BLUE = [0x6e, 0xad, 0xd1] as const;
const barInk = (r: number, g: number, b: number) => near(BLUE)(r, g, b) || near(FADED_BLUE, 12)(r, g, b);

function input(stats: VectorIndexStats, extra: Partial<StatsCardInput> = {}): StatsCardInput {
  return { indexId: 'idx-test-1', period: '30d', stats, ...extra };
}

const device = (b: Box, s = 2) => ({
  x: Math.round(b.x * s),
  y: Math.round(b.y * s),
  w: Math.round(b.w * s),
  h: Math.round(b.h * s),
});

function cell(label: string): Box {
  for (const g of LAYOUT.groups)
    for (const c of g.cells) if (c.spec.label === label && c.hue !== 'latency') return c;
  throw new Error(`no cell ${label}`);
}
const queriesCell = cell('Queries');
const queryLatencyCell = LAYOUT.groups.find((g) => g.group.hue === 'latency')?.cells[0] as Box;
/** The plot of a cell in device pixels: below the value, above the min/max line. */
const plotOf = (c: Box) => device(plotBox(c));

async function card(stats: VectorIndexStats, extra: Partial<StatsCardInput> = {}): Promise<Decoded> {
  const png = await renderStatsCard(input(stats, extra));
  expect([...png.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
  const img = await decode(png);
  expect([img.width, img.height]).toEqual([STATS_CARD_SIZE.width * 2, STATS_CARD_SIZE.height * 2]);
  return img;
}

const headerInk = (img: Decoded) => countPixels(img, device(LAYOUT.header), isInk);

describe('the stats card', () => {
  // Slack takes files up to 1 GB; the bound is about a phone on a slow network loading it quickly.
  it('is a PNG at twice the CSS size, under 500 KB for 30 days of data', async () => {
    const png = await renderStatsCard(input(makeStats('30d')));
    expect([...png.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    expect(png.length).toBeLessThan(500_000);
    const img = await decode(png);
    expect([img.width, img.height]).toEqual([1600, STATS_CARD_SIZE.height * 2]);
  });

  it('renders at CSS size with scale 1', async () => {
    const img = await decode(await renderStatsCard(input(makeStats('7d')), { scale: 1 }));
    expect([img.width, img.height]).toEqual([STATS_CARD_SIZE.width, STATS_CARD_SIZE.height]);
  });

  it('is not blank: many colours, and each line in its cell', async () => {
    const img = await card(makeStats('30d'));
    expect(distinctColours(img)).toBeGreaterThan(40);
    expect(countPixels(img, plotOf(queriesCell), near(BLUE))).toBeGreaterThan(500);
    expect(countPixels(img, plotOf(queryLatencyCell), near(VERMILLION))).toBeGreaterThan(300);
    // Colours stay in their cells: no requests blue among the latency lines.
    expect(countPixels(img, plotOf(queryLatencyCell), near(BLUE))).toBe(0);
  });

  it('draws with the fonts shipped in dejavu-fonts-ttf, registered under names of its own', async () => {
    await renderStatsCard(input(makeStats('1h')));
    expect(GlobalFonts.has(FONT_REGULAR)).toBe(true);
    expect(GlobalFonts.has(FONT_BOLD)).toBe(true);
  });

  it('draws the header text with the shipped font, in the pattern of the words', async () => {
    const short = await card(makeStats('1h'), { title: 'Index' });
    const long = await card(makeStats('1h'), { title: 'Index with a much longer title, wider on the card' });
    expect(headerInk(short)).toBeGreaterThan(1500);
    // More glyphs, more ink: the pixels come from the text, not from some fixed decoration.
    expect(headerInk(long)).toBeGreaterThan(headerInk(short) + 2000);
  });

  it('puts labels and values in every cell', async () => {
    const img = await card(makeStats('1d'));
    for (const group of LAYOUT.groups) {
      for (const c of group.cells) {
        const top = device({ x: c.x, y: c.y, w: c.w, h: CELL.plotTop - 4 });
        expect(countPixels(img, top, isInk), c.spec.label).toBeGreaterThan(300);
      }
    }
  });

  it('has a dark background and light text in the dark theme', async () => {
    const img = await decode(await renderStatsCard(input(makeStats('3d')), { theme: 'dark' }));
    // Inside the card's 1 px frame, the background is the theme's, opaque.
    expect(countPixels(img, { x: 4, y: 4, w: 10, h: 10 }, near([0x1a, 0x1d, 0x21], 2))).toBe(100);
    const light = (r: number, g: number, b: number) => 0.299 * r + 0.587 * g + 0.114 * b > 160;
    expect(countPixels(img, device(LAYOUT.header), light)).toBeGreaterThan(1500);
  });

  it('is opaque and framed in both themes, so it never depends on the page around it', async () => {
    for (const theme of ['light', 'dark'] as const) {
      const png = await renderStatsCard(input(makeStats('1h')), { theme });
      const img = await decode(png);
      const alphas = img.rgba.filter((_, i) => i % 4 === 3);
      expect(
        alphas.every((alpha) => alpha === 255),
        theme,
      ).toBe(true);
      const { rule, background } = themeFor(theme);
      const corner = { x: 0, y: 0, w: 1, h: 1 };
      expect(countPixels(img, corner, near(rule as [number, number, number], 2)), theme).toBe(1);
      expect(
        countPixels(img, { x: 6, y: 6, w: 1, h: 1 }, near(background as [number, number, number], 2)),
      ).toBe(1);
    }
  });
});

const END = Date.UTC(2024, 4, 31, 21);
const HOUR = 3_600_000;
const base = base30d();

describe('edge cases: every one gives a complete, readable card', () => {
  it('empty series say "no data" and draw no line', async () => {
    const img = await card(withAllSeries(base, []));
    expect(headerInk(img)).toBeGreaterThan(1500);
    expect(countPixels(img, plotOf(queriesCell), isInk)).toBeGreaterThan(100); // the words "no data"
    expect(countPixels(img, plotOf(queriesCell), barInk)).toBe(0);
  });

  it.each([
    ['a single point', series([42])],
    ['all-equal values', series(Array(240).fill(5))],
    [
      'negative values',
      series(
        Array.from({ length: 60 }, (_, i) => -1000 + i * 10),
        END,
        HOUR,
      ),
    ],
    [
      'values crossing zero',
      series(
        Array.from({ length: 60 }, (_, i) => Math.sin(i / 5) * 1e3),
        END,
        HOUR,
      ),
    ],
    ['huge values', series(Array.from({ length: 240 }, (_, i) => 1e15 + i * 1e12))],
    ['extreme magnitudes', series([-1.7e308, 1.7e308, 0, 5e-324, -5e-324, 1e15])],
    [
      '10 000 points',
      series(
        Array.from({ length: 10_000 }, (_, i) => (i * 7919) % 1000),
        END,
        60_000,
      ),
    ],
  ])('%s', async (_name, points) => {
    const img = await card(withAllSeries(base, points));
    expect(headerInk(img)).toBeGreaterThan(1500);
    expect(countPixels(img, plotOf(queriesCell), barInk)).toBeGreaterThan(20);
  });

  it('NaN and Infinity (rejected at the API, guarded anyway) are left out', async () => {
    const points = series([1, 2, 3, 4, 5, 6]);
    const bad = [...points, { x: 'x', at: END + HOUR, y: Number.NaN }, { x: 'x', at: Infinity, y: 3 }];
    const img = await card(withAllSeries(base, [{ x: 'x', at: END, y: Infinity }, ...bad]));
    expect(countPixels(img, plotOf(queriesCell), barInk)).toBeGreaterThan(20);
  });

  it('unsorted and duplicate timestamps', async () => {
    const points = series(Array.from({ length: 60 }, (_, i) => i % 7));
    const shuffled = [...points.slice(30), ...points.slice(0, 30), ...points.slice(10, 20)];
    const img = await card(withAllSeries(base, shuffled));
    expect(countPixels(img, plotOf(queriesCell), barInk)).toBeGreaterThan(20);
  });

  it('series missing, null, or not arrays, and stats missing altogether', async () => {
    const broken = { ...base } as Record<string, unknown>;
    for (const [i, name] of SERIES_NAMES.entries()) broken[name] = [undefined, null, 'x', { y: 1 }][i % 4];
    await card(broken as VectorIndexStats);
    await card(null as unknown as VectorIndexStats);
  });

  it('a very long index id is shortened with an ellipsis, not drawn off the card', async () => {
    const img = await card(base, { indexId: 'i'.repeat(2000) });
    const rightMargin = { x: 1560, y: 40, w: 40, h: 112 };
    expect(countPixels(img, rightMargin, isInk)).toBe(0);
  });
});
