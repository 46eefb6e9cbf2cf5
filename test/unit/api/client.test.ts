import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DAILY_SERIES_NAMES, parseApiTimestamp, SERIES_NAMES } from '../../../src/api/index.ts';
import { ACCOUNT_PRESETS, makeMessagingAccount } from '../../../src/sim/mgmt/index.ts';
import { type Harness, NOW, startHarness } from './helpers.ts';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

describe('createSearchIndex', () => {
  it('sends the body with Basic auth and returns the parsed record', async () => {
    const index = await h.client.createSearchIndex({ name: 'products', region: 'eu-west-1', type: 'free' });

    expect(h.sim.createCalls).toEqual([{ name: 'products', region: 'eu-west-1', type: 'free' }]);
    expect(h.sim.requests).toEqual([
      { method: 'POST', path: '/v2/search', route: 'create', authorized: true },
    ]);
    expect(index).toMatchObject({
      name: 'products',
      region: 'eu-west-1',
      type: 'free',
      endpoint: 'https://products-eu-west-1-search.example.net',
      partner_email: '',
      max_vector_count: 10_000,
      creation_time: Math.floor(NOW / 1000),
      input_enrichment_enabled: false,
    });
    expect(index.id).toBe(h.sim.created[0]?.id);
    // The token itself stops at the API boundary; a mask says it exists.
    expect(index).not.toHaveProperty('token');
    expect(index.secretHints.token).toBe(`••••${h.sim.created[0]?.token.slice(-4)}`);
    expect(index.throughput_vector).toHaveLength(60);
    const lastMinute = Math.floor(NOW / 60_000) * 60_000;
    expect(index.throughput_vector.at(-1)).toEqual({
      x: '2024-05-15 13:37:00.000 +0000 UTC',
      at: lastMinute,
      y: 0,
    });
  });

  it('returns -1 (unlimited) limits for a pay-as-you-go index', async () => {
    const index = await h.client.createSearchIndex({ name: 'logs', region: 'us-central1', type: 'payg' });
    expect(index.max_daily_queries).toBe(-1);
    expect(index.max_monthly_bandwidth).toBe(-1);
    expect(index.max_query_per_second).toBeGreaterThan(0);
  });
});

describe('listMessagingAccounts', () => {
  it('returns every account with the fields the spec allows to vary', async () => {
    const { accounts, unreadable } = await h.client.listMessagingAccounts();
    expect(unreadable).toBe(0);
    expect(accounts.map((a) => a.id)).toEqual(h.sim.accounts.map((a) => a.id));

    const enterprise = accounts.find((a) => a.reserved_type?.startsWith('enterprise:'));
    expect(enterprise?.enterprise).toEqual({ enabled: true });
    expect(accounts.find((a) => a.reserved_type === 'messaging_fixed_10m')?.reserved_price).toBe(180);
    expect(accounts.find((a) => a.modifying_state === 'suspended')).toBeDefined();
    expect(accounts.map((a) => a.state)).toContain('migrating');
    expect(accounts.every((a) => a.monitoring_enabled === 'true' || a.monitoring_enabled === 'false')).toBe(
      true,
    );
    // reserved_type may be absent; credential-looking fields the spec doesn't name are dropped, masked.
    const extra = accounts.find((a) => a.secretHints.read_only_password !== undefined);
    expect(extra?.reserved_type).toBeUndefined();
    expect(extra?.secretHints.read_only_password).toMatch(/^••••/);
    expect(JSON.stringify(extra)).not.toContain('feature_flags');
  });

  it('returns accounts set on the simulator', async () => {
    h.sim.accounts = [
      ACCOUNT_PRESETS.paid({ customer_id: 'T012345' }),
      makeMessagingAccount({ max_topics: 3 }),
    ];
    const { accounts } = await h.client.listMessagingAccounts();
    expect(accounts.map((a) => [a.customer_id, a.type, a.max_topics])).toEqual([
      ['T012345', 'paid', 1_000],
      [h.sim.accounts[1]?.customer_id, 'free', 3],
    ]);
  });
});

describe('getVectorIndexStats', () => {
  it('defaults to 1h: 60 points a minute apart, ending on the current minute', async () => {
    // idx-2 sends its per-day series in the spec's shape (a point per step), like the others.
    const stats = await h.client.getVectorIndexStats('idx-2');
    expect(h.sim.statsCalls).toEqual([{ id: 'idx-2', period: '1h' }]);
    const lastMinute = Math.floor(NOW / 60_000) * 60_000;
    for (const name of SERIES_NAMES) {
      const series = stats[name];
      expect(series, name).toHaveLength(60);
      expect(series.at(-1)?.at, name).toBe(lastMinute);
      const steps = series.slice(1).map((p, i) => p.at - (series[i]?.at ?? 0));
      expect(new Set(steps), name).toEqual(new Set([60_000]));
    }
    // "Current" is live; the last point is the start of this minute, so it can only be behind.
    expect(stats.current_vector_count).toBeGreaterThanOrEqual(stats.vector_count.at(-1)?.y ?? Infinity);
    expect(stats.days).toHaveLength(7);
  });

  it('parses 3-digit and 9-digit fractions to the same instants', async () => {
    const stats = await h.client.getVectorIndexStats('idx-2', '1d');
    const minute = stats.query_throughput[10];
    expect(minute?.x).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} \+0000 UTC$/);
    for (const name of DAILY_SERIES_NAMES) {
      const daily = stats[name][10];
      // e.g. "2024-05-14 14:12:00.000482913 +0000 UTC": the sub-millisecond digits don't move the instant.
      expect(daily?.x, name).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.000\d{6} \+0000 UTC$/);
      expect(daily?.x, name).not.toMatch(/\.000000000 /);
      expect(daily?.at, name).toBe(minute?.at);
    }
    expect(minute?.at).toBe(Date.parse(`${minute?.x.slice(0, 10)}T${minute?.x.slice(11, 23)}Z`));
  });

  it('URL-encodes the index id into the path', async () => {
    const odd = 'team a/idx?1#..';
    h.sim.indexes[odd] = { qps: 1 };
    const stats = await h.client.getVectorIndexStats(odd, '7d');
    expect(stats.vector_count).toHaveLength(60);
    expect(h.sim.statsCalls).toEqual([{ id: odd, period: '7d' }]);
    expect(h.sim.requests[0]?.path).toBe('/v2/vector/index/team%20a%2Fidx%3F1%23../stats?period=7d');
  });

  it('returns 240 points three hours apart for 30d', async () => {
    const stats = await h.client.getVectorIndexStats('idx-1', '30d');
    expect(stats.data_size).toHaveLength(240);
    const [a, b] = stats.data_size;
    expect((b?.at ?? 0) - (a?.at ?? 0)).toBe(3 * 3_600_000);
    expect(parseApiTimestamp(stats.data_size.at(-1)?.x ?? '')).toBe(
      Math.floor(NOW / 10_800_000) * 10_800_000,
    );
  });
});

describe('base URL handling', () => {
  it('accepts a base URL with a trailing slash or a trailing /v2', async () => {
    for (const baseUrl of [`${h.sim.url}/`, `${h.sim.url}/v2`, `${h.sim.url}/v2/`]) {
      const { accounts } = await h.clientWith({ baseUrl }).listMessagingAccounts();
      expect(accounts.length).toBeGreaterThan(0);
    }
    expect(h.sim.requests.map((r) => r.path)).toEqual(Array(3).fill('/v2/messaging/users'));
  });
});

describe('logging', () => {
  it('logs each attempt at debug with method, path, status and duration only', async () => {
    await h.client.listMessagingAccounts();
    // Besides the drift the simulator's deliberately odd accounts cause (logged once, by field).
    const attempts = h.logs.filter((l) => l.obj.event !== 'api_drift');
    expect(attempts).toHaveLength(1);
    const [entry] = attempts;
    expect(entry?.level).toBe('debug');
    expect(entry?.obj).toMatchObject({
      operation: 'listMessagingAccounts',
      method: 'GET',
      path: '/v2/messaging/users',
      status: 200,
      attempt: 1,
    });
    expect(typeof entry?.obj.durationMs).toBe('number');
    expect(Object.keys(entry?.obj ?? {}).sort()).toEqual(
      ['attempt', 'durationMs', 'method', 'operation', 'path', 'status'].sort(),
    );
  });
});
