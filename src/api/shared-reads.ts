// Statistics the schedulers read (digests, watches): one API call per (index, period) however many
// of them ask within a short window, so a digest tick and a watch tick at the same minute share it.
// People's own commands don't go through here: "Refresh" must mean fresh.
import type { ManagementClient } from './client.ts';
import type { StatsPeriod, VectorIndexStats } from './schemas.ts';

export type StatsReader = Pick<ManagementClient, 'getVectorIndexStats'>;

/** Long enough to span the ticks that fall due together; short against a 5-minute check interval. */
export const SHARED_READ_WINDOW_MS = 30_000;
const MAX_REMEMBERED = 2_000;

export function sharedStatsReads(
  mgmt: StatsReader,
  clock: () => number,
  windowMs = SHARED_READ_WINDOW_MS,
): StatsReader {
  const recent = new Map<string, { at: number; read: Promise<VectorIndexStats> }>();
  return {
    getVectorIndexStats(id: string, period: StatsPeriod = '1h') {
      const key = `${id}\u0000${period}`;
      const now = clock();
      const hit = recent.get(key);
      if (hit !== undefined && now - hit.at >= 0 && now - hit.at < windowMs) return hit.read;
      if (recent.size >= MAX_REMEMBERED) {
        for (const [k, v] of recent) if (now - v.at >= windowMs || now < v.at) recent.delete(k);
      }
      const read = mgmt.getVectorIndexStats(id, period);
      recent.set(key, { at: now, read });
      // A failure is not remembered: the next asker tries again.
      read.catch(() => {
        if (recent.get(key)?.read === read) recent.delete(key);
      });
      return read;
    },
  };
}
