// Slack shows a message's image anywhere from ~800 px wide down to ~480 (a narrow window, a
// thread, a phone). At 480 px the card must still be read at a glance: its title, each panel's
// name and its big number. Measured as a person sees it: the PNG scaled down to 480 px wide, then
// the height of the ink from the top of the glyphs to their baseline (capitals, digits, ascenders).
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { renderStatsCard, STATS_CARD_SIZE } from '../../../src/render/index.ts';
import { type Box, CELL, HEADER, LAYOUT } from '../../../src/render/layout.ts';
import { makeStats } from './fixtures.ts';

const SHOWN_WIDTH = 480;
/** Cap height in screen pixels below which text stops being readable at a glance. */
const MIN_NAME_PX = 7;
const MIN_NUMBER_PX = 9;
const MIN_TITLE_PX = 10;

type Shown = { width: number; height: number; lum: Float32Array };

async function shownAt(width: number, png: Buffer): Promise<Shown> {
  const image = await loadImage(png);
  const height = Math.round((image.height * width) / image.width);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(image, 0, 0, width, height);
  const { data } = ctx.getImageData(0, 0, width, height);
  const lum = new Float32Array(width * height);
  for (let i = 0; i < lum.length; i++) {
    lum[i] =
      0.299 * (data[i * 4] as number) +
      0.587 * (data[i * 4 + 1] as number) +
      0.114 * (data[i * 4 + 2] as number);
  }
  return { width, height, lum };
}

/**
 * The height, in screen pixels, of the glyphs drawn in `box` (CSS px) standing on `baseline`:
 * from the first row whose darkest pixel is at least half as dark as the text, down to the
 * baseline. Background is the brightest pixel of the box.
 */
function glyphHeight(img: Shown, box: Box, baseline: number): number {
  const k = img.width / STATS_CARD_SIZE.width;
  const x0 = Math.floor(box.x * k);
  const x1 = Math.ceil((box.x + box.w) * k);
  const y0 = Math.floor(box.y * k);
  const base = baseline * k;
  const darkest: number[] = [];
  let paper = 0;
  let ink = 255;
  for (let y = y0; y < Math.ceil(base); y++) {
    let row = 255;
    for (let x = x0; x < x1; x++) {
      const v = img.lum[y * img.width + x] as number;
      row = Math.min(row, v);
      paper = Math.max(paper, v);
    }
    darkest.push(row);
    ink = Math.min(ink, row);
  }
  const half = (paper + ink) / 2;
  const top = darkest.findIndex((v) => v <= half);
  expect(top, 'no glyphs found').toBeGreaterThanOrEqual(0);
  return base - (y0 + top);
}

const cells = LAYOUT.groups.flatMap((g) => g.cells);

describe('the card at 480 px wide', () => {
  it('keeps its title, every panel name and every big number legible', async () => {
    const img = await shownAt(
      SHOWN_WIDTH,
      await renderStatsCard({ indexId: 'idx-1', period: '7d', stats: makeStats('7d') }),
    );
    const { header } = LAYOUT;
    const title = glyphHeight(img, { ...header, h: HEADER.titleBaseline }, header.y + HEADER.titleBaseline);
    expect(title).toBeGreaterThanOrEqual(MIN_TITLE_PX);
    for (const c of cells) {
      const name = glyphHeight(
        img,
        { x: c.x, y: c.y + 2, w: c.w / 2, h: CELL.nameBaseline },
        c.y + CELL.nameBaseline,
      );
      expect(name, `${c.spec.label}: name`).toBeGreaterThanOrEqual(MIN_NAME_PX);
      const numberTop = c.y + CELL.nameBaseline + 6;
      const number = glyphHeight(img, { x: c.x, y: numberTop, w: c.w / 2.2, h: 0 }, c.y + CELL.valueBaseline);
      expect(number, `${c.spec.label}: big number`).toBeGreaterThanOrEqual(MIN_NUMBER_PX);
    }
  });

  it('is a check that can fail: shown at 320 px, a panel name is under the threshold', async () => {
    const img = await shownAt(
      320,
      await renderStatsCard({ indexId: 'idx-1', period: '7d', stats: makeStats('7d') }),
    );
    const c = cells[0] as (typeof cells)[number];
    const name = glyphHeight(
      img,
      { x: c.x, y: c.y + 2, w: c.w / 2, h: CELL.nameBaseline },
      c.y + CELL.nameBaseline,
    );
    expect(name).toBeLessThan(MIN_NAME_PX);
  });
});
