import { CARD_ROWS, type CellSpec, type GroupSpec, type Hue } from './series.ts';

// Geometry in CSS pixels; the canvas is scaled by the device scale. Slack shows an image in a
// message anywhere from ~800 px wide (desktop) down to ~480 (a narrow window, a thread, a phone),
// so text sizes are chosen for the small end: at 480 px the title, each panel's name and its big
// number keep a cap height of 7 px or more (test/unit/render/card.legibility.test.ts measures it).

const CARD_WIDTH = 800;
const PAD = 20;
const COLUMN_GAP = 10;
const ROW_GAP = 14;
const COLUMNS = 4;

/** The header: title and the period's subtitle (sizes and baselines from the header's top). */
export const HEADER = {
  titleSize: 24,
  titleBaseline: 24,
  subtitleSize: 14,
  subtitleBaseline: 48,
  height: 62,
};

/** A group's title over its cells, with a rule under it. */
export const GROUP = { titleSize: 13, titleBaseline: 16, ruleAt: 22, height: 28 };

/** Text and plot positions inside a cell, relative to its top-left corner. */
export const CELL = {
  height: 124,
  pad: 10,
  nameSize: 18,
  nameBaseline: 22,
  valueSize: 22,
  valueBaseline: 50,
  /** The small words after the big number (`Tue, so far`; `mean · p99 19.1`). */
  noteSize: 12,
  plotTop: 60,
  plotBottom: 100,
  /** Room left of the plot for its two scale labels. */
  gutter: 30,
  scaleSize: 9.5,
  /** Under the plot: min and max of a line, the days of the bars. */
  footSize: 11,
  footBaseline: 116,
} as const;

/** The notes under the panels: what the marks mean, which scale each panel has, which units. */
export const FOOTER = {
  size: 11.5,
  lineHeight: 16,
  lines: [
    'Per day: a bar per day (up to a day, per hour: the day so far); faded = today so far; no bar = no data.',
    'Latency: solid line = mean, dashed = p99. Per-day and size panels start at zero; the others show their range.',
    'Throughput and latency are in the units the API reports (it names none).',
  ],
} as const;

export type Box = { x: number; y: number; w: number; h: number };
export type CellBox = Box & { spec: CellSpec; hue: Hue };
export type GroupBox = Box & { group: GroupSpec; cells: CellBox[] };

type Layout = {
  width: number;
  height: number;
  header: Box;
  groups: GroupBox[];
  footer: Box;
};

function build(): Layout {
  const cellW = (CARD_WIDTH - 2 * PAD - (COLUMNS - 1) * COLUMN_GAP) / COLUMNS;
  const groups: GroupBox[] = [];
  let y = PAD + HEADER.height;
  for (const row of CARD_ROWS) {
    let column = 0;
    for (const group of row) {
      const x = PAD + column * (cellW + COLUMN_GAP);
      const cells = group.cells.map((spec, i) => ({
        x: PAD + (column + i) * (cellW + COLUMN_GAP),
        y: y + GROUP.height,
        w: cellW,
        h: CELL.height,
        spec,
        hue: group.hue,
      }));
      const w = group.cells.length * cellW + (group.cells.length - 1) * COLUMN_GAP;
      groups.push({ x, y, w, h: GROUP.height + CELL.height, group, cells });
      column += group.cells.length;
    }
    y += GROUP.height + CELL.height + ROW_GAP;
  }
  const footer = {
    x: PAD,
    y: y - ROW_GAP + 8,
    w: CARD_WIDTH - 2 * PAD,
    h: FOOTER.lines.length * FOOTER.lineHeight,
  };
  return {
    width: CARD_WIDTH,
    height: Math.ceil(footer.y + footer.h + PAD - 4),
    header: { x: PAD, y: PAD, w: CARD_WIDTH - 2 * PAD, h: HEADER.height },
    groups,
    footer,
  };
}

/** The layout never depends on the data: every card has the same cells in the same place. */
export const LAYOUT: Layout = build();

/** The plot area of a cell (CSS px): right of the scale labels, between the number and the foot. */
export function plotBox(cell: Box): Box {
  const x = cell.x + CELL.pad + CELL.gutter;
  return {
    x,
    y: cell.y + CELL.plotTop,
    w: cell.x + cell.w - CELL.pad - x,
    h: CELL.plotBottom - CELL.plotTop,
  };
}
