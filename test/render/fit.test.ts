// Labels fit without an ellipsis through a number: the label-fitting is pure (fit.ts), and every
// text the card draws is read back as drawn (text, font, where), not as pixels.
import { describe, expect, it } from 'vitest';
import type { StatsPeriod, VectorIndexStats } from '../../src/api/schemas.ts';
import { drawCard } from '../../src/render/card.ts';
import { fitLabel, MIN_SHRINK, placeSlotLabels } from '../../src/render/fit.ts';
import { HEADER, LAYOUT } from '../../src/render/layout.ts';
import { themeFor } from '../../src/render/palette.ts';
import { DEFAULT_VECTOR_INDEXES, makeVectorIndexStats } from '../../src/sim/mgmt/index.ts';
import { cardDataOf } from '../../src/stats-report/card-data.ts';
import { readStats } from '../support/api-records.ts';
import { makeStats, series, withAllSeries } from './fixtures.ts';
import { type Drawn, recordTexts } from './recorded-text.ts';

/** A measure where every character is 6 px wide at 10 px. */
const mono = (text: string, px: number) => text.length * 0.6 * px;

describe('fitLabel', () => {
  it('takes the first form that fits, else the shortest at a smaller size, never cut', () => {
    expect(fitLabel(mono, ['min 1.2M · max 1.6M', '1.2M – 1.6M'], 200, 10)).toEqual({
      text: 'min 1.2M · max 1.6M',
      px: 10,
    });
    expect(fitLabel(mono, ['min 1.2M · max 1.6M', '1.2M – 1.6M'], 70, 10)).toEqual({
      text: '1.2M – 1.6M',
      px: 10,
    });
    const tight = fitLabel(mono, ['12.5M'], 25, 10);
    expect(tight.text).toBe('12.5M');
    expect(tight.px).toBeLessThan(10);
    expect(tight.px).toBeGreaterThanOrEqual(10 * MIN_SHRINK);
  });
});

describe('placeSlotLabels', () => {
  const slots = (labels: string[], width: number) => {
    const step = width / labels.length;
    return placeSlotLabels(
      mono,
      labels.map((full) => ({ full, short: full.slice(0, 2) })),
      labels.map((_, i) => (i + 0.5) * step),
      { left: 0, right: width },
      10,
      4,
    );
  };

  it('labels every slot in full, then in short forms, then every k-th from the latest', () => {
    const week = ['Wed', 'Thu', 'Fri', 'Sat', 'Sun', 'Mon', 'Tue'];
    expect(slots(week, 200).map((p) => p.text)).toEqual(week);
    expect(slots(week, 120).map((p) => p.text)).toEqual(['We', 'Th', 'Fr', 'Sa', 'Su', 'Mo', 'Tu']);
    const shown = slots(week, 60);
    expect(shown.at(-1)?.text).toBe('Tue');
    expect(shown.length).toBeLessThan(7);
  });

  it('keeps labels whole, inside their room and apart', () => {
    const month = Array.from({ length: 30 }, (_, i) => `${i + 1} Nov`);
    const placed = slots(month, 150);
    for (const [i, p] of placed.entries()) {
      const half = mono(p.text, 10) / 2;
      expect(p.x - half).toBeGreaterThanOrEqual(0);
      expect(p.x + half).toBeLessThanOrEqual(150);
      const next = placed[i + 1];
      if (next) expect(p.x + half).toBeLessThan(next.x - mono(next.text, 10) / 2);
    }
  });
});

/** Every text the card draws for `stats`. */
const textsOf = (stats: VectorIndexStats, period: StatsPeriod, indexId = 'idx-1'): Drawn[] =>
  recordTexts(LAYOUT.width, LAYOUT.height, (ctx) =>
    drawCard(ctx, cardDataOf({ indexId, period, stats }), themeFor('light'), 2),
  );

/** Texts with a digit that end in, or hold, an ellipsis: a number cut short. */
function cutNumbers(drawn: ReadonlyArray<{ text: string }>): string[] {
  return drawn.map((d) => d.text).filter((t) => /\d/.test(t) && /…|\.\.\./.test(t));
}

const END = Date.UTC(2026, 11, 1, 22, 10);
const sim = (id: string, period: StatsPeriod) =>
  readStats(makeVectorIndexStats(id, period, END, 7, DEFAULT_VECTOR_INDEXES[id]));
const PERIODS = ['1h', '3h', '12h', '1d', '3d', '7d', '30d'] as const;

const CASES: Array<[string, StatsPeriod, () => VectorIndexStats]> = [
  ...PERIODS.map(
    (p) => [`fixture ${p}`, p, () => makeStats(p)] as [string, StatsPeriod, () => VectorIndexStats],
  ),
  ...PERIODS.flatMap((p) =>
    ['idx-1', '9b2f6c1e-3d4a-4f5b-8c7d-1e2f3a4b5c6d', 'idx-empty'].map(
      (id) => [`${id} ${p}`, p, () => sim(id, p)] as [string, StatsPeriod, () => VectorIndexStats],
    ),
  ),
  ['huge values', '7d', () => withAllSeries(makeStats('7d'), series([9.87e14, 1.2e15, 3.3e14, 5.5e14]))],
  [
    'extremes',
    '30d',
    () => withAllSeries(makeStats('30d'), series([-1.234e-300, -1.7e308, 1.7e308, -9.87e-5])),
  ],
  ['barely moving', '1h', () => withAllSeries(makeStats('1h'), series([1_559_800, 1_559_900, 1_560_000]))],
];

describe('every label the card draws', () => {
  it.each(CASES)(
    '%s: no ellipsis through a number, nothing outside the card, bar labels apart',
    (_n, period, make) => {
      const drawn = textsOf(make(), period);
      expect(drawn.length).toBeGreaterThan(40);
      const titleFont = `${HEADER.titleSize}px`;
      for (const d of drawn) {
        // The title is the team's words (an index name or id), the one text that may be cut.
        if (d.font.startsWith(`bold ${titleFont}`) || d.font.startsWith(titleFont)) continue;
        expect(d.left, `"${d.text}" starts inside the card`).toBeGreaterThanOrEqual(0);
        expect(d.right, `"${d.text}" ends inside the card`).toBeLessThanOrEqual(LAYOUT.width);
      }
      // Labels on one baseline inside one panel never overlap.
      const rows = new Map<string, Drawn[]>();
      for (const d of drawn) {
        const cell = LAYOUT.groups
          .flatMap((g) => g.cells)
          .find((c) => d.left >= c.x - 1 && d.right <= c.x + c.w + 1 && d.y > c.y && d.y < c.y + c.h);
        if (cell === undefined) continue;
        const key = `${cell.x},${cell.y},${d.y}`;
        rows.set(key, [...(rows.get(key) ?? []), d]);
      }
      for (const row of rows.values()) {
        const sorted = row.sort((a, b) => a.left - b.left);
        for (let i = 1; i < sorted.length; i++)
          expect(
            (sorted[i] as Drawn).left,
            `"${(sorted[i] as Drawn).text}" clear of "${(sorted[i - 1] as Drawn).text}"`,
          ).toBeGreaterThan((sorted[i - 1] as Drawn).right);
      }
    },
  );

  it('is a check that can fail: the cut labels of old are caught', () => {
    const old = ['28 …', '15 …', '12….', '2.5...', 'min 1.5598M · max 1.56M'].map((text) => ({ text }));
    expect(cutNumbers(old)).toEqual(['28 …', '15 …', '12….', '2.5...']);
  });
});
