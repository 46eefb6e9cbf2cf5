import { describe, expect, it } from 'vitest';
import {
  defineAllowlist,
  looksSecret,
  MESSAGING_ACCOUNT_ALLOWLIST,
  pickAllowed,
} from '../../../src/secrets/index.ts';
import { ACCOUNT_PRESETS, secretValuesOf } from '../../../src/sim/mgmt/index.ts';
import { readAccounts } from '../../support/api-records.ts';

describe('pickAllowed', () => {
  it('keeps only the named top-level fields (list form)', () => {
    const record = { name: 'orders', region: 'eu-west-1', token: 'fake-token-1234567890', extra: 'x' };
    expect(pickAllowed(record, ['name', 'region'])).toEqual({ name: 'orders', region: 'eu-west-1' });
  });

  it('keeps nested fields only where the allowlist names them', () => {
    const record = { plan: { enabled: true, license_key: 'fake-key-abcdef' }, id: 'a' };
    expect(pickAllowed(record, { id: true, plan: { enabled: true } })).toEqual({
      id: 'a',
      plan: { enabled: true },
    });
  });

  it('drops an object named as a leaf: it could carry anything', () => {
    const record = { enterprise: { enabled: true, api_secret: 'fake-secret-123' }, id: 'a' };
    expect(pickAllowed(record, ['enterprise', 'id'])).toEqual({ id: 'a' });
  });

  it('keeps lists of primitives, and lists of objects only through a nested allowlist', () => {
    const record = {
      tags: ['a', 'b', { hidden: 'fake-secret' }],
      points: [{ x: '2025-01-01', y: 1, token: 'fake-token-abc' }, 'junk'],
    };
    expect(pickAllowed(record, { tags: true, points: { x: true, y: true } })).toEqual({
      tags: ['a', 'b'],
      points: [{ x: '2025-01-01', y: 1 }],
    });
  });

  it('ignores absent fields and inherited ones', () => {
    const proto = { inherited: 'from prototype' };
    const record = Object.assign(Object.create(proto), { own: 1 }) as { own: number; inherited: string };
    expect(pickAllowed(record, ['own', 'inherited'])).toEqual({ own: 1 });
    expect(pickAllowed({ a: 1 } as { a: number; b?: number }, ['a', 'b'])).toEqual({ a: 1 });
  });

  it('keeps null, false, 0 and the empty string as they are', () => {
    const record = { a: null, b: false, c: 0, d: '' };
    expect(pickAllowed(record, ['a', 'b', 'c', 'd'])).toEqual(record);
  });

  it('returns a copy: changing it leaves the record alone', () => {
    const record = { a: 1 };
    const picked = pickAllowed(record, ['a']) as { a: number };
    picked.a = 2;
    expect(record.a).toBe(1);
  });
});

describe('defineAllowlist', () => {
  it('refuses a secret-looking field at any depth, naming it', () => {
    expect(() => defineAllowlist({ id: true, read_only_token: true })).toThrow(/read_only_token/);
    expect(() => defineAllowlist({ id: true, enterprise: { apiKey: true } })).toThrow(/enterprise\.apiKey/);
  });

  it('accepts a limit named after tokens', () => {
    expect(() => defineAllowlist({ max_completion_tokens_per_day: true })).not.toThrow();
  });

  it.each([
    ['token', true],
    ['read_only_token', true],
    ['password', true],
    ['read_only_password', true],
    ['signing_keys', true],
    ['internal_api_key', true],
    ['apiKey', true],
    ['client_secret', true],
    ['api_tokens', true],
    ['max_completion_tokens_per_minute', false],
    ['customer_id', false],
    ['keyboard_layout', false],
    ['monitoring_enabled', false],
  ])('looksSecret(%s) is %s', (field, expected) => {
    expect(looksSecret(field)).toBe(expected);
  });
});

describe('MESSAGING_ACCOUNT_ALLOWLIST', () => {
  // Every field the client reads from an account (the credentials never among them).
  const readFields = Object.keys(readAccounts([ACCOUNT_PRESETS.enterprise()]).accounts[0] ?? {}).filter(
    (f) => f !== 'secretHints',
  );

  it('names every field of spec 2.3 the client reads, and the client reads no credential', () => {
    expect(Object.keys(MESSAGING_ACCOUNT_ALLOWLIST).sort()).toEqual([...readFields].sort());
    expect(readFields).not.toContain('password');
    expect(readFields).not.toContain('token');
  });

  it('leaves no secret in any preset, the one with unnamed secret fields included', () => {
    for (const make of Object.values(ACCOUNT_PRESETS)) {
      const record = make();
      expect(secretValuesOf(record).length).toBeGreaterThanOrEqual(2);
      const picked = pickAllowed(record, MESSAGING_ACCOUNT_ALLOWLIST);
      const text = JSON.stringify(picked);
      for (const secret of secretValuesOf(record)) expect(text).not.toContain(secret);
      expect(Object.keys(picked)).not.toContain('feature_flags');
    }
  });

  it('keeps the enterprise flag and nothing else of that object', () => {
    const record = ACCOUNT_PRESETS.enterprise({
      enterprise: { enabled: false, sso_secret: 'fake-sso-secret' },
    });
    expect(pickAllowed(record, MESSAGING_ACCOUNT_ALLOWLIST).enterprise).toEqual({ enabled: false });
  });
});
