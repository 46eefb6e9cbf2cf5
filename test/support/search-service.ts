import { type CreateSearchIndexInput, ManagementApiError, type SearchIndex } from '../../src/api/index.ts';
import type { ApprovalRule } from '../../src/approval-rule.ts';
import { ChangeFeed } from '../../src/changes.ts';
import type { RequesterNews, SearchRequestsOutbound } from '../../src/features/search-requests/outbound.ts';
import { type Approvers, createSearchRequestsService } from '../../src/features/search-requests/service.ts';
import { createLogger } from '../../src/log.ts';
import { defaultPolicy } from '../../src/policy/index.ts';
import { makeSearchIndexRecord } from '../../src/sim/mgmt/search.ts';
import type { WireSearchIndex } from '../../src/sim/mgmt/wire.ts';
import type { IndexRequest, Store } from '../../src/store/index.ts';
import { openSqliteStore } from '../../src/store/sqlite/sqlite-store.ts';
import { readIndex } from './api-records.ts';
import { T0 } from './index-requests.ts';
import { membershipFrom } from './membership.ts';

export const APPROVERS = ['U0APPROVER', 'U0APPROVER2'];

export type FakeMgmt = {
  calls: CreateSearchIndexInput[];
  created: WireSearchIndex[];
  /** The next call throws this instead of creating. */
  failNext?: ManagementApiError;
  /** Calls wait for this before answering (to hold two callers in flight at once). */
  gate?: Promise<void>;
  createSearchIndex(input: CreateSearchIndexInput): Promise<SearchIndex>;
};

export function fakeMgmt(): FakeMgmt {
  const mgmt: FakeMgmt = {
    calls: [],
    created: [],
    async createSearchIndex(input) {
      mgmt.calls.push(input);
      await mgmt.gate;
      const failure = mgmt.failNext;
      if (failure) {
        delete mgmt.failNext;
        throw failure;
      }
      const record = {
        ...makeSearchIndexRecord(
          input as { name: string; region: string; type: 'free' | 'payg' },
          'cust',
          T0,
        ),
        billing_secret: 'fake-billing-secret-0123456789abcdef',
        replicas: 3,
      };
      mgmt.created.push(record);
      // What the client hands on: the record read at the API boundary, credentials already masked.
      return readIndex(record);
    },
  };
  return mgmt;
}

export type Notice = {
  kind: 'card' | 'update' | 'reminder' | RequesterNews['kind'];
  request: IndexRequest;
  news?: RequesterNews;
};

export function fakeOutbound(options: { postCardError?: string } = {}) {
  const notices: Notice[] = [];
  const outbound: SearchRequestsOutbound = {
    async postCard(request) {
      if (options.postCardError)
        throw Object.assign(new Error('slack'), { data: { error: options.postCardError } });
      notices.push({ kind: 'card', request });
      return { channel: 'C0APPROVALS', ts: `1700000000.00000${request.id}` };
    },
    async updateCard(request) {
      notices.push({ kind: 'update', request });
    },
    async tellRequester(request, news) {
      notices.push({ kind: news.kind, request, news });
    },
    async remind(request) {
      notices.push({ kind: 'reminder', request });
    },
  };
  return { outbound, notices };
}

/** Approvers a test changes as it goes (a Slack user group, as the service sees it); undefined: Slack fails. */
export function fakeApprovers(initial: readonly string[] = APPROVERS) {
  let members: Set<string> | undefined = new Set(initial);
  const approvers: Approvers = {
    async approvers() {
      return members === undefined ? 'unknown' : new Set(members);
    },
    group: () => ({ id: 'S0APPROVERS', handle: 'ops-approvers' }),
  };
  return {
    approvers,
    add: (id: string) => members?.add(id),
    remove: (id: string) => members?.delete(id),
    unknown: () => {
      members = undefined;
    },
  };
}

export async function setup(
  options: { postCardError?: string; maxPending?: number; rule?: ApprovalRule; approvers?: string[] } = {},
) {
  let now = T0;
  const clock = () => now;
  const store: Store = await openSqliteStore({ path: ':memory:', clock });
  const mgmt = fakeMgmt();
  const { outbound, notices } = fakeOutbound(options);
  const group = fakeApprovers(options.approvers ?? APPROVERS);
  const pending: Promise<unknown>[] = [];
  const service = createSearchRequestsService({
    store,
    mgmt,
    clock,
    logger: createLogger({ level: 'silent' }),
    approvals: {
      approverIds: APPROVERS,
      requestTtlHours: 24,
      maxPendingPerUser: options.maxPending ?? 5,
      maxUnapprovedPerDay: 5,
      rule: options.rule ?? { required: 1, plans: {} },
    },
    approvers: group.approvers,
    outbound,
    background: (task) => {
      pending.push(task());
    },
    changes: new ChangeFeed(),
    policy: { current: () => defaultPolicy(), membership: membershipFrom({}) },
    commandName: () => '/ops',
  });
  return {
    group,
    service,
    store,
    mgmt,
    notices,
    clock,
    advance: (ms: number) => {
      now += ms;
    },
    settle: () => Promise.all(pending),
    async newRequest(requesterId = 'U0REQUESTER', name = 'product-search') {
      const submitted = await service.submit({
        requesterId,
        channelId: 'C0GENERAL',
        form: { name, region: 'eu-west-1', plan: 'payg', reason: 'catalogue' },
      });
      if (!submitted.ok) throw new Error('submit refused');
      await service.announce(submitted.request);
      return submitted.request;
    },
  };
}

export function apiError(kind: 'rejected' | 'timeout', outcomeUnknown: boolean, apiMessage?: string) {
  return new ManagementApiError({
    kind,
    operation: 'createSearchIndex',
    message: 'failed',
    outcomeUnknown,
    ...(kind === 'rejected' ? { status: 400 } : {}),
    ...(apiMessage === undefined ? {} : { apiMessage }),
  });
}
