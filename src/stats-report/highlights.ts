// The news of a stats record: up to three highlights, worded plainly, ranked by how unusual they
// are, or "nothing unusual". The stats message leads with them and the digest shows them per index.
// The detectors and their thresholds live in detectors.ts; this module says which series each
// detector watches and how a finding reads.
//
// Only the series sampled over the period are watched. The per-day totals are a handful of points
// (the provider's are week to date, today still counting), too few to call a day unusual.
import type { SeriesName, VectorIndexStats } from '../api/index.ts';
import { formatTogether, formatValue, type ValueKind } from '../text/numbers.ts';
import { durationInWords } from '../text/spans.ts';
import { clockInWords, UTC } from '../time/words.ts';
import { cleanSeries } from './card-data.ts';
import { percentText } from './change.ts';
import {
  type Detection,
  detectFlatline,
  detectLevelShift,
  detectSpike,
  detectTrend,
  type Finding,
  type Series,
  THRESHOLDS,
} from './detectors.ts';

export const MAX_HIGHLIGHTS = 3;
export const NOTHING_UNUSUAL = 'Nothing unusual in this period.';
/** What an index with no vectors and no traffic reads as: empty is not "nothing unusual". */
export const EMPTY_INDEX = 'This index is empty: no vectors and no traffic in this period.';

type Subject = {
  /** How the series is named in a sentence. */
  words: string;
  kind: ValueKind;
  /** Series that tell one story (a latency's mean and p99; vectors and bytes) give one highlight. */
  family: string;
  /** What stops when it falls to zero: "updates stopped at 14:02". */
  activity?: string;
  /** Sizes grow and shrink; rates and latencies rise and fall. */
  size?: boolean;
  detectors: readonly Watch[];
};

// Which detectors watch which kind of series, the most specific first: when several fire on one
// series, the first one describes it (a step in the last quarter is a level shift, even though
// it also moves the quarter means a trend compares).
type Watch = (s: Series) => Detection | undefined;
// Throughput follows the time of day, so a "trend" across a few hours is mostly the day's rhythm;
// its news is a stop, a jump or a spike.
const RATE: readonly Watch[] = [detectFlatline, detectLevelShift, detectSpike];
// A latency of 0 means nothing was measured; the throughput's flatline says that better.
const LATENCY: readonly Watch[] = [
  detectLevelShift,
  detectSpike,
  (s) => detectTrend(s, THRESHOLDS.trend.minPct.latency),
];
// A size does not spike; it is emptied (flatline), jumps (level shift) or drifts (trend).
const SIZE: readonly Watch[] = [
  detectFlatline,
  detectLevelShift,
  (s) => detectTrend(s, THRESHOLDS.trend.minPct.size),
];

const latency = (series: string, family: string): Subject => ({
  words: series,
  kind: 'measure',
  family,
  detectors: LATENCY,
});

/** The series watched, in the card's reading order (which also breaks ties). */
const SUBJECTS: ReadonlyArray<readonly [SeriesName, Subject]> = [
  [
    'query_throughput',
    { words: 'query throughput', kind: 'measure', family: 'queries', activity: 'queries', detectors: RATE },
  ],
  [
    'update_throughput',
    { words: 'update throughput', kind: 'measure', family: 'updates', activity: 'updates', detectors: RATE },
  ],
  ['vector_count', { words: 'vectors', kind: 'count', family: 'size', size: true, detectors: SIZE }],
  ['data_size', { words: 'storage', kind: 'bytes', family: 'size', size: true, detectors: SIZE }],
  ['query_latency_99', latency('p99 query latency', 'query latency')],
  ['query_latency_mean', latency('mean query latency', 'query latency')],
  ['update_latency_99', latency('p99 update latency', 'update latency')],
  ['update_latency_mean', latency('mean update latency', 'update latency')],
  ['embeds_latency_99', latency('p99 embedding latency', 'embedding latency')],
  ['embeds_latency_mean', latency('mean embedding latency', 'embedding latency')],
  ['rerank_latency_99', latency('p99 rerank latency', 'rerank latency')],
  ['rerank_latency_mean', latency('mean rerank latency', 'rerank latency')],
];

export type Highlight = { series: SeriesName; finding: Finding; unusualness: number; text: string };

/** `2.4×`, `12×`. */
const times = (ratio: number) => `${ratio < 10 ? ratio.toFixed(1) : Math.round(ratio)}×`;

/** `from → to` with the digits it takes for the two to read differently. */
function fromTo(kind: ValueKind, from: number, to: number): string {
  const [a, b] = formatTogether(kind, [from, to]) ?? [formatValue(kind, from, 5), formatValue(kind, to, 5)];
  return `${a} → ${b}`;
}

/** `rose 2.4×`, `rose 60%`, `fell 35%`, `grew 12%`. */
function moved(subject: Subject, from: number, to: number): string {
  const up = to > from;
  const verb = subject.size ? (up ? 'grew' : 'shrank') : up ? 'rose' : 'fell';
  if (from === 0) return `${verb} from 0`;
  const ratio = to / from;
  if (up && ratio >= 2) return `${verb} ${times(ratio)}`;
  return `${verb} ${percentText(Math.abs(ratio - 1) * 100)}%`;
}

function sentence(subject: Subject, finding: Finding, endMs: number, timeZone: string): string {
  const { words, kind } = subject;
  const v = (x: number) => formatValue(kind, x);
  switch (finding.kind) {
    case 'flatline': {
      const when = clockInWords(finding.since, endMs, timeZone);
      return subject.activity
        ? `${subject.activity} stopped at ${when} — 0 since`
        : `${words} dropped to 0 at ${when} — 0 since`;
    }
    case 'level-shift':
      return `${words} ${moved(subject, finding.from, finding.to)} in the last ${durationInWords(finding.windowMs) ?? 'quarter'} (${fromTo(kind, finding.from, finding.to)})`;
    case 'spike':
      return `${words} spiked to ${v(finding.peak)} at ${clockInWords(finding.at, endMs, timeZone)} — ${times(finding.peak / finding.median)} its median (${v(finding.median)})`;
    case 'trend':
      return `${words} ${moved(subject, finding.from, finding.to)} this period (${fromTo(kind, finding.from, finding.to)})`;
  }
}

/**
 * Up to three highlights of `stats`, the most unusual first: one finding per series (its most
 * specific), then one per family (the more unusual). An empty list means nothing unusual happened.
 */
export function highlightsOf(stats: VectorIndexStats, max = MAX_HIGHLIGHTS): Highlight[] {
  const safe = (typeof stats === 'object' && stats !== null ? stats : {}) as VectorIndexStats;
  return highlightsOfSeries((name) => cleanSeries(safe, name), max);
}

/** The same, from series already reduced to finite points in time order (the card's). */
export function highlightsOfSeries(
  seriesOf: (name: SeriesName) => Series,
  max = MAX_HIGHLIGHTS,
  timeZone = UTC,
): Highlight[] {
  const watched = SUBJECTS.map(([name, subject]) => ({ name, subject, series: seriesOf(name) }));
  const endMs = Math.max(
    ...watched.map(({ series }) => (series.n > 0 ? (series.at[series.n - 1] as number) : -Infinity)),
  );
  const best = new Map<string, Highlight>();
  for (const { name, subject, series } of watched) {
    let found: Detection | undefined;
    for (const detect of subject.detectors) {
      found = detect(series);
      if (found !== undefined) break;
    }
    if (found === undefined) continue;
    const current = best.get(subject.family);
    if (current !== undefined && current.unusualness >= found.unusualness) continue;
    const text = sentence(subject, found.finding, endMs, timeZone);
    best.set(subject.family, { series: name, finding: found.finding, unusualness: found.unusualness, text });
  }
  return [...best.values()].sort((a, b) => b.unusualness - a.unusualness).slice(0, max);
}
