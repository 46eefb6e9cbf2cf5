// Statements are written once with named parameters; each driver gets its own numbered placeholders.
import { describe, expect, it } from 'vitest';
import { compiler } from '../../../src/store/db.ts';

describe('statement compiler', () => {
  it('numbers each name once, in order of first use, for pg and for SQLite', () => {
    const sql = 'UPDATE t SET a = :a, b = :b WHERE a = :a';
    expect(compiler('$')(sql, { a: 1, b: 'x' })).toEqual({
      text: 'UPDATE t SET a = $1, b = $2 WHERE a = $1',
      values: [1, 'x'],
    });
    expect(compiler('?')(sql, { b: 'x', a: 1 }).text).toBe('UPDATE t SET a = ?1, b = ?2 WHERE a = ?1');
  });

  it('leaves casts and times alone, sends an absent value as NULL, and refuses a missing name', () => {
    const compile = compiler('$');
    expect(compile("SELECT :v::bigint, '09:30' WHERE x = :w", { v: undefined, w: 2 })).toEqual({
      text: "SELECT $1::bigint, '09:30' WHERE x = $2",
      values: [null, 2],
    });
    expect(() => compile('SELECT :missing', {})).toThrow('the statement needs a value for :missing');
  });
});
