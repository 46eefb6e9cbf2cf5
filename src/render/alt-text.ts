import type { DayBars } from './daily.ts';
import { digitsToTell, formatValue, type ValueKind } from './format-numbers.ts';
import { headerLines } from './header.ts';
import { type CardData, type Clean, dailySpan, isDailySeries, SERIES_WORDS } from './series.ts';

/** Slack rejects an image block whose alt_text is longer than this. */
export const ALT_TEXT_LIMIT = 2000;

/** Bars listed day by day up to this many; more are summed up as last, min and max. */
const LIST_DAYS_UP_TO = 7;

function barsInWords(words: string, kind: ValueKind, bars: DayBars): string {
  const count = bars.values.length;
  if (count === 0) return `${words}: no data.`;
  const digits = digitsToTell(kind, [Math.min(...bars.values), Math.max(...bars.values)]);
  const v = (x: number) => formatValue(kind, x, digits);
  const soFar = (i: number) => (bars.partialLast && i === count - 1 ? ' so far' : '');
  if (count <= LIST_DAYS_UP_TO) {
    return `${words}: ${bars.values.map((x, i) => `${bars.labels[i]} ${v(x)}${soFar(i)}`).join(', ')}.`;
  }
  const last = count - 1;
  return `${words}: ${bars.labels[last]} ${v(bars.values[last] as number)}${soFar(last)}, min ${v(Math.min(...bars.values))}, max ${v(Math.max(...bars.values))}.`;
}

function lineInWords(words: string, kind: ValueKind, s: Clean): string {
  if (s.n === 0) return `${words}: no data.`;
  const digits = digitsToTell(kind, [s.min, s.max]);
  const v = (x: number) => formatValue(kind, x, digits);
  return `${words}: last ${v(s.last)}, min ${v(s.min)}, max ${v(s.max)}.`;
}

/**
 * What the card shows, in words, for screen readers and notifications: the period and its range,
 * each day of the per-day totals, then each other series' last value, minimum and maximum, in the
 * card's reading order, with as many digits as it takes for a minimum and a maximum to differ.
 */
export function altTextOf(data: CardData): string {
  const { title, subtitle } = headerLines(data);
  const parts = [`${title}. ${subtitle}.`];
  const days = dailySpan(data);
  if (days !== '') parts.push(`Per day, ${days}.`);
  for (const [name, words, kind] of SERIES_WORDS) {
    parts.push(
      isDailySeries(name)
        ? barsInWords(words, kind, data.daily[name])
        : lineInWords(words, kind, data.series[name]),
    );
  }
  parts.push('Throughput and latency in the units the API reports.');
  const text = parts.join(' ');
  return text.length <= ALT_TEXT_LIMIT ? text : `${text.slice(0, ALT_TEXT_LIMIT - 1)}…`;
}
