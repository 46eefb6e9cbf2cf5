import { describe, expect, it } from 'vitest';
import { findMetric } from '../../src/features/watches/watchable.ts';
import { didYouMean, nearWords } from '../../src/text/did-you-mean.ts';
import {
  indexLabel,
  looksLikeIndexId,
  nearPeriods,
  periodOf,
  plainIndexLabel,
} from '../../src/vector-index.ts';

describe('did you mean', () => {
  it('guesses words within two letters, closest first, and not from words too short to tell', () => {
    expect(nearWords('serach', ['search', 'stats', 'digest'])).toEqual(['search']);
    expect(nearWords('catalgo', ['catalog', 'catalogs', 'orders'])).toEqual(['catalog', 'catalogs']);
    expect(nearWords('ab', ['abc'])).toEqual([]);
    expect(nearWords('search', ['search'])).toEqual([]);
  });

  it('reads as one sentence, escaped, at most three guesses', () => {
    expect(didYouMean([])).toBe('');
    expect(didYouMean(['a<b', 'c', 'd', 'e'])).toBe(' Did you mean `a&lt;b` or `c` or `d`?');
  });
});

describe('a period as people type it', () => {
  it('is guessed from spellings and near misses that carry a number', () => {
    expect(nearPeriods('7days')).toEqual(['7d']);
    expect(nearPeriods('24h')).toEqual(['1d']);
    expect(nearPeriods('1 hour')).toEqual(['1h']);
    expect(nearPeriods('1w')).toEqual(['7d']);
    expect(nearPeriods('7dd')).toEqual(['7d']);
    expect(nearPeriods('yesterday')).toEqual([]);
  });

  it('is exact for the ways people say a period', () => {
    const said: [string, string][] = [
      ['7 days', '7d'],
      ['7days', '7d'],
      ['1 week', '7d'],
      ['week', '7d'],
      ['24h', '1d'],
      ['24 hours', '1d'],
      ['1 day', '1d'],
      ['72h', '3d'],
      ['30 days', '30d'],
      ['1 month', '30d'],
      ['1 hour', '1h'],
      ['60 minutes', '1h'],
      ['3 hrs', '3h'],
      ['12H', '12h'],
    ];
    for (const [typed, period] of said) {
      expect(periodOf(typed)).toBe(period);
      expect(nearPeriods(typed)).toEqual([period]);
    }
  });

  it('offers the periods a duration falls between when it is none of them', () => {
    expect(nearPeriods('2h')).toEqual(['1h', '3h']);
    expect(nearPeriods('2 days')).toEqual(['1d', '3d']);
    expect(nearPeriods('2w')).toEqual(['7d', '30d']);
    expect(nearPeriods('90 days')).toEqual(['30d']);
    expect(nearPeriods('30 minutes')).toEqual(['1h']);
    expect(nearPeriods('7')).toEqual(['7d']);
    expect(nearPeriods('3')).toEqual(['3h', '3d']);
    for (const typed of ['2w', '2 days', '7', 'idx-1', 'd', 'catalog'])
      expect(periodOf(typed)).toBeUndefined();
  });

  it('is said as one "Did you mean" sentence', () => {
    expect(didYouMean(nearPeriods('2 days'))).toBe(' Did you mean `1d` or `3d`?');
  });
});

describe('an index as every message shows it', () => {
  const uuid = '0d6f3f5e-1111-4a2b-8c3d-9e8f7a6b5c4d';
  it('is the name in bold with the start of its id, or the whole id without a name', () => {
    expect(indexLabel(uuid, 'catalog')).toBe('*catalog* (`0d6f3f5e…`)');
    expect(indexLabel('idx-1', 'catalog')).toBe('*catalog* (`idx-1`)');
    expect(indexLabel(uuid, null)).toBe(`\`${uuid}\``);
    expect(plainIndexLabel(uuid, 'catalog')).toBe('catalog (0d6f3f5e…)');
    expect(plainIndexLabel(uuid, undefined)).toBe(uuid);
  });
});

describe('text that looks like an index id', () => {
  it('has a digit, a capital or an id-only character; a name-like word does not', () => {
    for (const id of ['idx-1', '0d6f3f5e-1111-4a2b-8c3d-9e8f7a6b5c4d', 'Catalog', 'a.b', 'team:x'])
      expect(looksLikeIndexId(id)).toBe(true);
    for (const name of ['nosuch-index', 'product-search', 'catalog'])
      expect(looksLikeIndexId(name)).toBe(false);
  });
});

describe('words that are also JavaScript property names', () => {
  it('are no period and no metric', () => {
    for (const word of ['__proto__', 'constructor', 'toString']) {
      expect(nearPeriods(word)).toEqual([]);
      expect(findMetric(word)).toBeUndefined();
    }
  });
});
