// A stored search index request as the tests build it, and what a successful create returns.
import type { IndexRequest } from '../../src/store/index.ts';

export const T0 = Date.UTC(2026, 0, 15, 9, 30);

export function aRequest(overrides: Partial<IndexRequest> = {}): IndexRequest {
  return {
    id: 7,
    requesterId: 'U0REQUESTER',
    onBehalfOf: null,
    requesterChannelId: 'C0GENERAL',
    name: 'product-search',
    region: 'eu-west-1',
    plan: 'payg',
    reason: 'Search for the new catalogue',
    state: 'pending',
    createdAt: T0,
    expiresAt: T0 + 24 * 3_600_000,
    updatedAt: T0,
    decidedBy: null,
    decisionComment: null,
    card: { channel: 'C0APPROVALS', ts: '1700000000.000100' },
    result: null,
    failureMessage: null,
    outcomeUnknown: false,
    ...overrides,
  };
}

export const CREATED_RESULT = {
  indexId: '6f1c2a8e-0000-4000-8000-000000000001',
  endpoint: 'https://product-search-eu-west-1-search.example.net',
  region: 'eu-west-1',
  type: 'payg',
  creationTime: Math.floor(T0 / 1000) + 60,
  limits: {
    max_vector_count: 100_000_000,
    max_daily_queries: -1,
    max_daily_updates: -1,
    max_monthly_reranks: -1,
    max_monthly_bandwidth: -1,
    max_query_per_second: 10_000,
    max_writes_per_second: 10_000,
    max_reads_per_request: 1_000,
    max_writes_per_request: 1_000,
  },
};
