import { describe, expect, it } from 'vitest';
import { LruMap } from '../../../../src/lru-map.ts';

describe('what Home remembers per person is bounded', () => {
  it('keeps at most its size, forgetting whoever was seen least recently', () => {
    const seen = new LruMap<string, number>(2);
    seen.set('U0ALICE', 1);
    seen.set('U0BOB', 2);
    expect(seen.get('U0ALICE')).toBe(1); // Alice looked again: Bob is now the least recent.
    seen.set('U0CAROL', 3);
    expect(seen.size).toBe(2);
    expect([...seen.entries()]).toEqual([
      ['U0ALICE', 1],
      ['U0CAROL', 3],
    ]);
    expect(seen.has('U0BOB')).toBe(false);
  });

  it('setting someone again moves them to the most recent end without growing', () => {
    const seen = new LruMap<string, number>(2);
    seen.set('U0ALICE', 1);
    seen.set('U0BOB', 2);
    seen.set('U0ALICE', 3);
    seen.set('U0CAROL', 4);
    expect([...seen.entries()].map(([user]) => user)).toEqual(['U0ALICE', 'U0CAROL']);
  });
});
