// The card's header text, apart from the drawing code: the alt text needs it on the main thread,
// which never loads the canvas (only the render thread draws).
import { periodInWords, rangeInWords, stepInWords } from './format-time.ts';
import type { CardData } from './series.ts';
import { timeSpan } from './time-span.ts';

/** The card's two header lines; the alt text reuses them so both say the same thing. */
export function headerLines(data: CardData): { title: string; subtitle: string } {
  const title = data.title ?? `Vector index ${data.indexId}`;
  const span = timeSpan(data.series);
  const period = periodInWords(data.period);
  const parts = [period.charAt(0).toUpperCase() + period.slice(1)];
  if (span) {
    const step = stepInWords(span.stepMs);
    if (step) parts.push(step);
    const range = rangeInWords(span.from, span.to);
    if (range) parts.push(range);
  } else {
    parts.push('no data points');
  }
  return { title, subtitle: parts.join(' · ') };
}
