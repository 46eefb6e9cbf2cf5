import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  parseApiTimestamp,
  parseApiTimestampCarefully,
  parseFixedShapeTimestamp,
} from '../../src/api/timestamp.ts';

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** Strings of the spec's shape with every field allowed out of range, and some shapes just off it. */
const nearlyTimestamps = fc
  .record({
    year: fc.integer({ min: 0, max: 9999 }),
    month: fc.integer({ min: 0, max: 19 }),
    day: fc.integer({ min: 0, max: 39 }),
    hour: fc.integer({ min: 0, max: 29 }),
    minute: fc.integer({ min: 0, max: 69 }),
    second: fc.integer({ min: 0, max: 69 }),
    fraction: fc.option(fc.stringMatching(/^\d{0,11}$/), { nil: undefined }),
    suffix: fc.constantFrom(' +0000 UTC', ' +0000 UTC', ' +0100 CET', ' +0000', 'Z', ' +0000 UTC '),
    // One character replaced, to reach the separators and the digits' neighbours.
    edit: fc.option(fc.tuple(fc.nat(40), fc.constantFrom('-', ':', ' ', '.', 'x', '٣', '0', '9')), {
      nil: undefined,
    }),
  })
  .map(({ year, month, day, hour, minute, second, fraction, suffix, edit }) => {
    const text =
      `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)} ${pad(hour, 2)}:${pad(minute, 2)}:${pad(second, 2)}` +
      `${fraction === undefined ? '' : `.${fraction}`}${suffix}`;
    if (edit === undefined) return text;
    const [at, char] = edit;
    return at < text.length ? text.slice(0, at) + char + text.slice(at + 1) : text;
  });

describe('the fixed-shape fast path of API timestamps', () => {
  it('agrees with the careful parser wherever it answers, and parseApiTimestamp always does', () => {
    fc.assert(
      fc.property(fc.oneof(nearlyTimestamps, fc.string({ maxLength: 45 })), (text) => {
        const careful = parseApiTimestampCarefully(text);
        const fast = parseFixedShapeTimestamp(text);
        if (fast !== undefined) expect(fast).toBe(careful);
        expect(parseApiTimestamp(text)).toBe(careful);
      }),
      { numRuns: 20_000 },
    );
  });

  it('answers by itself for the shapes the API sends, 0 to 9 fraction digits', () => {
    const at = Date.UTC(2024, 1, 29, 23, 59, 58, 123);
    expect(parseFixedShapeTimestamp('2024-02-29 23:59:58.123456789 +0000 UTC')).toBe(at);
    expect(parseFixedShapeTimestamp('2024-02-29 23:59:58.12 +0000 UTC')).toBe(at - 3);
    expect(parseFixedShapeTimestamp('2024-02-29 23:59:58 +0000 UTC')).toBe(at - 123);
    expect(parseFixedShapeTimestamp('2000-02-29 00:00:00.5 +0000 UTC')).toBe(
      Date.UTC(2000, 1, 29, 0, 0, 0, 500),
    );
  });

  it('rejects calendar days that do not exist, as the careful parser does', () => {
    for (const text of [
      '2023-02-29 00:00:00 +0000 UTC',
      '1900-02-29 00:00:00 +0000 UTC',
      '2024-04-31 00:00:00 +0000 UTC',
      '2024-02-29 23:59:58. +0000 UTC',
    ]) {
      expect(parseFixedShapeTimestamp(text), text).toBeUndefined();
      expect(parseApiTimestamp(text), text).toBeUndefined();
    }
  });

  it('leaves years before 100 to the careful parser, which rejects them', () => {
    expect(parseFixedShapeTimestamp('0024-01-01 00:00:00 +0000 UTC')).toBeUndefined();
    expect(parseApiTimestamp('0024-01-01 00:00:00 +0000 UTC')).toBeUndefined();
  });
});
