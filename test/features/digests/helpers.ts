// Fixtures for the digest unit tests: real-shaped stats from the API simulator, parsed as the client
// parses them, and fake parts whose calls are counted.

import { ManagementApiError, type StatsPeriod, type VectorIndexStats } from '../../../src/api/index.ts';
import type { CardImage, DigestParts } from '../../../src/features/digests/compose.ts';
import { listAccountSummaries } from '../../../src/features/messaging-accounts/service.ts';
import {
  DEFAULT_VECTOR_INDEXES,
  defaultMessagingAccounts,
  makeVectorIndexStats,
} from '../../../src/sim/mgmt/index.ts';
import { buildReport } from '../../../src/stats-report/report.ts';
import type { DigestSubscriptionInput, IndexRequest } from '../../../src/store/index.ts';
import { subscriptionInput as storedSubscription } from '../../store/fixtures.ts';
import { readAccounts, readStats } from '../../support/api-records.ts';

export const NOW = Date.parse('2026-11-23T08:00:00Z');

export function statsFor(indexId: string, period: StatsPeriod = '1d', now = NOW): VectorIndexStats {
  const config = DEFAULT_VECTOR_INDEXES[indexId] ?? DEFAULT_VECTOR_INDEXES['idx-1'] ?? {};
  return readStats(makeVectorIndexStats(indexId, period, now, 1, config));
}

export function notFound(): ManagementApiError {
  return new ManagementApiError({
    kind: 'not_found',
    operation: 'getVectorIndexStats',
    message: 'vector index stats: 404',
    status: 404,
  });
}

export type FakePartsOptions = {
  failing?: Record<string, Error>;
  card?: CardImage | undefined | 'throw';
  accountsFail?: boolean;
  requests?: IndexRequest[];
};

export function fakeParts(options: FakePartsOptions = {}): DigestParts & { statsCalls: string[] } {
  const statsCalls: string[] = [];
  return {
    statsCalls,
    async stats(indexId, period) {
      statsCalls.push(`${indexId}/${period}`);
      const failure = options.failing?.[indexId];
      if (failure) throw failure;
      return statsFor(indexId, period);
    },
    report: (indexId, period, stats) => buildReport(indexId, period, stats),
    async card() {
      if (options.card === 'throw') throw new Error('render failed');
      return 'card' in options
        ? options.card
        : { fileId: 'F0CARD', altText: 'Sparklines of idx-1', title: 'Vector index idx-1' };
    },
    async accounts() {
      if (options.accountsFail)
        throw new ManagementApiError({
          kind: 'unavailable',
          operation: 'listMessagingAccounts',
          message: 'x',
          status: 503,
        });
      const listed = await listAccountSummaries(
        { listMessagingAccounts: async () => readAccounts(defaultMessagingAccounts()) },
        { tokenHint: false },
      );
      return listed.summaries;
    },
    async pendingRequests() {
      return options.requests ?? [];
    },
  };
}

export function pendingRequest(overrides: Partial<IndexRequest> = {}): IndexRequest {
  return {
    id: 7,
    requesterId: 'U0REQUESTER',
    onBehalfOf: null,
    requesterChannelId: 'C0TEAM',
    name: 'product-search',
    region: 'eu-west-1',
    plan: 'payg',
    reason: 'catalogue',
    state: 'pending',
    createdAt: NOW - 5 * 3_600_000,
    expiresAt: NOW + 19 * 3_600_000,
    updatedAt: NOW - 5 * 3_600_000,
    decidedBy: null,
    decisionComment: null,
    card: null,
    result: null,
    failureMessage: null,
    outcomeUnknown: false,
    ...overrides,
  };
}

/** A digest set up two days ago in Berlin, every day at 09:00, due at NOW. */
export const subscriptionInput = (
  overrides: Partial<DigestSubscriptionInput> = {},
): DigestSubscriptionInput =>
  storedSubscription({
    indexIds: ['idx-1', 'idx-2'],
    localTime: '09:00',
    days: [0, 1, 2, 3, 4, 5, 6],
    includeAccounts: false,
    nextRunAt: NOW,
    at: NOW - 48 * 3_600_000,
    ...overrides,
  });
