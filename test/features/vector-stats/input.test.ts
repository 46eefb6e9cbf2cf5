import { describe, expect, it } from 'vitest';
import { STATS_PERIODS } from '../../../src/api/index.ts';
import { decodeTarget, encodeTarget, parseStatsCommand } from '../../../src/features/vector-stats/input.ts';

describe('parseStatsCommand', () => {
  it('defaults the period to 1h', () => {
    expect(parseStatsCommand(['idx-1'])).toEqual({ ok: true, target: { indexId: 'idx-1', period: '1h' } });
  });

  it('accepts every period, in any case', () => {
    for (const period of STATS_PERIODS) {
      expect(parseStatsCommand(['idx-1', period.toUpperCase()])).toEqual({
        ok: true,
        target: { indexId: 'idx-1', period },
      });
    }
  });

  it('accepts UUIDs and dotted / underscored ids, keeping their case', () => {
    for (const id of ['9b2f6c1e-3d4a-4f5b-8c7d-1e2f3a4b5c6d', 'Prod_Index.v2', 'team:idx', 'a']) {
      expect(parseStatsCommand([id])).toMatchObject({ ok: true, target: { indexId: id } });
    }
  });

  it('takes the period and the index in either order', () => {
    const sevenDays = { ok: true, target: { indexId: 'idx-1', period: '7d' } };
    expect(parseStatsCommand(['7d', 'idx-1'])).toEqual(sevenDays);
    expect(parseStatsCommand(['idx-1', '7d'])).toEqual(sevenDays);
    expect(parseStatsCommand(['7', 'days', 'idx-1'])).toEqual({ ...sevenDays, periodTyped: '7 days' });
    // A near miss in front is still the period, refused as one (not blamed on the index).
    expect(parseStatsCommand(['7dd', 'idx-1'])).toEqual({ ok: false, problem: 'bad_period', given: '7dd' });
    // A period alone names no index.
    expect(parseStatsCommand(['7d'])).toEqual({ ok: false, problem: 'missing_id' });
  });

  it('reads a period as people write it, and keeps how it was written to say it back', () => {
    const cases: [string[], string][] = [
      [['7', 'days'], '7d'],
      [['7days'], '7d'],
      [['1', 'week'], '7d'],
      [['24h'], '1d'],
      [['30', 'days'], '30d'],
      [['1', 'hour'], '1h'],
      [['last', '3', 'hours'], '3h'],
      [['60m'], '1h'],
    ];
    for (const [period, meant] of cases)
      expect(parseStatsCommand(['idx-1', ...period])).toEqual({
        ok: true,
        target: { indexId: 'idx-1', period: meant },
        periodTyped: period.filter((w) => w !== 'last').join(' '),
      });
  });

  it('refuses a duration that is no period, as the period', () => {
    expect(parseStatsCommand(['idx-1', '2', 'days'])).toEqual({
      ok: false,
      problem: 'bad_period',
      given: '2 days',
    });
    expect(parseStatsCommand(['idx-1', '7'])).toEqual({ ok: false, problem: 'bad_period', given: '7' });
  });

  it('names what is wrong', () => {
    expect(parseStatsCommand([])).toEqual({ ok: false, problem: 'missing_id' });
    expect(parseStatsCommand(['idx-1', '2w'])).toEqual({ ok: false, problem: 'bad_period', given: '2w' });
    expect(parseStatsCommand(['idx-1', '7d', 'please'])).toEqual({
      ok: false,
      problem: 'extra_args',
      given: 'please',
    });
    for (const id of ['../admin', '<!channel>', '-leading-dash', 'x'.repeat(65), 'a/b', 'idx?x=1']) {
      expect(parseStatsCommand([id])).toEqual({ ok: false, problem: 'bad_id', given: id });
    }
  });
});

describe('action values', () => {
  it('round-trip index id and period, and fit a select option value (75)', () => {
    const target = { indexId: 'x'.repeat(64), period: '30d' as const };
    const value = encodeTarget(target);
    expect(value.length).toBeLessThanOrEqual(75);
    expect(decodeTarget(value)).toEqual(target);
    expect(decodeTarget(encodeTarget({ indexId: 'team:idx', period: '7d' }))).toEqual({
      indexId: 'team:idx',
      period: '7d',
    });
  });

  it('rejects anything else', () => {
    for (const value of [undefined, 42, '', 'idx-1', '2w:idx-1', '7d:', '7d:../x']) {
      expect(decodeTarget(value)).toBeUndefined();
    }
  });
});
