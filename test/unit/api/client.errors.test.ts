import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createManagementClient, describeApiError, ManagementApiError } from '../../../src/api/index.ts';
import { HUGE_ARRAY_LENGTH } from '../../../src/sim/mgmt/index.ts';
import { closedPortUrl, type Harness, PASSWORD, rejectionOf, startHarness, USERNAME } from './helpers.ts';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

async function apiError(promise: Promise<unknown>): Promise<ManagementApiError> {
  const err = await rejectionOf(promise);
  expect(err).toBeInstanceOf(ManagementApiError);
  return err as ManagementApiError;
}

describe('HTTP statuses', () => {
  it('401 with the wrong password is an auth error naming the settings to check', async () => {
    const client = h.clientWith({ password: 'fake-wrong-password-1234' });
    const err = await apiError(client.listMessagingAccounts());
    expect(err).toMatchObject({ kind: 'auth', status: 401, operation: 'listMessagingAccounts', attempts: 1 });
    expect(h.sim.requests[0]?.authorized).toBe(false);
    expect(describeApiError(err)).toBe(
      'The management API rejected opsbot’s credentials — check MGMT_API_USERNAME / MGMT_API_PASSWORD.',
    );
  });

  it('403 is an auth error too', async () => {
    h.sim.fail('stats', { status: 403, body: '{"message":"account lacks the vector scope"}' });
    const err = await apiError(h.client.getVectorIndexStats('idx-1'));
    expect(err).toMatchObject({ kind: 'auth', status: 403, apiMessage: 'account lacks the vector scope' });
  });

  it('404 on an unknown index is not_found, and the user is told to check the ID', async () => {
    const err = await apiError(h.client.getVectorIndexStats('idx-nope', '3h'));
    expect(err).toMatchObject({ kind: 'not_found', status: 404, apiMessage: 'index not found', attempts: 1 });
    expect(describeApiError(err)).toMatch(/no vector index with that ID/);
  });

  it('500 on every attempt is unavailable after one quick second try of the GET', async () => {
    h.sim.fail('accounts', { status: 500 });
    const err = await apiError(h.client.listMessagingAccounts());
    expect(err).toMatchObject({ kind: 'unavailable', status: 500, attempts: 2 });
    expect(h.sim.requests).toHaveLength(2);
    expect(describeApiError(err)).toBe('The management API is unavailable right now; try again in a minute.');
  });

  it('a transient 500 on a read is ridden out: the second try answers', async () => {
    h.sim.fail('accounts', { status: 500 }, { times: 1 });
    const accounts = await h.client.listMessagingAccounts();
    expect(accounts.accounts.length).toBeGreaterThan(0);
    expect(h.sim.requests).toHaveLength(2);
  });

  it('a 500 on create is never retried: one POST, outcome unknown', async () => {
    h.sim.fail('create', { status: 500 });
    const err = await apiError(h.client.createSearchIndex({ name: 'p', region: 'eu-west-1', type: 'payg' }));
    expect(err).toMatchObject({ kind: 'unavailable', status: 500, attempts: 1, outcomeUnknown: true });
    expect(h.sim.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('503 on every attempt is unavailable after 3 attempts', async () => {
    h.sim.fail('stats', { status: 503 });
    const err = await apiError(h.client.getVectorIndexStats('idx-1'));
    expect(err).toMatchObject({ kind: 'unavailable', status: 503, attempts: 3 });
    expect(h.sim.statsCalls).toHaveLength(3);
  });

  it('400 on create is rejected, carrying the API message', async () => {
    const err = await apiError(h.client.createSearchIndex({ name: 'p', region: 'eu-west-1', type: 'fixed' }));
    expect(err).toMatchObject({
      kind: 'rejected',
      status: 400,
      apiMessage: 'fixed plan is not currently available',
      outcomeUnknown: false,
    });
    expect(describeApiError(err)).toBe(
      'The management API refused the request: fixed plan is not currently available',
    );
    expect(h.sim.created).toHaveLength(0);
  });

  it('takes the API message from a plain-text body', async () => {
    h.sim.fail('create', { status: 422, body: 'name already taken in this region\n' });
    const err = await apiError(h.client.createSearchIndex({ name: 'p', region: 'eu-west-1', type: 'free' }));
    expect(err).toMatchObject({
      kind: 'rejected',
      status: 422,
      apiMessage: 'name already taken in this region',
    });
  });
});

describe('transport failures', () => {
  it('a request that hangs past the timeout is a timeout', async () => {
    h.sim.fail('stats', { hang: true });
    const client = h.clientWith({ timeoutMs: 300 });
    const err = await apiError(client.getVectorIndexStats('idx-1'));
    expect(err).toMatchObject({ kind: 'timeout', attempts: 1, outcomeUnknown: false });
    expect(describeApiError(err)).toBe('The management API didn’t answer in time; try again in a minute.');
  });

  it('a create that times out says the outcome is unknown', async () => {
    h.sim.fail('create', { hang: true });
    const client = h.clientWith({ timeoutMs: 300 });
    const err = await apiError(client.createSearchIndex({ name: 'p', region: 'eu-west-1', type: 'free' }));
    expect(err).toMatchObject({ kind: 'timeout', outcomeUnknown: true, attempts: 1 });
    expect(err.message).toMatch(/outcome unknown/);
    expect(describeApiError(err)).toMatch(/can’t tell whether the index was created/);
    expect(h.sim.createCalls).toHaveLength(1);
  });

  it('a slow but in-time answer succeeds', async () => {
    h.sim.fail('accounts', { latencyMs: 50 }, { times: 1 });
    const { accounts } = await h.client.listMessagingAccounts();
    expect(accounts).toHaveLength(h.sim.accounts.length);
  });

  it('a refused connection is unavailable, retried for a GET', async () => {
    const sleeps: number[] = [];
    const client = createManagementClient({
      baseUrl: await closedPortUrl(),
      username: USERNAME,
      password: PASSWORD,
      sleep: async (ms) => {
        sleeps.push(ms);
      },
    });
    try {
      const err = await apiError(client.listMessagingAccounts());
      expect(err).toMatchObject({ kind: 'unavailable', code: 'ECONNREFUSED', attempts: 3 });
      expect(sleeps).toHaveLength(2);
      // The create was never sent, so its outcome is known: nothing happened.
      const post = await apiError(client.createSearchIndex({ name: 'p', region: 'eu-west-1', type: 'free' }));
      expect(post).toMatchObject({ kind: 'unavailable', outcomeUnknown: false, attempts: 1 });
    } finally {
      await client.close();
    }
  });
});

describe('responses opsbot cannot use', () => {
  it('malformed JSON is invalid_response', async () => {
    h.sim.fail('accounts', { malformedJson: true });
    const err = await apiError(h.client.listMessagingAccounts());
    expect(err).toMatchObject({ kind: 'invalid_response', status: 200, attempts: 1 });
    expect(err.message).toBe('listMessagingAccounts failed: the response body is not valid JSON');
    expect(describeApiError(err)).toBe(
      'The management API answered in a form opsbot doesn’t understand; the details are in the log.',
    );
  });

  it('a missing field opsbot can do without is read as not reported, and noted as drift', async () => {
    h.sim.fail('accounts', { shape: 'missing-field' });
    const { accounts, unreadable } = await h.client.listMessagingAccounts();
    expect(unreadable).toBe(0);
    expect(accounts[0]?.max_topics).toBeUndefined();
    expect(accounts[1]?.max_topics).toEqual(expect.any(Number));
    expect(h.client.drift()['messaging_account.max_topics']).toEqual({ missing: 1 });

    h.sim.fail('stats', { shape: 'missing-field' });
    const stats = await h.client.getVectorIndexStats('idx-1');
    expect(stats.current_vector_count).toBeUndefined();
    expect(stats.storage_usage).toEqual(expect.any(Number));
  });

  it('a number sent as a numeric string is read as that number', async () => {
    h.sim.fail('create', { shape: 'wrong-type' });
    const index = await h.client.createSearchIndex({ name: 'p', region: 'eu-west-1', type: 'free' });
    expect(index.max_daily_queries).toBe(h.sim.created[0]?.max_daily_queries);
    expect(h.client.drift()['search_index.max_daily_queries']).toEqual({ unexpected_type: 1 });
  });

  it('an account without an id is left out and counted; the rest of the list stays', async () => {
    h.sim.fail('accounts', { shape: 'one-unreadable' });
    const { accounts, unreadable } = await h.client.listMessagingAccounts();
    expect(unreadable).toBe(1);
    expect(accounts).toHaveLength(h.sim.accounts.length - 1);
    const logged = h.logs.find((l) => l.obj.event === 'api_record_unreadable');
    expect(logged).toMatchObject({
      level: 'warn',
      obj: { record: 'messaging_account', index: 0, field: 'id' },
    });
  });

  it('a create answer without an id is invalid_response with the outcome unknown, naming the field only', async () => {
    h.sim.fail('create', { shape: 'unreadable' });
    const err = await apiError(h.client.createSearchIndex({ name: 'p', region: 'eu-west-1', type: 'free' }));
    expect(err).toMatchObject({ kind: 'invalid_response', outcomeUnknown: true });
    expect(err.message).toMatch(/at id: missing/);
    // The index was created even though opsbot can't tell which: the user must hear that.
    expect(h.sim.created).toHaveLength(1);
    expect(describeApiError(err)).toMatch(/the index may exist/);
  });

  it('stats that are not an object at all are invalid_response', async () => {
    h.sim.fail('stats', { shape: 'unreadable' });
    const err = await apiError(h.client.getVectorIndexStats('idx-1'));
    expect(err).toMatchObject({ kind: 'invalid_response' });
  });

  it('a response over the size limit is invalid_response', async () => {
    h.sim.fail('accounts', { shape: 'huge-array' });
    const client = h.clientWith({ maxResponseBytes: 100_000 });
    const err = await apiError(client.listMessagingAccounts());
    expect(err.kind).toBe('invalid_response');
    expect(err.message).toMatch(/larger than 100000 bytes/);
  });
});

describe('drift the client tolerates', () => {
  it('reads past extra fields: unknown ones are counted, credential-looking ones dropped with a mask', async () => {
    h.sim.fail('accounts', { shape: 'extra-fields' });
    const {
      accounts: [first],
    } = await h.client.listMessagingAccounts();
    expect(first).not.toHaveProperty('beta_features');
    expect(first?.secretHints.read_only_password).toMatch(/^••••/);
    expect(h.client.drift()['messaging_account.beta_features']).toEqual({
      unknown_field: h.sim.accounts.length,
    });

    h.sim.fail('create', { shape: 'extra-fields' });
    const index = await h.client.createSearchIndex({ name: 'p', region: 'eu-west-1', type: 'free' });
    expect(index).not.toHaveProperty('replicas');
    expect(h.client.drift()['search_index.replicas']).toEqual({ unknown_field: 1 });
  });

  it('accepts enum values the spec does not name', async () => {
    h.sim.fail('accounts', { shape: 'unknown-enum' });
    const {
      accounts: [first],
    } = await h.client.listMessagingAccounts();
    expect(first).toMatchObject({ state: 'migrating', region: 'ap-southeast-1', type: 'team' });

    h.sim.fail('create', { shape: 'unknown-enum' });
    const index = await h.client.createSearchIndex({ name: 'p', region: 'eu-west-1', type: 'free' });
    expect(index).toMatchObject({ region: 'ap-south-1', type: 'enterprise' });

    h.sim.fail('stats', { shape: 'unknown-enum' });
    const stats = await h.client.getVectorIndexStats('idx-1');
    expect(stats).not.toHaveProperty('sparse_query_latency_mean');
    expect(h.client.drift()['vector_index_stats.sparse_query_latency_mean']).toEqual({ unknown_field: 1 });
    expect(h.client.drift()['messaging_account.state']?.unknown_enum_value).toBeGreaterThanOrEqual(1);
  });

  it('accepts empty arrays', async () => {
    h.sim.fail('accounts', { shape: 'empty-array' });
    await expect(h.client.listMessagingAccounts()).resolves.toEqual({ accounts: [], unreadable: 0 });

    h.sim.fail('stats', { shape: 'empty-array' });
    const stats = await h.client.getVectorIndexStats('idx-1');
    expect(stats.query_latency_99).toEqual([]);
    expect(stats.days).toEqual([]);
  });

  it('accepts huge arrays', async () => {
    h.sim.fail('accounts', { shape: 'huge-array' });
    const huge = await h.client.listMessagingAccounts();
    expect(huge.accounts).toHaveLength(HUGE_ARRAY_LENGTH);

    h.sim.fail('stats', { shape: 'huge-array' });
    const stats = await h.client.getVectorIndexStats('idx-1');
    expect(stats.vector_count.length).toBeGreaterThan(1000);
  });
});
