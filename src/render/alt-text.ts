import { headerLines } from './header.ts';
import { type CardData, formatValue, SERIES_WORDS } from './series.ts';

/** Slack rejects an image block whose alt_text is longer than this. */
export const ALT_TEXT_LIMIT = 2000;

/**
 * What the card shows, in words, for screen readers and notifications: the period and the time
 * range, then each series' last value, minimum and maximum, in the card's reading order.
 */
export function altTextOf(data: CardData): string {
  const { title, subtitle } = headerLines(data);
  const parts = [`${title}. ${subtitle}.`];
  for (const [name, words, kind] of SERIES_WORDS) {
    const s = data.series[name];
    parts.push(
      s.n === 0
        ? `${words}: no data.`
        : `${words}: last ${formatValue(kind, s.last)}, min ${formatValue(kind, s.min)}, max ${formatValue(kind, s.max)}.`,
    );
  }
  parts.push('Latency in the unit the API reports.');
  const text = parts.join(' ');
  return text.length <= ALT_TEXT_LIMIT ? text : `${text.slice(0, ALT_TEXT_LIMIT - 1)}…`;
}
