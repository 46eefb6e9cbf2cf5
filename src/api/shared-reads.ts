// Statistics reads, for everyone who asks (commands, controls, forms, steps, Home, digests,
// watches): a read already on its way is shared by everyone asking for the same (index, period)
// meanwhile, so a burst of one command, or a digest tick and a watch tick at the same moment, make
// one API call. Nothing is kept once the answer is in: what anyone is shown is never older than
// their own request, except within one run (readsForOneRun).
//
// The work a read starts holds memory (the raw series, ~200 KB of JSON for 30 days, several times
// that parsed, then a card of ~260 KB), so it goes through one admission per process (statsWork):
// STATS_ADMISSION.running at once and STATS_ADMISSION.waiting people queued behind them; past that,
// a person is told BUSY at once. Sized for the start command's --max-old-space-size=160: four reads
// and their cards in hand are a few MiB, and the cards of the hundred admitted commands waiting to be
// posted are ~26 MiB outside the heap at worst.
import { Busy } from '../errors.ts';
import { type Admission, createAdmission } from '../limiter.ts';
import { memoize, sharedWhileInFlight } from '../memoize.ts';
import type { ManagementClient } from './client.ts';
import type { StatsPeriod, VectorIndexStats } from './schemas.ts';

export type StatsReader = Pick<ManagementClient, 'getVectorIndexStats'>;

/** How much statistics work one process takes on at once, and how many people may wait for it. */
export const STATS_ADMISSION = { running: 4, waiting: 96 } as const;

/** The process's one admission for statistics reads and their cards (context.statsWork). */
export function statsAdmission(limits: { running: number; waiting: number } = STATS_ADMISSION): Admission {
  return createAdmission({ ...limits, whenFull: () => new Busy() });
}

export function sharedStatsReads(mgmt: StatsReader): StatsReader {
  const read = sharedWhileInFlight(
    (id: string, period: StatsPeriod) => `${id}\u0000${period}`,
    (id, period): Promise<VectorIndexStats> => mgmt.getVectorIndexStats(id, period),
  );
  return { getVectorIndexStats: (id, period = '1h') => read(id, period) };
}

/**
 * The reads of one run (a digest tick): each (index, period) is read once for the whole run, however
 * many channels include it, failures included (an index that failed is reported missing in every
 * channel of the run instead of being asked for again 200 times). Kept only as long as the run keeps
 * the returned reader; reads go through `reader`, so a watch tick at the same moment shares them.
 */
export function readsForOneRun(reader: StatsReader, max?: number): StatsReader {
  const read = memoize(
    (id: string, period: StatsPeriod) => `${id}\u0000${period}`,
    (id, period) => reader.getVectorIndexStats(id, period),
    max,
  );
  return { getVectorIndexStats: (id, period = '1h') => read(id, period) };
}
