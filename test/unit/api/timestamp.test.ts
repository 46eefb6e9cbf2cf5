import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseApiTimestamp } from '../../../src/api/timestamp.ts';

/** Go's time.Time.String() of an instant, with `digits` fraction digits (Go trims zeros). */
function goString(ms: number, digits: number): string {
  const iso = new Date(ms).toISOString();
  const fraction = `${iso.slice(20, 23)}000000`.slice(0, digits);
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}${digits > 0 ? `.${fraction}` : ''} +0000 UTC`;
}

describe('API timestamps', () => {
  it('reads every instant the API can write, with 0 to 9 fraction digits', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(2200, 0, 1) }),
        fc.integer({ min: 0, max: 9 }),
        (ms, digits) => {
          const kept = digits >= 3 ? ms : ms - (ms % 10 ** (3 - digits));
          expect(parseApiTimestamp(goString(ms, digits))).toBe(kept);
        },
      ),
    );
  });

  it('reads the shapes the API sends', () => {
    const at = Date.UTC(2024, 1, 29, 23, 59, 58, 123);
    expect(parseApiTimestamp('2024-02-29 23:59:58.123456789 +0000 UTC')).toBe(at);
    expect(parseApiTimestamp('2024-02-29 23:59:58.12 +0000 UTC')).toBe(at - 3);
    expect(parseApiTimestamp('2024-02-29 23:59:58 +0000 UTC')).toBe(at - 123);
    expect(parseApiTimestamp('2000-02-29 00:00:00.5 +0000 UTC')).toBe(Date.UTC(2000, 1, 29, 0, 0, 0, 500));
  });

  it('rejects calendar days that do not exist, other zones and other shapes', () => {
    for (const text of [
      '2023-02-29 00:00:00 +0000 UTC',
      '1900-02-29 00:00:00 +0000 UTC',
      '2024-04-31 00:00:00 +0000 UTC',
      '2024-02-29 23:59:58. +0000 UTC',
      '2024-02-29 24:00:00 +0000 UTC',
      '2024-02-29 23:59:58 +0100 CET',
      '2024-02-29T23:59:58Z',
      '0024-01-01 00:00:00 +0000 UTC',
      '2024-02-29 23:59:58.1234567890 +0000 UTC',
      '2024-2-29 23:59:58 +0000 UTC',
      '2024-02-29 23:59:58 +0000 UTC ',
      '2024-02-29 23:5a:58 +0000 UTC',
    ]) {
      expect(parseApiTimestamp(text), text).toBeUndefined();
    }
  });
});
