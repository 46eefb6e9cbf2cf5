// Statistics the schedulers read (digests, watches): a read already on its way is shared by every
// scheduler asking for the same (index, period) meanwhile, so a digest tick and a watch tick running
// at the same moment make one API call. Nothing is kept once the answer is in: what a tick shows is
// never older than its own request, except within one run (readsForOneRun). People's commands
// don't go through here at all.
import { memoize } from '../limiter.ts';
import type { ManagementClient } from './client.ts';
import type { StatsPeriod, VectorIndexStats } from './schemas.ts';

export type StatsReader = Pick<ManagementClient, 'getVectorIndexStats'>;

export function sharedStatsReads(mgmt: StatsReader): StatsReader {
  const inFlight = new Map<string, Promise<VectorIndexStats>>();
  return {
    getVectorIndexStats(id: string, period: StatsPeriod = '1h') {
      const key = `${id}\u0000${period}`;
      const pending = inFlight.get(key);
      if (pending !== undefined) return pending;
      const read = mgmt.getVectorIndexStats(id, period);
      inFlight.set(key, read);
      const done = () => {
        if (inFlight.get(key) === read) inFlight.delete(key);
      };
      read.then(done, done);
      return read;
    },
  };
}

/**
 * The reads of one run (a digest tick): each (index, period) is read once for the whole run, however
 * many channels include it, failures included (an index that failed is reported missing in every
 * channel of the run instead of being asked for again 200 times). Kept only as long as the run keeps
 * the returned reader; reads go through `reader`, so a watch tick at the same moment shares them.
 */
export function readsForOneRun(reader: StatsReader): StatsReader {
  const read = memoize(
    (id: string, period: StatsPeriod) => `${id}\u0000${period}`,
    (id, period) => reader.getVectorIndexStats(id, period),
  );
  return { getVectorIndexStats: (id, period = '1h') => read(id, period) };
}
