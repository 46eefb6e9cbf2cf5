import { type CardData, dailySpan, headlineOf, isDailySeries } from '../stats-report/card-data.ts';
import { type DayBars, latestBarWords } from '../stats-report/daily.ts';
import { formatValue, minMaxInWords, type ValueKind } from '../text/numbers.ts';
import { headerLines } from './header.ts';
import { SERIES_WORDS } from './series.ts';

/** Slack rejects an image block whose alt_text is longer than this. */
export const ALT_TEXT_LIMIT = 2000;

/** Bars listed one by one up to this many; more are summed up as latest, min and max. */
const LIST_BARS_UP_TO = 7;

/** Min and max as the card's foot writes them (`min 5.0 · max 7.5`), commas for a sentence. */
const minMax = (kind: ValueKind, min: number, max: number) =>
  (minMaxInWords(kind, min, max)[0] as string).replace(' · ', ', ');

/**
 * Each bar in words, as the alt text and the details list them: `Sun 1.3M`, `Thu no data`, and the
 * latest as the card's big number says it, `today so far 1.9M`.
 */
export function barWords(kind: ValueKind, bars: DayBars): string[] {
  const last = bars.values.length - 1;
  return bars.values.map((x, i) => {
    const value = Number.isNaN(x) ? 'no data' : formatValue(kind, x);
    return i === last ? `${latestBarWords(bars)} ${value}` : `${bars.labels[i]} ${value}`;
  });
}

function barsInWords(words: string, kind: ValueKind, bars: DayBars): string {
  const finite = bars.values.filter((v) => !Number.isNaN(v));
  if (finite.length === 0) return `${words}: no data.`;
  const all = barWords(kind, bars);
  if (bars.values.length <= LIST_BARS_UP_TO) return `${words}: ${all.join(', ')}.`;
  if (finite.length === 1) return `${words}: ${all.at(-1)}.`;
  return `${words}: ${all.at(-1)}, ${minMax(kind, Math.min(...finite), Math.max(...finite))}.`;
}

/**
 * What the card shows, in words, for screen readers and notifications: the period and its range,
 * the per-day bars, then each other series' latest value (the card's big number) and its minimum
 * and maximum as the card writes them, in the card's reading order.
 */
export function altTextOf(data: CardData): string {
  const { title, subtitle } = headerLines(data);
  const parts = [`${title}. ${subtitle}.`];
  const days = dailySpan(data);
  if (days !== '') parts.push(`Per day, ${days}.`);
  for (const [name, words, kind] of SERIES_WORDS) {
    if (isDailySeries(name)) {
      parts.push(barsInWords(words, kind, data.daily[name]));
      continue;
    }
    const s = data.series[name];
    const now = headlineOf(data, name);
    parts.push(
      s.n === 0 || now === undefined
        ? `${words}: no data.`
        : `${words}: last ${formatValue(kind, now)}, ${minMax(kind, s.min, s.max)}.`,
    );
  }
  parts.push('Throughput and latency in the units the API reports.');
  const text = parts.join(' ');
  return text.length <= ALT_TEXT_LIMIT ? text : `${text.slice(0, ALT_TEXT_LIMIT - 1)}…`;
}
