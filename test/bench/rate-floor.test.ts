// The floor items 6 and 7 set beside the digests' and alerts' times: Slack's budgets, each on its
// own, full at the start.
import { describe, expect, it } from 'vitest';
import { queueFloor, rateFloor } from '../../bench/harness/rate-floor.ts';

const posts = (channel: string, n: number) =>
  Array.from({ length: n }, () => ({ method: 'chat.postMessage', channel }));
const uploads = (n: number) =>
  Array.from({ length: n }, () => [
    { method: 'files.getUploadURLExternal' },
    { method: 'files.completeUploadExternal' },
  ]).flat();

describe('rateFloor', () => {
  it('is zero when every budget holds the calls at once', () => {
    expect(rateFloor([...posts('C1', 5), ...posts('C2', 1), ...uploads(100)]).ms).toBe(0);
  });

  it('takes a second for each post in one channel beyond its burst', () => {
    const floor = rateFloor([...posts('C1', 10), ...posts('C2', 7)]);
    expect(floor.ms).toBeCloseTo(5_000);
    expect(floor.boundBy).toContain('C1');
  });

  it('takes Tier 4 uploads at 100 a minute once a minute’s worth is spent', () => {
    const floor = rateFloor([...posts('C1', 1), ...uploads(250)]);
    expect(floor.ms).toBeCloseTo(90_000);
    expect(floor.boundBy).toMatch(/^files\./);
  });

  it('adds a workspace-wide budget for chat.postMessage only when one is given', () => {
    const many = Array.from({ length: 1_000 }, (_, i) => posts(`C${i}`, 1)).flat();
    expect(rateFloor(many).ms).toBe(0);
    expect(rateFloor(many, { perMinute: 600, burst: 150 }).ms).toBeCloseTo(85_000);
  });
});

describe('queueFloor', () => {
  it('lets a tier-full burst go at once, then serves the rest in order at the tier’s rate', () => {
    // views.publish: Tier 4, 100 a minute with a minute's worth at once.
    const waits = queueFloor('views.publish', Array(102).fill(0));
    expect(waits.slice(0, 100)).toEqual(Array(100).fill(0));
    expect(waits[100]).toBeCloseTo(600);
    expect(waits[101]).toBeCloseTo(1_200);
  });

  it('waits nothing for openers the tier refills in time for', () => {
    const spaced = Array.from({ length: 300 }, (_, i) => i * 600);
    expect(Math.max(...queueFloor('views.publish', spaced))).toBe(0);
  });
});
