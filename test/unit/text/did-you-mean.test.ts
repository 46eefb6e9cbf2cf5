import { describe, expect, it } from 'vitest';
import { didYouMean, nearWords } from '../../../src/text/did-you-mean.ts';

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
