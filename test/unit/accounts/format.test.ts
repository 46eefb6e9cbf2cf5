import { describe, expect, it } from 'vitest';
import {
  formatAmount,
  formatBytes,
  formatCount,
  formatMillis,
  formatSeconds,
  formatWhen,
  INT32_MAX,
} from '../../../src/accounts/format.ts';

describe('formatCount', () => {
  it('separates thousands', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(1_000)).toBe('1,000');
    expect(formatCount(600_000_000)).toBe('600,000,000');
  });
  it('reads INT32 max (and int64 max as JSON delivers it) as unlimited', () => {
    expect(formatCount(INT32_MAX)).toBe('unlimited');
    expect(formatCount(Number('9223372036854775807'))).toBe('unlimited');
    expect(formatCount(INT32_MAX - 1)).toBe('2,147,483,646');
  });
  it('keeps negatives and fractions readable', () => {
    expect(formatCount(-1)).toBe('-1');
    expect(formatCount(2.5)).toBe('2.5');
  });
});

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [512, '512 B'],
    [1023, '1,023 B'],
    [1024, '1 KiB'],
    [1_048_576, '1 MiB'],
    [10_485_760, '10 MiB'],
    [1_572_864, '1.5 MiB'],
    [1_000_000, '976.6 KiB'],
    [5 * 1024 ** 4, '5 TiB'],
    [INT32_MAX, 'unlimited'],
  ])('%d bytes read %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});

describe('durations', () => {
  it.each([
    [0, '0 seconds'],
    [1, '1 second'],
    [45, '45 seconds'],
    [900, '15 minutes'],
    [7_200, '2 hours'],
    [604_800, '7 days'],
    [31_536_000, '365 days'],
    [93_784, '1 day 2 hours 3 minutes 4 seconds'],
    [INT32_MAX, 'unlimited'],
  ])('%d seconds read %s', (seconds, text) => {
    expect(formatSeconds(seconds)).toBe(text);
  });

  it.each([
    [250, '250 ms'],
    [1_500, '1.5 seconds'],
    [60_000, '1 minute'],
    [604_800_000, '7 days'],
    [2_592_000_000, '30 days'],
    [INT32_MAX, 'unlimited'],
  ])('%d milliseconds read %s', (ms, text) => {
    expect(formatMillis(ms)).toBe(text);
  });

  it('does not pretend a negative value is a duration', () => {
    expect(formatSeconds(-5)).toBe('-5 s');
    expect(formatMillis(-5)).toBe('-5 ms');
  });
});

describe('formatAmount', () => {
  it('shows whole amounts without decimals and others with cents', () => {
    expect(formatAmount(180)).toBe('180');
    expect(formatAmount(2_499.5)).toBe('2,499.50');
    expect(formatAmount(10_000)).toBe('10,000');
  });
});

describe('formatWhen', () => {
  const now = Date.UTC(2026, 0, 15, 12, 0, 0);
  it('gives a relative and an absolute UTC time for Unix seconds', () => {
    expect(formatWhen(now / 1000 - 90 * 86_400, now)).toEqual({
      relative: '3 months ago',
      absolute: '17 Oct 2025 12:00 UTC',
    });
    expect(formatWhen(now / 1000 - 3_600, now)?.relative).toBe('about 1 hour ago');
  });
  it('says nothing for 0 or a timestamp no calendar can hold', () => {
    expect(formatWhen(0, now)).toBeUndefined();
    expect(formatWhen(1e300, now)).toBeUndefined();
    expect(formatWhen(Number.NaN, now)).toBeUndefined();
  });
});
