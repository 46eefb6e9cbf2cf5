import { randomUUID } from 'node:crypto';
import { fakeSecret } from './random.ts';
import type { WireMessagingAccount } from './wire.ts';

/** What the simulator serves: a spec record, possibly with fields the spec doesn't name. */
export type SimMessagingAccount = WireMessagingAccount;

const DAY_S = 86_400;

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

let serial = 0;

/**
 * A complete, realistic messaging account (a free one unless overridden). `id`, `password` and
 * `token` are fresh unique values unless given.
 */
export function makeMessagingAccount(overrides: Partial<SimMessagingAccount> = {}): SimMessagingAccount {
  serial += 1;
  const created = nowSeconds() - (30 + (serial % 300)) * DAY_S;
  return {
    customer_id: `team-${String(serial).padStart(4, '0')}@example.com`,
    id: randomUUID(),
    password: fakeSecret('msg-password'),
    token: fakeSecret('msg-token'),
    active: true,
    state: 'active',
    last_plan_upgrade_time: created,
    max_message_size: 1_048_576,
    max_requests_per_day: 1_000,
    max_requests_per_day_hard: 1_500,
    max_endpoints_per_topic: 100,
    max_requests_per_second: 100,
    max_dlq_size: 1_000,
    max_completion_tokens_per_day: 100_000,
    max_completion_tokens_per_minute: 10_000,
    max_completions_per_day: 1_000,
    max_completions_per_minute: 60,
    max_retries: 3,
    max_topics: 10,
    max_schedules: 10,
    max_events_size: 10_000,
    max_dlq_retention_time_milis: 7 * DAY_S * 1000,
    max_delay: 7 * DAY_S,
    max_parallelism: 10,
    max_global_parallelism: 100,
    max_queues: 10,
    retention: 3,
    timeout: 900,
    rate_limit: 100,
    type: 'free',
    reserved_type: '',
    reserved_price: 0,
    prod_pack_enabled: false,
    monitoring_enabled: 'false',
    region: 'eu-central-1',
    budget: 0,
    created_by: 'ops-admin@example.com',
    creation_time: created,
    ...overrides,
  };
}

const paidLimits = {
  type: 'paid',
  max_message_size: 10_485_760,
  max_requests_per_day: 1_000_000,
  max_requests_per_day_hard: 1_200_000,
  max_requests_per_second: 1_000,
  max_dlq_size: 100_000,
  max_completion_tokens_per_day: 10_000_000,
  max_completions_per_day: 100_000,
  max_retries: 20,
  max_topics: 1_000,
  max_schedules: 1_000,
  max_events_size: 1_000_000,
  max_dlq_retention_time_milis: 30 * DAY_S * 1000,
  max_delay: 365 * DAY_S,
  max_parallelism: 100,
  max_global_parallelism: 1_000,
  max_queues: 1_000,
  retention: 14,
  timeout: 7_200,
  rate_limit: 1_000,
} satisfies Partial<SimMessagingAccount>;

type Preset = (overrides?: Partial<SimMessagingAccount>) => SimMessagingAccount;

/** Accounts in every shape the spec allows (and a few it merely hints at). */
export const ACCOUNT_PRESETS = {
  free: (o = {}) => makeMessagingAccount({ customer_id: 'solo-dev@example.com', ...o }),
  paid: (o = {}) =>
    makeMessagingAccount({
      customer_id: 'payments@example.com',
      ...paidLimits,
      monitoring_enabled: 'true',
      prod_pack_enabled: true,
      budget: 250,
      region: 'us-east-1',
      ...o,
    }),
  fixed: (o = {}) =>
    makeMessagingAccount({
      customer_id: 'T0SEARCHTEAM',
      ...paidLimits,
      max_requests_per_day: 10_000_000,
      max_requests_per_day_hard: 10_000_000,
      reserved_type: 'messaging_fixed_10m',
      reserved_price: 180,
      ...o,
    }),
  enterprise: (o = {}) =>
    makeMessagingAccount({
      customer_id: 'platform@bigcorp.example.com',
      ...paidLimits,
      max_requests_per_day: 500_000_000,
      max_requests_per_day_hard: 600_000_000,
      max_requests_per_second: 10_000,
      reserved_type: 'enterprise:acme-42',
      reserved_price: 2_499.5,
      prod_pack_enabled: true,
      monitoring_enabled: 'true',
      enterprise: { enabled: true },
      budget: 10_000,
      region: 'us-east-1',
      ...o,
    }),
  suspending: (o = {}) =>
    makeMessagingAccount({
      customer_id: 'T0LAPSED',
      ...paidLimits,
      modifying_state: 'suspended',
      ...o,
    }),
  unknownState: (o = {}) =>
    makeMessagingAccount({ customer_id: 'migration@example.com', state: 'migrating', active: false, ...o }),
  /** Carries secrets and settings the spec doesn't name: they must be kept yet never shown. */
  extraSecrets: (o = {}) => {
    const { reserved_type: _omitted, ...rest } = makeMessagingAccount({
      customer_id: 'analytics@example.com',
      state: 'passive',
      active: false,
      read_only_password: fakeSecret('msg-ro-password'),
      read_only_token: fakeSecret('msg-ro-token'),
      signing_keys: { current: fakeSecret('msg-signing-key'), next: fakeSecret('msg-signing-key') },
      feature_flags: ['dlq-replay'],
      ...o,
    });
    return rest; // reserved_type absent, as the spec allows for non-fixed plans
  },
} as const satisfies Record<string, Preset>;

export type AccountPresetName = keyof typeof ACCOUNT_PRESETS;

/** One account of each preset: the simulator's default list. */
export function defaultMessagingAccounts(): SimMessagingAccount[] {
  return Object.values(ACCOUNT_PRESETS).map((make) => make());
}

/** `n` accounts cycling through the presets, each with its own customer id and secrets. */
export function makeMessagingAccounts(n: number): SimMessagingAccount[] {
  const presets = Object.values(ACCOUNT_PRESETS);
  return Array.from({ length: n }, (_, i) => {
    const make = presets[i % presets.length] as Preset;
    return make({ customer_id: `customer-${String(i + 1).padStart(5, '0')}@example.com` });
  });
}

const SECRET_KEY = /token|password|secret|signing_key|api_?key/i;

/**
 * Every string the simulator would consider secret inside these records: values under keys such
 * as `token`, `read_only_token`, `password`, `read_only_password`, at any depth.
 */
export function secretValuesOf(records: unknown): string[] {
  const found = new Set<string>();
  const walk = (value: unknown, secretContext: boolean): void => {
    if (typeof value === 'string') {
      if (secretContext && value !== '') found.add(value);
    } else if (Array.isArray(value)) {
      for (const item of value) walk(item, secretContext);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) walk(item, secretContext || SECRET_KEY.test(key));
    }
  };
  walk(records, false);
  return [...found];
}
