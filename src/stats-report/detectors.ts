// What makes a stretch of a series news: four detectors, their thresholds in one place. Each
// looks at one series over the period (time order, finite values) and either stays quiet or says
// what it found and how unusual it is. The thresholds are set so that stationary noise, however
// loud, almost never fires (test/unit/stats-report/highlights.property.test.ts): a detector
// needs both a large relative change and one that is large against the series' own noise.
import { changeOf } from './change.ts';

export const THRESHOLDS = {
  /**
   * Fewer points than this: too little to call anything unusual (the API sends 60 or 240; with a
   * dozen, a median and a spread are too rough to tell news from noise).
   */
  minPoints: 20,
  levelShift: {
    /** The last quarter's median is at least this many times the rest's median (or at most 1/it). */
    minRatio: 1.5,
    /** …and at least this many robust spreads (MAD × 1.4826) of the rest away from it. */
    minSpreads: 4,
  },
  flatline: {
    /** The final run of zeros is at least this many points… */
    minPoints: 3,
    /** …and at least this share of the period… */
    minShare: 0.05,
    /** …and longer than any run of zeros before it, which was active at least this share of the time. */
    activeShare: 0.8,
  },
  spike: {
    /** The highest point is at least this many times the period's median… */
    minFactor: 3,
    /** …and at least this many robust spreads above it… */
    minSpreads: 6,
    /** …and brief: at most this share of the points in its upper half (else it is a level shift). */
    maxWidthShare: 0.1,
  },
  trend: {
    /**
     * The change (change.ts) is at least this many percent either way: a size moves slowly, so a
     * tenth is news; latency follows the day's load by a fifth or so, so it takes more…
     */
    minPct: { size: 10, latency: 25 },
    /** …at least this many standard errors of the quarter means, from the point-to-point noise… */
    minStandardErrors: 5,
    // …and the four quarter means and medians move the same way, the medians as far.
  },
} as const;

/** Stopping is the most unusual thing a period can show: it outranks any factor. */
const FLATLINE_UNUSUALNESS = 10;
/** A rise from nothing counts as a factor of 1000. */
const FROM_NOTHING = Math.log(1000);

/** One series over the period: `n` points, time order, finite. */
export type Series = { at: ArrayLike<number>; y: ArrayLike<number>; n: number };

export type Finding =
  | { kind: 'flatline'; since: number }
  | { kind: 'level-shift'; from: number; to: number; windowMs: number }
  | { kind: 'spike'; peak: number; at: number; median: number }
  | { kind: 'trend'; from: number; to: number; pct: number };

/** What a detector found, and how unusual it is: |ln(factor)|, so 2× up and 2× down weigh the same. */
export type Detection = { finding: Finding; unusualness: number };

function values(s: Series, from = 0, to = s.n): number[] {
  return Array.from({ length: to - from }, (_, i) => s.y[from + i] as number);
}

function median(xs: readonly number[]): number {
  if (xs.length === 0) return Number.NaN;
  // A typed array sorts numerically without a comparator call per pair: several times faster.
  const sorted = Float64Array.from(xs).sort();
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : (sorted[mid - 1] as number) / 2 + (sorted[mid] as number) / 2;
}

/** A standard deviation that a few outliers cannot inflate: the median absolute deviation, scaled. */
function robustSpread(xs: readonly number[]): number {
  const m = median(xs);
  return 1.4826 * median(xs.map((x) => Math.abs(x - m)));
}

function stepOf(s: Series): number {
  const gaps = Array.from({ length: s.n - 1 }, (_, i) => (s.at[i + 1] as number) - (s.at[i] as number));
  return gaps.length > 0 ? median(gaps) : 0;
}

const factorUnusualness = (from: number, to: number) =>
  from === 0 || to === 0 ? FROM_NOTHING : Math.min(FROM_NOTHING, Math.abs(Math.log(to / from)));

/** The series ends in a run of zeros, after being busy: "updates stopped at 14:02". */
export function detectFlatline(s: Series): Detection | undefined {
  const rule = THRESHOLDS.flatline;
  if (s.n < THRESHOLDS.minPoints) return undefined;
  let start = s.n;
  while (start > 0 && s.y[start - 1] === 0) start--;
  const run = s.n - start;
  if (run < Math.max(rule.minPoints, Math.ceil(s.n * rule.minShare)) || start === 0) return undefined;
  const before = values(s, 0, start);
  let longest = 0;
  let current = 0;
  for (const v of before) {
    current = v === 0 ? current + 1 : 0;
    longest = Math.max(longest, current);
  }
  const active = before.filter((v) => v !== 0).length / before.length;
  if (active < rule.activeShare || run <= longest) return undefined;
  return { finding: { kind: 'flatline', since: s.at[start] as number }, unusualness: FLATLINE_UNUSUALNESS };
}

/** The last quarter sits at another level than the rest: "rose 2.4× in the last 15 min". */
export function detectLevelShift(s: Series): Detection | undefined {
  const rule = THRESHOLDS.levelShift;
  if (s.n < THRESHOLDS.minPoints) return undefined;
  const q = Math.floor(s.n / 4);
  const rest = values(s, 0, s.n - q);
  const from = median(rest);
  const to = median(values(s, s.n - q));
  const low = Math.min(Math.abs(from), Math.abs(to));
  const high = Math.max(Math.abs(from), Math.abs(to));
  if (high === 0 || Math.sign(from) * Math.sign(to) < 0 || high < low * rule.minRatio) return undefined;
  if (Math.abs(to - from) < rule.minSpreads * robustSpread(rest)) return undefined;
  const windowMs = (s.at[s.n - 1] as number) - (s.at[s.n - q] as number) + stepOf(s);
  return { finding: { kind: 'level-shift', from, to, windowMs }, unusualness: factorUnusualness(from, to) };
}

/** One brief excursion far above the period's median: "spiked to 410 at 14:02". */
export function detectSpike(s: Series): Detection | undefined {
  const rule = THRESHOLDS.spike;
  if (s.n < THRESHOLDS.minPoints) return undefined;
  const all = values(s);
  const m = median(all);
  let peakAt = 0;
  for (let i = 1; i < s.n; i++) if ((s.y[i] as number) > (s.y[peakAt] as number)) peakAt = i;
  const peak = s.y[peakAt] as number;
  if (!(m > 0) || peak < m * rule.minFactor || peak - m < rule.minSpreads * robustSpread(all))
    return undefined;
  const upperHalf = all.filter((v) => v >= m + (peak - m) / 2).length;
  if (upperHalf > Math.max(1, Math.ceil(s.n * rule.maxWidthShare))) return undefined;
  return {
    finding: { kind: 'spike', peak, at: s.at[peakAt] as number, median: m },
    unusualness: factorUnusualness(m, peak),
  };
}

/** A steady move across the whole period: "storage grew 24% this period". */
export function detectTrend(s: Series, minPct: number): Detection | undefined {
  const rule = THRESHOLDS.trend;
  if (s.n < THRESHOLDS.minPoints) return undefined;
  const all = values(s);
  const change = changeOf(all);
  if (change?.pct === undefined || Math.abs(change.pct) < minPct) return undefined;
  const q = Math.floor(s.n / 4);
  // The first and last quarters are the ones the change compares; the middle splits the rest.
  const quarters = [all.slice(0, q), all.slice(q, 2 * q), all.slice(2 * q, s.n - q), all.slice(s.n - q)];
  const means = quarters.map((part) => part.reduce((sum, v) => sum + v / part.length, 0));
  const rising = change.to > change.from;
  // Steady means both the means and the medians of the quarters move one way, and the medians by
  // as much: a couple of outliers at one end can tilt the means, never the medians.
  const medians = quarters.map(median);
  for (const levels of [means, medians]) {
    for (let k = 1; k < 4; k++) {
      const step = (levels[k] as number) - (levels[k - 1] as number);
      if (rising ? step <= 0 : step >= 0) return undefined;
    }
  }
  const first = medians[0] as number;
  if (first === 0 || Math.abs(((medians[3] as number) - first) / first) * 100 < minPct) return undefined;
  // Point-to-point noise from the differences (a steady trend shifts them all alike, so their
  // spread is the noise's, times √2), and the standard error of a quarter mean's difference.
  const diffs = all.slice(1).map((v, i) => v - (all[i] as number));
  const noise = robustSpread(diffs) / Math.SQRT2;
  const standardError = noise * Math.sqrt(2 / q);
  if (Math.abs(change.to - change.from) < rule.minStandardErrors * standardError) return undefined;
  return {
    finding: { kind: 'trend', from: change.from, to: change.to, pct: change.pct },
    unusualness: factorUnusualness(change.from, change.to),
  };
}
