// How a label is made to fit its room without a pixel drawn: shorter forms first, then a smaller
// font, never an ellipsis through a number ("28 …", "2.5…" say nothing). Pure, given a measure of
// text width at a font size, so tests check every label the card would draw (test/unit/render/fit.test.ts).

/** Width in CSS px of `text` at `px` (the card's measure is the canvas's, at the card's fonts). */
export type Measure = (text: string, px: number) => number;

/** A font may shrink to this share of its size to fit, no further (legibility at 480 px wide). */
export const MIN_SHRINK = 0.75;

type Fitted = { text: string; px: number };

/**
 * The first of `texts` that fits `maxWidth` at `px`; else the shortest of them at the largest size
 * (down to `MIN_SHRINK` of `px`) at which it fits; else that one at the smallest size. Never cut.
 */
export function fitLabel(measure: Measure, texts: readonly string[], maxWidth: number, px: number): Fitted {
  const options = texts.filter((t) => t !== '');
  if (options.length === 0) return { text: '', px };
  for (const text of options) if (measure(text, px) <= maxWidth) return { text, px };
  const shortest = options.reduce((a, b) => (measure(b, px) < measure(a, px) ? b : a));
  const width = measure(shortest, px);
  const shrunk = Math.max(px * MIN_SHRINK, Math.floor(((px * maxWidth) / width) * 10) / 10);
  return { text: shortest, px: shrunk };
}

/** A label placed: its index, the text drawn (the full form or a short one) and its centre. */
type Placed = { i: number; text: string; x: number };

/**
 * Which slot labels to draw under bars, and where, so that none touches another or leaves its room
 * (`left`…`right`): all of them in full if they fit, else all in their short forms (`Mo`, `22`),
 * else every k-th in full, counted back from the latest (the one people look for), k the smallest
 * that fits. A label near an edge is moved inward to stay whole.
 */
export function placeSlotLabels(
  measure: Measure,
  labels: readonly { full: string; short?: string | undefined }[],
  centres: readonly number[],
  room: { left: number; right: number },
  px: number,
  gap = 4,
): Placed[] {
  const place = (every: number, form: 'full' | 'short'): Placed[] | undefined => {
    const placed: Placed[] = [];
    let limit = room.right;
    for (let i = labels.length - 1; i >= 0; i -= every) {
      const label = labels[i];
      const text = (form === 'short' ? label?.short : undefined) ?? label?.full ?? '';
      const half = measure(text, px) / 2;
      const x = Math.max(room.left + half, Math.min(limit - half, centres[i] ?? 0));
      if (x - half < room.left - 0.01 || x + half > limit + 0.01) return undefined;
      placed.unshift({ i, text, x });
      limit = x - half - gap;
    }
    return placed;
  };
  const shortForms = labels.some((l) => l.short !== undefined);
  const all = place(1, 'full') ?? (shortForms ? place(1, 'short') : undefined);
  if (all !== undefined) return all;
  for (let every = 2; every < labels.length; every++) {
    const some = place(every, 'full');
    if (some !== undefined) return some;
  }
  const last = labels.length - 1;
  const text = labels[last]?.full ?? '';
  const half = measure(text, px) / 2;
  return last < 0 ? [] : [{ i: last, text, x: Math.max(room.left + half, room.right - half) }];
}
