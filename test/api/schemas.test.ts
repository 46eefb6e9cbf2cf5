import { describe, expect, it } from 'vitest';
import {
  messagingAccountListSchema,
  messagingAccountSchema,
  parseApiTimestamp,
  pointSchema,
  SERIES_NAMES,
  searchIndexSchema,
  vectorIndexStatsSchema,
} from '../../src/api/index.ts';
import { ACCOUNT_PRESETS, makeMessagingAccount, makeVectorIndexStats } from '../../src/sim/mgmt/index.ts';

const AT = Date.UTC(2024, 1, 29, 23, 59, 58);

describe('API timestamps', () => {
  it.each([
    ['2024-02-29 23:59:58 +0000 UTC', AT],
    ['2024-02-29 23:59:58.5 +0000 UTC', AT + 500],
    ['2024-02-29 23:59:58.123 +0000 UTC', AT + 123],
    ['2024-02-29 23:59:58.000000000 +0000 UTC', AT],
    ['2024-02-29 23:59:58.123456789 +0000 UTC', AT + 123],
    ['2024-02-29 23:59:58.999999999 +0000 UTC', AT + 999],
    ['1970-01-01 00:00:00.000 +0000 UTC', 0],
  ])('%s is %d', (text, ms) => {
    expect(parseApiTimestamp(text)).toBe(ms);
  });

  it.each([
    '2023-02-29 00:00:00.000 +0000 UTC', // not a leap year
    '2024-13-01 00:00:00.000 +0000 UTC',
    '2024-04-31 00:00:00.000 +0000 UTC',
    '2024-01-01 24:00:00.000 +0000 UTC',
    '2024-01-01 00:60:00.000 +0000 UTC',
    '2024-01-01 00:00:00.1234567890 +0000 UTC', // 10 digits
    '2024-01-01 00:00:00. +0000 UTC',
    '2024-01-01 00:00:00.000 +0100 CET',
    '2024-01-01 00:00:00.000 +0000',
    '2024-01-01T00:00:00.000Z',
    ' 2024-01-01 00:00:00.000 +0000 UTC',
    '',
  ])('rejects %j', (text) => {
    expect(parseApiTimestamp(text)).toBeUndefined();
  });

  it('a point keeps x verbatim and adds the instant', () => {
    expect(pointSchema.parse({ x: '2024-02-29 23:59:58.123456789 +0000 UTC', y: 4.5 })).toEqual({
      x: '2024-02-29 23:59:58.123456789 +0000 UTC',
      at: AT + 123,
      y: 4.5,
    });
  });

  it('a point with an unparseable x or a non-number y is rejected', () => {
    expect(pointSchema.safeParse({ x: 'yesterday', y: 1 }).success).toBe(false);
    expect(pointSchema.safeParse({ x: '2024-02-29 23:59:58 +0000 UTC', y: '1' }).success).toBe(false);
    expect(pointSchema.safeParse({ x: '2024-02-29 23:59:58 +0000 UTC', y: null }).success).toBe(false);
  });
});

describe('messaging account', () => {
  it('every preset is a valid account', () => {
    for (const [name, make] of Object.entries(ACCOUNT_PRESETS)) {
      expect(messagingAccountSchema.safeParse(make()).success, name).toBe(true);
    }
  });

  it('numbers must be numbers and booleans booleans', () => {
    const base = makeMessagingAccount();
    expect(messagingAccountSchema.safeParse({ ...base, max_topics: '10' }).success).toBe(false);
    expect(messagingAccountSchema.safeParse({ ...base, active: 'true' }).success).toBe(false);
    expect(messagingAccountSchema.safeParse({ ...base, reserved_price: null }).success).toBe(false);
  });

  it('monitoring_enabled is the string "true"/"false", not a boolean', () => {
    const base = makeMessagingAccount();
    expect(messagingAccountSchema.parse({ ...base, monitoring_enabled: 'true' }).monitoring_enabled).toBe(
      'true',
    );
    expect(messagingAccountSchema.safeParse({ ...base, monitoring_enabled: true }).success).toBe(false);
    expect(messagingAccountSchema.safeParse({ ...base, monitoring_enabled: 'yes' }).success).toBe(false);
  });

  it('reserved_type, enterprise and modifying_state may be absent; other fields may not', () => {
    const { reserved_type, enterprise, modifying_state, ...bare } = ACCOUNT_PRESETS.enterprise({
      modifying_state: 'suspended',
    });
    expect([reserved_type, enterprise, modifying_state]).toEqual([
      'enterprise:acme-42',
      { enabled: true },
      'suspended',
    ]);
    expect(messagingAccountSchema.safeParse(bare).success).toBe(true);
    const { budget: _budget, ...missingBudget } = bare;
    expect(messagingAccountSchema.safeParse(missingBudget).success).toBe(false);
  });

  it('keeps unknown fields and accepts unknown enum values', () => {
    const parsed = messagingAccountListSchema.parse([
      makeMessagingAccount({
        state: 'migrating',
        region: 'ap-south-1',
        type: 'team',
        future_field: { a: 1 },
      }),
    ]);
    expect(parsed[0]).toMatchObject({
      state: 'migrating',
      region: 'ap-south-1',
      type: 'team',
      future_field: { a: 1 },
    });
  });
});

describe('search index', () => {
  const wire = {
    customer_id: 'ops@example.com',
    id: '0d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
    name: 'products',
    endpoint: 'https://products-eu-west-1-search.example.net',
    type: 'free',
    region: 'eu-west-1',
    partner_email: '',
    token: 'fake-search-token-1',
    read_only_token: 'fake-search-ro-token-1',
    max_vector_count: 10_000,
    max_monthly_reranks: -1,
    max_daily_updates: -1,
    max_daily_queries: -1,
    max_monthly_bandwidth: -1,
    max_writes_per_second: 1_000,
    max_query_per_second: 1_000,
    max_reads_per_request: 100,
    max_writes_per_request: 100,
    creation_time: 1_715_780_262,
    input_enrichment_enabled: true,
    throughput_vector: [{ x: '2024-05-15 13:37:00.000 +0000 UTC', y: 2 }],
  };

  it('parses the spec record', () => {
    expect(searchIndexSchema.parse(wire).throughput_vector[0]?.at).toBe(Date.UTC(2024, 4, 15, 13, 37));
  });

  it('all fields appear (spec 2.2): a missing one is invalid, a Go-style null series is empty', () => {
    const { throughput_vector: _tv, ...noSeries } = wire;
    expect(searchIndexSchema.safeParse(noSeries).success).toBe(false);
    expect(searchIndexSchema.parse({ ...wire, throughput_vector: null }).throughput_vector).toEqual([]);
    const { partner_email: _pe, ...noEmail } = wire;
    expect(searchIndexSchema.safeParse(noEmail).success).toBe(false);
  });
});

describe('vector index statistics', () => {
  const stats = makeVectorIndexStats('idx-1', '1h', Date.UTC(2024, 4, 15, 13, 37, 42), 1);

  it('parses the simulator record with every series', () => {
    const parsed = vectorIndexStatsSchema.parse(stats);
    for (const name of SERIES_NAMES) expect(parsed[name], name).toHaveLength(60);
  });

  it('a missing or null series is empty; a missing scalar is invalid', () => {
    const { query_latency_99: _q, ...noSeries } = stats;
    const parsed = vectorIndexStatsSchema.parse({ ...noSeries, data_size: null });
    expect(parsed.query_latency_99).toEqual([]);
    expect(parsed.data_size).toEqual([]);
    const { monthly_cost: _m, ...noScalar } = stats;
    expect(vectorIndexStatsSchema.safeParse(noScalar).success).toBe(false);
  });

  it('one bad timestamp anywhere makes the record invalid', () => {
    const broken = {
      ...stats,
      vector_count: [
        { x: '2024-05-15 13:37:00.000 +0000 UTC', y: 1 },
        { x: 'now', y: 2 },
      ],
    };
    const result = vectorIndexStatsSchema.safeParse(broken);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['vector_count', 1, 'x']);
  });
});
