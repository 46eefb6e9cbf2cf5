// Inputs the contract suite builds its cases from. Fixed times: the store never reads a clock for them.
import type { CreatedIndex, DigestSubscriptionInput, NewIndexRequest } from '../../src/store/types.ts';

export const T0 = Date.UTC(2025, 2, 10, 9, 0, 0);
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

export function requestInput(overrides: Partial<NewIndexRequest> = {}): NewIndexRequest {
  return {
    requesterId: 'U0REQUESTER',
    requesterChannelId: 'C0TEAM',
    name: 'product-search',
    region: 'eu-west-1',
    plan: 'payg',
    reason: 'search for the product catalogue',
    createdAt: T0,
    expiresAt: T0 + DAY,
    ...overrides,
  };
}

export function createdIndex(overrides: Partial<CreatedIndex> = {}): CreatedIndex {
  return {
    indexId: 'idx-0001',
    endpoint: 'https://product-search.example.test',
    region: 'eu-west-1',
    type: 'payg',
    creationTime: 1_741_597_200,
    limits: { max_vector_count: 1_000_000, max_daily_queries: -1, labels: ['a', 'b'], nested: { ok: true } },
    ...overrides,
  };
}

export function subscriptionInput(overrides: Partial<DigestSubscriptionInput> = {}): DigestSubscriptionInput {
  return {
    channelId: 'C0DIGEST',
    configuredBy: 'U0CONFIG',
    indexIds: ['vec-1', 'vec-2'],
    period: '1d',
    localTime: '09:30',
    timeZone: 'Europe/Berlin',
    days: [1, 2, 3, 4, 5],
    includeAccounts: true,
    includeRequests: false,
    nextRunAt: T0 + HOUR,
    at: T0,
    ...overrides,
  };
}
