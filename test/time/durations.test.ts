import { describe, expect, it } from 'vitest';
import { durationAsTyped, parseDuration } from '../../src/time/durations.ts';

describe('durationAsTyped', () => {
  it('writes a length of time the way parseDuration reads it, in hours at most', () => {
    const typed = [30 * 60_000, 2 * 3_600_000, 45_000, 48 * 3_600_000, 90_000].map(durationAsTyped);
    expect(typed).toEqual(['30m', '2h', '45s', '48h', '90s']);
    expect(typed.map(parseDuration)).toEqual([30 * 60_000, 2 * 3_600_000, 45_000, 48 * 3_600_000, 90_000]);
  });
});
