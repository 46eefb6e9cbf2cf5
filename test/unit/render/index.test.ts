// The render queue: one image at a time, and a person's before background work's, so a digest
// minute's cards never hold up someone waiting for their own card.
import { describe, expect, it } from 'vitest';
import { createJob } from '../../../src/jobs.ts';
import { createLogger } from '../../../src/log.ts';
import { renderStatsCard } from '../../../src/render/index.ts';
import { WorkTracker } from '../../../src/work-tracker.ts';
import { makeStats } from './fixtures.ts';

describe('the render queue', () => {
  it('draws a person’s card before the background work queued ahead of it', async () => {
    const finished: string[] = [];
    const card = (who: string) =>
      renderStatsCard({ indexId: who, period: '1h', stats: makeStats('1h') }).then((png) => {
        expect(png.subarray(1, 4).toString()).toBe('PNG');
        finished.push(who);
      });
    const first = card('person-1');
    let background: Promise<unknown> = Promise.resolve();
    const digests = createJob({
      name: 'digests',
      intervalMs: 60_000,
      logger: createLogger({ level: 'silent' }),
      work: new WorkTracker(),
      run: async () => {
        background = Promise.all([card('digest-1'), card('digest-2')]);
      },
    });
    await digests.runOnce();
    const second = card('person-2');
    await Promise.all([first, second, background]);
    expect(finished).toEqual(['person-1', 'person-2', 'digest-1', 'digest-2']);
  });
});
