// The card's header text, apart from the drawing code: the alt text needs it without the canvas.
import { periodInWords, rangeInWords, stepInWords } from './format-time.ts';
import type { CardData } from './series.ts';

/**
 * The card's two header lines; the alt text reuses them so both say the same thing. The range is
 * the period's own (the series sampled over it): the per-day panels say their days themselves.
 */
export function headerLines(data: CardData): { title: string; subtitle: string } {
  const title = data.title ?? `Vector index ${data.indexId}`;
  const span = data.span;
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
