// Item 6 rows: cold start against the bare Bolt app, and the app's peak resident set.
import type { ColdStartResult } from './cold-start.ts';
import { fmt, fmtRatio, fmtSpread, median, ratio, spread } from './numbers.ts';
import { absentRow, atMost, type Row } from './table.ts';

export const COLD_START_MAX_RATIO = 1.5;
export const PEAK_RSS_MAX_MIB = 200;
export const START_RSS_MAX_RATIO = 1.2;

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
      name: 'Cold start of a fresh container, spawn → "listening" (`node src/start.mjs` with the build step\'s compile cache vs bare Bolt)',
      opsbot: fmtSpread(a, ' ms'),
      peer: fmtSpread(b, ' ms'),
      ratio: fmtSpread(paired, '×'),
      target: `≤ ${COLD_START_MAX_RATIO}×`,
      ...atMost(paired.median, COLD_START_MAX_RATIO),
    });
    const rssRatio = ratio(median(cold.opsbotRssMiB), median(cold.boltRssMiB));
    rows.push({
      item: 6,
      name: 'Resident set right after start (VmRSS at "listening")',
      opsbot: fmtSpread(spread(cold.opsbotRssMiB), ' MiB'),
      peer: fmtSpread(spread(cold.boltRssMiB), ' MiB'),
      ratio: fmtRatio(rssRatio),
      target: `≤ ${START_RSS_MAX_RATIO}×`,
      ...atMost(rssRatio, START_RSS_MAX_RATIO),
    });
    rows.push(...coldStartNotes(cold));
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
  rows.push({
    item: 6,
    name: 'Peak RSS (VmHWM) of each app process',
    opsbot: measured.map((p) => `${p.phase}: ${fmt(p.opsbotMiB ?? Number.NaN, ' MiB')}`).join('; '),
    peer: '—',
    ratio: '—',
    target: '—',
    verdict: 'info',
  });
  return rows;
}

/** The other starts item 6 measures, for the notes: restart, no cache, Bolt with a cache. */
function coldStartNotes(cold: ColdStartResult): Row[] {
  const pairedRatio = (a: readonly number[], b: readonly number[]) =>
    fmtSpread(spread(a.map((ms, i) => ratio(ms, b[i] ?? Number.NaN))), '×');
  const info = (name: string, opsbot: readonly number[], peer: readonly number[], unit = ' ms'): Row => ({
    item: 6,
    name,
    opsbot: fmtSpread(spread(opsbot), unit),
    peer: fmtSpread(spread(peer), unit),
    ratio: pairedRatio(opsbot, peer),
    target: '—',
    verdict: 'info',
  });
  return [
    info(
      'Cold start: a restart on the same machine (the compile cache as the last start left it)',
      cold.opsbotRestartMs,
      cold.boltMs,
    ),
    info(
      'Cold start with no compile cache at all (`NODE_DISABLE_COMPILE_CACHE=1`)',
      cold.opsbotNoCacheMs,
      cold.boltMs,
    ),
    info(
      'Resident set right after start with no compile cache at all',
      cold.opsbotNoCacheRssMiB,
      cold.boltRssMiB,
      ' MiB',
    ),
    info(
      'Cold start vs bare Bolt given a compile cache of its own (warmed by a start)',
      cold.opsbotMs,
      cold.boltCachedMs,
    ),
    info(
      'Resident set right after start vs bare Bolt with a compile cache',
      cold.opsbotRssMiB,
      cold.boltCachedRssMiB,
      ' MiB',
    ),
  ];
}
