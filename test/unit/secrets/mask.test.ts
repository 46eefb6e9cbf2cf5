import { describe, expect, it } from 'vitest';
import { maskSecret } from '../../../src/secrets/index.ts';

describe('maskSecret', () => {
  it('shows dots and the last four characters of a long secret', () => {
    expect(maskSecret('fake-token-0000ab12')).toBe('••••ab12');
  });

  it('reveals nothing of a short secret, where four characters would be a large part of it', () => {
    expect(maskSecret('abcdefghijk')).toBe('••••');
    expect(maskSecret('abc')).toBe('••••');
    expect(maskSecret('')).toBe('••••');
  });

  it('starts revealing at twelve characters', () => {
    expect(maskSecret('abcdefghijkl')).toBe('••••ijkl');
  });

  it('never splits a character made of two code units', () => {
    expect(maskSecret('fake-token-xx-🔑🔑🔑🔑')).toBe('••••🔑🔑🔑🔑');
  });
});
