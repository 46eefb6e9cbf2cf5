import { describe, expect, it } from 'vitest';
import { doublingDelay } from '../src/retry-delay.ts';

describe('doublingDelay', () => {
  it('starts at the first wait, doubles each retry and stops at the cap', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => doublingDelay(2_000, 60_000, n))).toEqual([
      2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000,
    ]);
  });
});
