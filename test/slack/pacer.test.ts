import { describe, expect, it } from 'vitest';
import { createLimiter, forEachBounded } from '../../src/limiter.ts';
import { createPacer } from '../../src/slack/pacer.ts';

describe('pacer', () => {
  function fakeTime() {
    let t = 0;
    const slept: number[] = [];
    return {
      now: () => t,
      slept,
      sleep: async (ms: number) => {
        slept.push(ms);
        t += ms;
      },
    };
  }

  it('lets a burst through, then holds the workspace rate', async () => {
    const time = fakeTime();
    const pacer = createPacer({
      perMinute: 60,
      burst: 3,
      perChannelGapMs: 0,
      now: time.now,
      sleep: time.sleep,
    });
    for (let i = 0; i < 5; i++) await pacer.take(`C${i}`);
    // 3 at once, then one per second.
    expect(time.now()).toBe(2_000);
  });

  it('says how much of the burst is in hand, refilled with time', async () => {
    const time = fakeTime();
    const pacer = createPacer({ perMinute: 60, burst: 3, perChannelGapMs: 0, ...time });
    expect(pacer.spare()).toBe(3);
    await pacer.take('C1');
    await pacer.take('C2');
    expect(pacer.spare()).toBe(1);
    await time.sleep(1_500);
    expect(pacer.spare()).toBe(2.5);
    await time.sleep(60_000);
    expect(pacer.spare()).toBe(3);
  });

  it('still keeps a channel’s gap after posts to thousands of other channels', async () => {
    const time = fakeTime();
    // No workspace limit to speak of: only the channels' gaps.
    const pacer = createPacer({ perMinute: 6e6, burst: 1e4, perChannelGapMs: 1_100, ...time });
    await pacer.take('C0BUSY');
    for (let i = 0; i < 2_500; i++) await pacer.take(`C${i}`);
    const before = time.now();
    await pacer.take('C0BUSY');
    expect(time.now() - before).toBe(1_100);
  });

  it('keeps a second between two posts in one channel', async () => {
    const time = fakeTime();
    const pacer = createPacer({
      perMinute: 6_000,
      burst: 100,
      perChannelGapMs: 1_100,
      now: time.now,
      sleep: time.sleep,
    });
    await pacer.take('C1');
    await pacer.take('C2');
    expect(time.now()).toBe(0);
    await pacer.take('C1');
    expect(time.now()).toBe(1_100);
  });

  it('never holds other channels back while one waits for its gap', async () => {
    const pacer = createPacer({ perMinute: 6_000, burst: 100, perChannelGapMs: 200 });
    await pacer.take('C1');
    const order: string[] = [];
    await Promise.all([
      pacer.take('C1').then(() => order.push('C1 again')),
      pacer.take('C2').then(() => order.push('C2')),
      pacer.take('C3').then(() => order.push('C3')),
    ]);
    // C1's second post waits its gap; C2 and C3, asked after it, go first.
    expect(order).toEqual(['C2', 'C3', 'C1 again']);
  });

  it('gives up waiting when aborted', async () => {
    const pacer = createPacer({ perMinute: 1, burst: 1, perChannelGapMs: 0 });
    await pacer.take('C1');
    const stop = new AbortController();
    const waiting = pacer.take('C2', stop.signal);
    stop.abort(new Error('stopping'));
    await expect(waiting).rejects.toThrow('stopping');
  });
});

describe('limiter', () => {
  it('never runs more than the limit at once, and finishes everything', async () => {
    const limit = createLimiter(4);
    let active = 0;
    let peak = 0;
    const done: number[] = [];
    await forEachBounded(
      Array.from({ length: 30 }, (_, i) => i),
      30,
      (i) =>
        limit(async () => {
          active += 1;
          peak = Math.max(peak, active);
          await new Promise((r) => setTimeout(r, 1));
          active -= 1;
          done.push(i);
        }),
    );
    expect(peak).toBe(4);
    expect(done).toHaveLength(30);
  });
});
