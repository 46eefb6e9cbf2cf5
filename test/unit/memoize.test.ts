import { describe, expect, it } from 'vitest';
import { memoize } from '../../src/memoize.ts';

describe('memoize', () => {
  it('shares one call per key, failures included', async () => {
    let calls = 0;
    const load = memoize(
      (id: string) => id,
      async (id: string) => {
        calls += 1;
        if (id === 'bad') throw new Error('nope');
        return id.length;
      },
    );
    expect(await Promise.all([load('abc'), load('abc'), load('de')])).toEqual([3, 3, 2]);
    await expect(load('bad')).rejects.toThrow('nope');
    await expect(load('bad')).rejects.toThrow('nope');
    expect(calls).toBe(3);
  });

  it('keeps at most `max` answers when told, forgetting the least recently asked', async () => {
    const asked: string[] = [];
    const load = memoize(
      (id: string) => id,
      async (id: string) => {
        asked.push(id);
        return id;
      },
      2,
    );
    for (const id of ['a', 'b', 'a', 'c', 'a', 'b']) await load(id);
    // 'b' was the least recently asked when 'c' came, so it is read again; 'a' never is.
    expect(asked).toEqual(['a', 'b', 'c', 'b']);
  });
});
