import { describe, expect, it } from 'vitest';
import { type Band, type Box, bandsOf, LAYOUT, titleBoxOf, WHOLE_CARD } from '../../src/render/layout.ts';
import { renderCardPng } from '../../src/render/raster.ts';
import { cardDataOf } from '../../src/render/series.ts';
import { makeStats, withAllSeries } from './fixtures.ts';

// The card is painted band by band on a small canvas (src/render/raster.ts). Each band must come
// out as it would from one canvas of the whole card, and the bands must cut only between parts.

const PARTS: Box[] = [
  LAYOUT.header,
  ...LAYOUT.groups.flatMap((g) => [titleBoxOf(g), ...g.cells]),
  LAYOUT.footer,
];
const TALLEST_PART = Math.max(...PARTS.map((p) => p.h));
const rowsOf = (b: Band) => b.bottom - b.top;
const holds = (band: Band, part: Box) => part.y >= band.top && part.y + part.h <= band.bottom;

describe('a card painted band by band', () => {
  const cards = [
    ['30 days', { indexId: 'idx-1', period: '30d', stats: makeStats('30d') }],
    ['every series empty', { indexId: 'idx-1', period: '30d', stats: withAllSeries(makeStats('30d'), []) }],
    ['an hour', { indexId: 'idx-1', period: '1h', stats: makeStats('1h') }],
    [
      'a long title with marks above and below',
      { indexId: 'i'.repeat(300), period: '7d', stats: makeStats('7d'), title: 'Ǻngström ÉÅ gjpqy — ÿ' },
    ],
  ] as const;
  const variants = [
    { theme: 'light', scale: 2 },
    { theme: 'light', scale: 1 },
    { theme: 'dark', scale: 2 },
    { theme: 'dark', scale: 1 },
  ] as const;

  it('is cut into more than one band by default', () => {
    expect(bandsOf(LAYOUT, 160).length).toBeGreaterThan(1);
  });

  // The reference is the card painted as one band on a canvas of the whole card, every pixel read
  // back (no template); the card under test is the production path, and the finest cut there is.
  describe.each(cards)('%s', (_name, input) => {
    const data = cardDataOf(input);
    it.each(variants)('$theme, scale $scale: the same bytes as one band of the whole card', (options) => {
      const reference = renderCardPng(data, options, true, [WHOLE_CARD]);
      expect(Buffer.compare(renderCardPng(data, options), reference)).toBe(0);
      expect(Buffer.compare(renderCardPng(data, options, true), reference)).toBe(0);
      expect(Buffer.compare(renderCardPng(data, options, false, bandsOf(LAYOUT, 0)), reference)).toBe(0);
    });
  });
});

describe('bandsOf', () => {
  it.each([0, 50, 124, 134, 160, 200, 300, 1000])('cuts only between parts (at most %i rows)', (maxRows) => {
    const bands = bandsOf(LAYOUT, maxRows);
    // Every row of the card in exactly one band, in order, none empty.
    expect(bands[0]?.top).toBe(0);
    expect(bands.at(-1)?.bottom).toBe(LAYOUT.height);
    for (const [i, band] of bands.entries()) {
      expect(band.bottom).toBeGreaterThan(band.top);
      if (i > 0) expect(band.top).toBe(bands[i - 1]?.bottom);
    }
    // No part straddles two bands: each lies wholly in the one band it crosses.
    for (const part of PARTS) {
      const crossed = bands.filter((b) => part.y < b.bottom && part.y + part.h > b.top);
      expect(crossed, JSON.stringify(part)).toHaveLength(1);
      expect(holds(crossed[0] as Band, part), JSON.stringify(part)).toBe(true);
    }
    // A band is taller than asked only where it holds a single part, or row of cells side by side,
    // which needs more with half the gaps around it.
    for (const band of bands) {
      if (rowsOf(band) <= maxRows) continue;
      const tops = new Set(PARTS.filter((p) => holds(band, p)).map((p) => p.y));
      expect(tops.size, JSON.stringify(band)).toBe(1);
    }
  });

  it.each([134, 160, 200, 300, 1000])('keeps every band within max(%i, the tallest part)', (maxRows) => {
    for (const band of bandsOf(LAYOUT, maxRows)) {
      expect(rowsOf(band)).toBeLessThanOrEqual(Math.max(maxRows, TALLEST_PART));
    }
  });

  it('gives one band for the whole card when it may', () => {
    expect(bandsOf(LAYOUT, LAYOUT.height)).toEqual([WHOLE_CARD]);
  });
});
