import { describe, expect, it } from 'vitest';
import type { VectorIndexStats } from '../../src/api/schemas.ts';
import {
  readsForOneRun,
  STATS_ADMISSION,
  sharedStatsReads,
  statsAdmission,
} from '../../src/api/shared-reads.ts';
import { BUSY, Busy } from '../../src/errors.ts';

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

describe('the admission for statistics work', () => {
  /** A task that runs until the test opens its gate. */
  const gated = () => {
    let open: () => void = () => {};
    const opened = new Promise<void>((resolve) => {
      open = resolve;
    });
    return { open: () => open(), task: async () => opened };
  };

  it(`runs ${STATS_ADMISSION.running} at once, queues ${STATS_ADMISSION.waiting} people, and tells the next one BUSY at once`, async () => {
    const admission = statsAdmission();
    const capacity = STATS_ADMISSION.running + STATS_ADMISSION.waiting;
    const gates = Array.from({ length: capacity }, gated);
    const admitted = gates.map((g) => admission.admit(g.task));
    expect(admission.load()).toEqual({ running: STATS_ADMISSION.running, waiting: STATS_ADMISSION.waiting });
    const refused = admission.admit(async () => 'never run');
    await expect(refused).rejects.toThrow(BUSY);
    await expect(refused).rejects.toBeInstanceOf(Busy);
    // Background work is never refused: it waits its turn behind the people.
    const background = admission.queue(async () => 'digest card');
    for (const g of gates) g.open();
    await Promise.all(admitted);
    expect(await background).toBe('digest card');
    expect(admission.load()).toEqual({ running: 0, waiting: 0 });
    // Room again once the work is done.
    expect(await admission.admit(async () => 'a card')).toBe('a card');
  });

  it('a task that fails frees its place', async () => {
    const admission = statsAdmission({ running: 1, waiting: 0 });
    await expect(admission.admit(async () => Promise.reject(new Error('api down')))).rejects.toThrow(
      'api down',
    );
    expect(await admission.admit(async () => 'next')).toBe('next');
  });
});
