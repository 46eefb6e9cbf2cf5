import { describe, expect, it } from 'vitest';
import type { VectorIndexStats } from '../../../src/api/schemas.ts';
import { readsForOneRun, sharedStatsReads } from '../../../src/api/shared-reads.ts';

/** A fake API whose answers the test releases, so "at the same moment" is under its control. */
function gatedApi() {
  const calls: string[] = [];
  const gates: Array<(outcome: 'ok' | 'fail') => void> = [];
  return {
    calls,
    release: (outcome: 'ok' | 'fail' = 'ok') => {
      for (const open of gates.splice(0)) open(outcome);
    },
    getVectorIndexStats(id: string, period?: string) {
      calls.push(`${id}/${period}`);
      return new Promise<VectorIndexStats>((resolve, reject) =>
        gates.push((outcome) =>
          outcome === 'ok'
            ? resolve({ days: [] } as unknown as VectorIndexStats)
            : reject(new Error('unavailable')),
        ),
      );
    },
  };
}

describe('statistics shared by the schedulers', () => {
  it('reads on their way are shared per (index, period); a read after the answer is a new one', async () => {
    const api = gatedApi();
    const reads = sharedStatsReads(api);
    const a = reads.getVectorIndexStats('idx-1', '1h');
    const b = reads.getVectorIndexStats('idx-1', '1h');
    const c = reads.getVectorIndexStats('idx-1', '1d');
    api.release();
    await Promise.all([a, b, c]);
    expect(api.calls).toEqual(['idx-1/1h', 'idx-1/1d']);
    const later = reads.getVectorIndexStats('idx-1', '1h');
    api.release();
    await later;
    expect(api.calls).toEqual(['idx-1/1h', 'idx-1/1d', 'idx-1/1h']);
  });

  it('a failure is shared by those waiting, and not by the next asker', async () => {
    const api = gatedApi();
    const reads = sharedStatsReads(api);
    const [a, b] = [reads.getVectorIndexStats('idx-2', '1h'), reads.getVectorIndexStats('idx-2', '1h')];
    api.release('fail');
    await expect(a).rejects.toThrow('unavailable');
    await expect(b).rejects.toThrow('unavailable');
    const next = reads.getVectorIndexStats('idx-2', '1h');
    api.release();
    await expect(next).resolves.toBeDefined();
    expect(api.calls).toHaveLength(2);
  });
});

describe('the reads of one run (a digest tick)', () => {
  it('reads each (index, period) once for the whole run, failures included; a new run reads again', async () => {
    const api = gatedApi();
    const shared = sharedStatsReads(api);
    const run = readsForOneRun(shared);
    const first = run.getVectorIndexStats('idx-1', '1d');
    const failing = run.getVectorIndexStats('idx-2', '1d');
    api.release('fail');
    await expect(first).rejects.toThrow('unavailable');
    await expect(failing).rejects.toThrow('unavailable');
    // Answered (with a failure): the rest of the run gets the same answer, without asking again.
    await expect(run.getVectorIndexStats('idx-1', '1d')).rejects.toThrow('unavailable');
    expect(api.calls).toEqual(['idx-1/1d', 'idx-2/1d']);
    const next = readsForOneRun(shared).getVectorIndexStats('idx-1', '1d');
    api.release();
    await expect(next).resolves.toBeDefined();
    expect(api.calls).toEqual(['idx-1/1d', 'idx-2/1d', 'idx-1/1d']);
  });
});
