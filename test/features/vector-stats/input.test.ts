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
