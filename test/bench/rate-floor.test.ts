// The floor items 6 and 7 set beside the digests' and alerts' times: Slack's budgets, each on its
// own, full at the start.
import { describe, expect, it } from 'vitest';
import { rateFloor } from '../../bench/harness/rate-floor.ts';

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
