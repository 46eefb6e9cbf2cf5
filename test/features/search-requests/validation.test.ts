import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  nameProblem,
  type RequestForm,
  validateRequestForm,
} from '../../../src/features/search-requests/validation.ts';
import { NAME_MAX, NAME_RULE } from '../../../src/text/index-names.ts';

const valid: RequestForm = { name: 'product-search', region: 'eu-west-1', plan: 'payg', reason: 'catalogue' };

describe('validateRequestForm', () => {
  it('accepts a complete form and trims the text', () => {
    expect(validateRequestForm({ ...valid, name: '  product-search ', reason: ' catalogue\n' })).toEqual({
      ok: true,
      value: { name: 'product-search', region: 'eu-west-1', plan: 'payg', reason: 'catalogue' },
    });
  });

  it('puts each problem under its own field and says what is allowed', () => {
    const result = validateRequestForm({ name: '', region: null, plan: null, reason: '' });
    expect(result).toEqual({
      ok: false,
      errors: {
        search_name: `Give the index a name (${NAME_RULE})`,
        search_region: 'Choose a region: eu-west-1 or us-central1.',
        search_plan: 'Choose a plan: free or payg.',
        search_reason: 'Say why the index is needed — approvers decide on it.',
      },
    });
  });

  it('refuses regions and plans that are not on the lists (forged payloads)', () => {
    const result = validateRequestForm({ ...valid, region: 'ap-south-1', plan: 'enterprise' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors)).toEqual(['search_region', 'search_plan']);
  });

  it('answers the fixed plan with a clear sentence naming what is available', () => {
    const result = validateRequestForm({ ...valid, plan: 'fixed' });
    expect(result).toEqual({
      ok: false,
      errors: {
        search_plan: 'The fixed plan isn’t currently available — only free and payg (pay as you go) are.',
      },
    });
  });

  it('limits the reason to 500 characters', () => {
    const result = validateRequestForm({ ...valid, reason: 'x'.repeat(501) });
    expect(result).toEqual({
      ok: false,
      errors: { search_reason: 'Keep the reason under 500 characters (it has 501).' },
    });
  });
});

describe('nameProblem', () => {
  it.each(['abc', 'product-search', 'a1-b2', 'x'.repeat(NAME_MAX)])('accepts %s', (name) => {
    expect(nameProblem(name)).toBeUndefined();
  });

  it('says a short name is too short', () => {
    expect(nameProblem('ab')).toBe(`That name is too short. Use ${NAME_RULE}`);
  });

  it('counts the characters of a long name', () => {
    expect(nameProblem('a'.repeat(41))).toContain('That name has 41 characters, more than 40.');
  });

  it('suggests a valid name when the fix is mechanical', () => {
    expect(nameProblem('My Index')).toBe(`Names use ${NAME_RULE} Try “my-index”.`);
    expect(nameProblem('search_v2')).toContain('Try “search-v2”.');
    expect(nameProblem('products-')).toContain('Try “products”.');
  });

  it.each(['1index', '-index', 'über-index', 'a.b.c'])('refuses %s', (name) => {
    expect(nameProblem(name)).toMatch(/^Names use /);
  });

  it('never accepts a name outside the DNS-label character set, and every suggestion is valid', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 50 }), (name) => {
        const problem = nameProblem(name);
        if (problem === undefined) expect(name.trim()).toMatch(/^[a-z][a-z0-9-]{1,38}[a-z0-9]$/);
        const suggestion = problem === undefined ? undefined : /Try “(.*)”\.$/.exec(problem)?.[1];
        if (suggestion !== undefined) expect(nameProblem(suggestion)).toBeUndefined();
      }),
    );
  });
});
