// The card's header text, apart from the drawing code: the alt text needs it without the canvas.

import type { CardData } from '../stats-report/card-data.ts';
import { spanWords } from '../time/words.ts';

/**
 * The card's two header lines; the alt text reuses them so both say the same thing. The range is
 * the period's own (the series sampled over it), in the card's zone: the per-day panels say their
 * days themselves.
 */
export function headerLines(data: CardData): { title: string; subtitle: string } {
  const title = data.title ?? `Vector index ${data.indexId}`;
  const [period = '', ...rest] = spanWords(data.period, data.span, data.timeZone);
  return { title, subtitle: [period.charAt(0).toUpperCase() + period.slice(1), ...rest].join(' · ') };
}
