// Item 2 rows: cold start (an operator waits for it on every deploy and restart), with the bare
// Bolt app alongside for information; and the peak resident set of each app process the bench ran.
import type { ColdStartResult } from './cold-start.ts';
import { fmt, fmtRatio, fmtSpread, median, ratio, spread } from './numbers.ts';
import { atMost, type Row } from './table.ts';

export const COLD_START_MAX_MS = 1_000;

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
      item: 2,
      name: 'Cold start of a fresh container, spawn → "listening" (what the Procfile runs, with the build step\'s compile cache; bare Bolt alongside)',
      opsbot: fmtSpread(a, ' ms'),
      peer: fmtSpread(b, ' ms'),
      ratio: fmtSpread(paired, '×'),
      target: `≤ ${fmt(COLD_START_MAX_MS / 1000, ' s')}`,
      ...atMost(a.median, COLD_START_MAX_MS),
    });
    const rssRatio = ratio(median(cold.opsbotRssMiB), median(cold.boltRssMiB));
    rows.push({
      item: 2,
      name: 'Resident set right after start (VmRSS at "listening")',
      opsbot: fmtSpread(spread(cold.opsbotRssMiB), ' MiB'),
      peer: fmtSpread(spread(cold.boltRssMiB), ' MiB'),
      ratio: fmtRatio(rssRatio),
      target: '—',
      verdict: 'info',
    });
    rows.push(...coldStartNotes(cold));
  }
  const measured = peaks.filter((p) => p.opsbotMiB !== undefined);
  if (measured.length > 0)
    rows.push({
      item: 2,
      name: 'Peak RSS (VmHWM) of each app process the bench ran (item 1 has the target)',
      opsbot: measured.map((p) => `${p.phase}: ${fmt(p.opsbotMiB ?? Number.NaN, ' MiB')}`).join('; '),
      peer: peerPeak(peaks),
      ratio: '—',
      target: '—',
      verdict: 'info',
    });
  return rows;
}

function peerPeak(peaks: readonly PeakRss[]): string {
  const peer = peaks.find((p) => p.peerMiB !== undefined)?.peerMiB;
  return peer === undefined ? '—' : `${fmt(peer, ' MiB')} (bare Bolt, item 5)`;
}

/** The other starts item 2 measures, for the notes: restart, no cache, Bolt with a cache. */
function coldStartNotes(cold: ColdStartResult): Row[] {
  const pairedRatio = (a: readonly number[], b: readonly number[]) =>
    fmtSpread(spread(a.map((ms, i) => ratio(ms, b[i] ?? Number.NaN))), '×');
  const info = (name: string, opsbot: readonly number[], peer: readonly number[], unit = ' ms'): Row => ({
    item: 2,
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
