// Item 6 rows: cold start against the bare Bolt app, and the app's peak resident set.
import type { ColdStartResult } from './cold-start.ts';
import { fmt, fmtRatio, fmtSpread, median, ratio, spread } from './numbers.ts';
import { absentRow, atMost, type Row } from './table.ts';

export const COLD_START_MAX_RATIO = 1.5;
export const PEAK_RSS_MAX_MIB = 200;

/** Peak resident set (VmHWM) of one app process, read just before it was stopped. */
export type PeakRss = { phase: string; opsbotMiB: number | undefined; peerMiB?: number | undefined };

export function footprintRows(cold: ColdStartResult | undefined, peaks: readonly PeakRss[]): Row[] {
  const rows: Row[] = [];
  if (cold) {
    const a = spread(cold.opsbotMs);
    const b = spread(cold.boltMs);
    // Per pair (the two starts ran back to back), then the median, as the other items do: a burst
    // of other work on the machine slows both starts of a pair, not the median of one side only.
    const paired = spread(cold.opsbotMs.map((ms, i) => ratio(ms, cold.boltMs[i] ?? Number.NaN)));
    rows.push({
      item: 6,
      name: 'Cold start, spawn → "listening" (`node src/main.ts` vs bare Bolt)',
      opsbot: fmtSpread(a, ' ms'),
      peer: fmtSpread(b, ' ms'),
      ratio: fmtSpread(paired, '×'),
      target: `≤ ${COLD_START_MAX_RATIO}×`,
      ...atMost(paired.median, COLD_START_MAX_RATIO),
    });
    rows.push({
      item: 6,
      name: 'Resident set right after start (VmRSS at "listening")',
      opsbot: fmtSpread(spread(cold.opsbotRssMiB), ' MiB'),
      peer: fmtSpread(spread(cold.boltRssMiB), ' MiB'),
      ratio: fmtRatio(ratio(median(cold.opsbotRssMiB), median(cold.boltRssMiB))),
      target: '—',
      verdict: 'info',
    });
  }
  const measured = peaks.filter((p) => p.opsbotMiB !== undefined);
  if (measured.length === 0) {
    rows.push(
      absentRow(6, 'Peak RSS of the app during 1–5', 'not available yet', 'no app phase ran (or no /proc)'),
    );
    return rows;
  }
  const top = measured.reduce((a, b) => ((b.opsbotMiB ?? 0) > (a.opsbotMiB ?? 0) ? b : a));
  const peer = peaks.find((p) => p.peerMiB !== undefined)?.peerMiB;
  const value = top.opsbotMiB ?? Number.NaN;
  rows.push({
    item: 6,
    name: `Peak RSS (VmHWM) of the app process during ${measured.map((p) => p.phase).join(', ')}`,
    opsbot: `${fmt(value, ' MiB')} (in ${top.phase})`,
    peer: peer === undefined ? '—' : `${fmt(peer, ' MiB')} (bare Bolt, item 1)`,
    ratio: '—',
    target: `≤ ${PEAK_RSS_MAX_MIB} MiB`,
    ...atMost(value, PEAK_RSS_MAX_MIB),
  });
  return rows;
}
