import { CARD_ROWS, type CellSpec, type GroupSpec, type Hue } from './series.ts';

// Geometry in CSS pixels; the canvas is scaled by the device scale. 800 CSS px is about the
// width Slack gives an image in a message on desktop, so text sizes here are what people read.

export const CARD_WIDTH = 800;
const PAD = 20;
const HEADER_HEIGHT = 56;
const GROUP_TITLE_HEIGHT = 22;
const COLUMN_GAP = 10;
const ROW_GAP = 12;
const COLUMNS = 4;

export const CELL_HEIGHT = 108;
export const CELL_PAD = 10;
/** Plot area inside a cell, relative to the cell's top. */
export const PLOT_TOP = 48;
export const PLOT_BOTTOM = 86;

export type Box = { x: number; y: number; w: number; h: number };
export type CellBox = Box & { spec: CellSpec; hue: Hue };
export type GroupBox = Box & { group: GroupSpec; cells: CellBox[] };

export type Layout = {
  width: number;
  height: number;
  header: Box;
  groups: GroupBox[];
};

function build(): Layout {
  const cellW = (CARD_WIDTH - 2 * PAD - (COLUMNS - 1) * COLUMN_GAP) / COLUMNS;
  const groups: GroupBox[] = [];
  let y = PAD + HEADER_HEIGHT;
  for (const row of CARD_ROWS) {
    let column = 0;
    for (const group of row) {
      const x = PAD + column * (cellW + COLUMN_GAP);
      const cells = group.cells.map((spec, i) => ({
        x: PAD + (column + i) * (cellW + COLUMN_GAP),
        y: y + GROUP_TITLE_HEIGHT,
        w: cellW,
        h: CELL_HEIGHT,
        spec,
        hue: group.hue,
      }));
      const w = group.cells.length * cellW + (group.cells.length - 1) * COLUMN_GAP;
      groups.push({ x, y, w, h: GROUP_TITLE_HEIGHT + CELL_HEIGHT, group, cells });
      column += group.cells.length;
    }
    y += GROUP_TITLE_HEIGHT + CELL_HEIGHT + ROW_GAP;
  }
  const header = { x: PAD, y: PAD, w: CARD_WIDTH - 2 * PAD, h: HEADER_HEIGHT };
  return {
    width: CARD_WIDTH,
    height: Math.ceil(y - ROW_GAP + PAD),
    header,
    groups,
  };
}

/** The layout never depends on the data: every card has the same cells in the same place. */
export const LAYOUT: Layout = build();
