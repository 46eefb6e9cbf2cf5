import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ACCOUNT_PRESETS,
  type ManagementApiSimulator,
  makeMessagingAccounts,
  secretValuesOf,
  startManagementApiSimulator,
} from '../../../../src/sim/mgmt/index.ts';
import { readAccounts, readIndex } from '../../../support/api-records.ts';
import { eventually } from '../../../support/poll.ts';

const PASSWORD = 'fake-sim-password-0002';
const AUTH = `Basic ${Buffer.from(`sim-user:${PASSWORD}`).toString('base64')}`;
const NOW = Date.UTC(2024, 4, 15, 13, 37, 42, 123);

let sim: ManagementApiSimulator;
beforeAll(async () => {
  sim = await startManagementApiSimulator({ username: 'sim-user', password: PASSWORD, now: () => NOW });
});
afterAll(async () => {
  await sim.close();
});
beforeEach(() => {
  sim.reset();
});

async function call(method: string, path: string, body?: unknown, auth: string | null = AUTH) {
  const res = await fetch(`${sim.url}${path}`, {
    method,
    headers: { ...(auth === null ? {} : { authorization: auth }), 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, text, retryAfter: res.headers.get('retry-after') };
}

describe('authentication', () => {
  it.each([
    ['missing', null],
    ['wrong password', `Basic ${Buffer.from('sim-user:nope').toString('base64')}`],
    ['wrong scheme', `Bearer ${PASSWORD}`],
  ])('%s credentials get 401 on every route', async (_label, auth) => {
    for (const [method, path] of [
      ['POST', '/v2/search'],
      ['GET', '/v2/messaging/users'],
      ['GET', '/v2/vector/index/idx-1/stats'],
    ] as const) {
      const res = await call(
        method,
        path,
        method === 'POST' ? { name: 'a', region: 'eu-west-1', type: 'free' } : undefined,
        auth,
      );
      expect(res, path).toMatchObject({ status: 401, text: '{"error":"unauthorized"}' });
    }
    expect(sim.created).toEqual([]);
    expect(sim.requests.every((r) => !r.authorized)).toBe(true);
  });
});

describe('POST /v2/search', () => {
  it.each([
    [{ region: 'eu-west-1', type: 'free' }, 'name is required'],
    [{ name: '  ', region: 'eu-west-1', type: 'free' }, 'name is required'],
    [{ name: 'a', region: 'mars-1', type: 'free' }, 'region must be one of eu-west-1, us-central1'],
    [{ name: 'a', region: 'eu-west-1', type: 'gold' }, 'type must be one of free, payg, fixed'],
    [{ name: 'a', region: 'eu-west-1', type: 'fixed' }, 'fixed plan is not currently available'],
    ['not json', 'request body must be a JSON object'],
  ])('%j -> 400 %s', async (body, error) => {
    expect(await call('POST', '/v2/search', body)).toMatchObject({
      status: 400,
      text: JSON.stringify({ error }),
    });
    expect(sim.created).toEqual([]);
    expect(sim.createCalls).toHaveLength(1);
  });

  it('creates a record per call with fresh secrets, recorded in createCalls', async () => {
    const a = JSON.parse(
      (await call('POST', '/v2/search', { name: 'Shop Items!', region: 'us-central1', type: 'payg' })).text,
    );
    const b = JSON.parse(
      (await call('POST', '/v2/search', { name: 'Shop Items!', region: 'us-central1', type: 'payg' })).text,
    );
    expect(() => readIndex(a)).not.toThrow();
    expect(a.endpoint).toBe('https://shop-items-us-central1-search.example.net');
    expect(a.customer_id).toBe('sim-user');
    expect(a.creation_time).toBe(Math.floor(NOW / 1000));
    expect(a).toMatchObject({ max_monthly_reranks: -1, max_daily_updates: -1, max_daily_queries: -1 });
    expect(a.throughput_vector[0]).toEqual({ x: '2024-05-15 12:38:00.000 +0000 UTC', y: 0 });
    expect(new Set([a.id, b.id]).size).toBe(2);
    expect(new Set([a.token, a.read_only_token, b.token, b.read_only_token]).size).toBe(4);
    expect(sim.createCalls).toHaveLength(2);
    expect(sim.secretsHandedOut()).toEqual(expect.arrayContaining([a.token, b.read_only_token, PASSWORD]));
  });
});

describe('GET /v2/messaging/users', () => {
  it('serves the default accounts, valid against the client schema', async () => {
    const res = await call('GET', '/v2/messaging/users');
    const list = readAccounts(JSON.parse(res.text));
    expect(list.unreadable).toBe(0);
    expect(list.accounts).toHaveLength(Object.keys(ACCOUNT_PRESETS).length);
  });

  it('serves whatever accounts are set, until reset', async () => {
    sim.accounts = [];
    expect((await call('GET', '/v2/messaging/users')).text).toBe('[]');
    sim.reset();
    expect(JSON.parse((await call('GET', '/v2/messaging/users')).text)).toHaveLength(7);
  });
});

describe('fault injection', () => {
  it('applies a fault the given number of times, then answers normally', async () => {
    sim.fail('accounts', { status: 429, retryAfter: '3', body: 'slow down' }, { times: 2 });
    expect(await call('GET', '/v2/messaging/users')).toEqual({
      status: 429,
      text: 'slow down',
      retryAfter: '3',
    });
    expect(await call('GET', '/v2/messaging/users')).toMatchObject({ status: 429 });
    expect(await call('GET', '/v2/messaging/users')).toMatchObject({ status: 200 });
  });

  it('"*" matches every route, and faults stay until reset without a count', async () => {
    sim.fail('*', { status: 502 });
    for (let i = 0; i < 3; i++) {
      expect(await call('GET', '/v2/vector/index/idx-1/stats')).toMatchObject({
        status: 502,
        text: '{"error":"bad gateway"}',
      });
      expect(await call('POST', '/v2/search', {})).toMatchObject({ status: 502 });
    }
    sim.reset();
    expect(await call('GET', '/v2/vector/index/idx-1/stats')).toMatchObject({ status: 200 });
  });

  it('malformed JSON breaks the body right at a secret', async () => {
    sim.fail('accounts', { malformedJson: true }, { times: 1 });
    const { status, text } = await call('GET', '/v2/messaging/users');
    expect(status).toBe(200);
    expect(() => JSON.parse(text)).toThrow(SyntaxError);
    expect(text).toMatch(/":fake-msg-/);
  });

  it('a hung request is torn down by close()', async () => {
    const own = await startManagementApiSimulator({ username: 'u', password: 'fake-p-123' });
    own.fail('accounts', { hang: true });
    const pending = fetch(`${own.url}/v2/messaging/users`).then(
      () => 'answered',
      () => 'connection closed',
    );
    await eventually(() => own.requests.length > 0, 'the hanging request to arrive');
    await own.close();
    expect(await pending).toBe('connection closed');
  });

  it('resetConnection drops the connection without an answer', async () => {
    sim.fail('stats', { resetConnection: true }, { times: 1 });
    await expect(
      fetch(`${sim.url}/v2/vector/index/idx-1/stats`, { headers: { authorization: AUTH } }),
    ).rejects.toThrow();
    expect(sim.statsCalls).toEqual([{ id: 'idx-1', period: null }]);
  });
});

describe('accounts factory and secrets', () => {
  it('makeMessagingAccounts(n) makes n valid accounts with unique secrets', () => {
    const accounts = makeMessagingAccounts(50);
    expect(readAccounts(accounts).unreadable).toBe(0);
    const secrets = secretValuesOf(accounts);
    // password + token each, plus read-only and signing extras on the extraSecrets preset.
    expect(secrets.length).toBeGreaterThanOrEqual(100);
    expect(new Set(secrets).size).toBe(secrets.length);
  });

  it('secretValuesOf finds secrets at any depth and nothing else', () => {
    const extra = ACCOUNT_PRESETS.extraSecrets();
    const found = secretValuesOf([extra]);
    const signing = extra.signing_keys as { current: string; next: string };
    expect(found.sort()).toEqual(
      [
        extra.password,
        extra.token,
        extra.read_only_password,
        extra.read_only_token,
        signing.current,
        signing.next,
      ].sort(),
    );
    expect(found).not.toContain(extra.customer_id);
  });

  it('the presets cover the shapes the spec allows', () => {
    expect(ACCOUNT_PRESETS.enterprise()).toMatchObject({
      reserved_type: 'enterprise:acme-42',
      enterprise: { enabled: true },
    });
    expect(ACCOUNT_PRESETS.fixed().reserved_type).toBe('messaging_fixed_10m');
    expect(ACCOUNT_PRESETS.suspending().modifying_state).toBe('suspended');
    expect(ACCOUNT_PRESETS.unknownState().state).toBe('migrating');
    expect('enterprise' in ACCOUNT_PRESETS.paid()).toBe(false);
    expect('reserved_type' in ACCOUNT_PRESETS.extraSecrets()).toBe(false);
  });
});
