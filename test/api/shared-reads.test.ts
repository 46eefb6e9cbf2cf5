import { describe, expect, it } from 'vitest';
import type { VectorIndexStats } from '../../src/api/schemas.ts';
import { SHARED_READ_WINDOW_MS, sharedStatsReads } from '../../src/api/shared-reads.ts';

function counting() {
  const calls: string[] = [];
  let fail = false;
  return {
    calls,
    failNext: () => {
      fail = true;
    },
    async getVectorIndexStats(id: string, period?: string) {
      calls.push(`${id}/${period}`);
      if (fail) {
        fail = false;
        throw new Error('unavailable');
      }
      return { days: [] } as unknown as VectorIndexStats;
    },
  };
}

describe('statistics shared by the schedulers', () => {
  it('one call per (index, period) within the window, a new one after it', async () => {
    let now = 0;
    const api = counting();
    const reads = sharedStatsReads(api, () => now);
    await Promise.all([reads.getVectorIndexStats('idx-1', '1h'), reads.getVectorIndexStats('idx-1', '1h')]);
    await reads.getVectorIndexStats('idx-1', '1d');
    now = SHARED_READ_WINDOW_MS - 1;
    await reads.getVectorIndexStats('idx-1', '1h');
    expect(api.calls).toEqual(['idx-1/1h', 'idx-1/1d']);
    now = SHARED_READ_WINDOW_MS;
    await reads.getVectorIndexStats('idx-1', '1h');
    expect(api.calls).toEqual(['idx-1/1h', 'idx-1/1d', 'idx-1/1h']);
  });

  it('a failure is not shared with the next asker', async () => {
    const api = counting();
    const reads = sharedStatsReads(api, () => 0);
    api.failNext();
    await expect(reads.getVectorIndexStats('idx-2', '1h')).rejects.toThrow('unavailable');
    await expect(reads.getVectorIndexStats('idx-2', '1h')).resolves.toBeDefined();
    expect(api.calls).toHaveLength(2);
  });
});
