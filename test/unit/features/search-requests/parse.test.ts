import { describe, expect, it } from 'vitest';
import { parseCreateArgs } from '../../../../src/features/search-requests/parse.ts';

describe('parseCreateArgs', () => {
  it('reads name, region and plan in the documented order', () => {
    expect(parseCreateArgs(['products', 'eu-west-1', 'free'])).toEqual({
      name: 'products',
      region: 'eu-west-1',
      plan: 'free',
      askedForFixed: false,
      ignored: [],
    });
  });

  it('reads them in any order, because region and plan values never overlap', () => {
    expect(parseCreateArgs(['payg', 'us-central1', 'catalogue'])).toMatchObject({
      name: 'catalogue',
      region: 'us-central1',
      plan: 'payg',
    });
    expect(parseCreateArgs(['US-CENTRAL1', 'FREE'])).toMatchObject({ region: 'us-central1', plan: 'free' });
  });

  it('leaves out what was not typed', () => {
    expect(parseCreateArgs([])).toEqual({ askedForFixed: false, ignored: [] });
    expect(parseCreateArgs(['eu-west-1'])).toEqual({
      region: 'eu-west-1',
      askedForFixed: false,
      ignored: [],
    });
  });

  it('notices `fixed` instead of prefilling a plan that is not available', () => {
    const prefill = parseCreateArgs(['products', 'fixed']);
    expect(prefill.askedForFixed).toBe(true);
    expect(prefill.plan).toBeUndefined();
    expect(prefill.name).toBe('products');
  });

  it('accepts pay-as-you-go for payg', () => {
    expect(parseCreateArgs(['pay-as-you-go']).plan).toBe('payg');
  });

  it('keeps the name as typed, so validation can say what is wrong with it', () => {
    expect(parseCreateArgs(['My_Index']).name).toBe('My_Index');
  });

  it('reports extra words and a second region or plan instead of guessing', () => {
    expect(parseCreateArgs(['a-name', 'other', 'eu-west-1', 'us-central1', 'free', 'payg'])).toEqual({
      name: 'a-name',
      region: 'eu-west-1',
      plan: 'free',
      askedForFixed: false,
      ignored: ['other', 'us-central1', 'payg'],
    });
  });

  it('does not take an unknown region as a region', () => {
    expect(parseCreateArgs(['ap-south-1'])).toMatchObject({ name: 'ap-south-1' });
    expect(parseCreateArgs(['ap-south-1']).region).toBeUndefined();
  });
});
