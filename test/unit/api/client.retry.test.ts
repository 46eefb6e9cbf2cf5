import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { describeApiError, ManagementApiError, parseRetryAfter } from '../../../src/api/index.ts';
import { type Harness, rejectionOf, startHarness } from './helpers.ts';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

const CREATE = { name: 'products', region: 'eu-west-1', type: 'free' } as const;

describe('GET retries', () => {
  it('503 twice then success: succeeds on the third attempt after jittered, growing waits', async () => {
    h.sim.fail('accounts', { status: 503 }, { times: 2 });
    const { accounts } = await h.client.listMessagingAccounts();
    expect(accounts).toHaveLength(h.sim.accounts.length);
    expect(h.sim.requests.filter((r) => r.route === 'accounts')).toHaveLength(3);
    // Base 250 ms doubling, each wait between half and all of its step (random() = 0.5 here).
    expect(h.sleeps).toEqual([188, 375]);
    expect(h.logs.map((l) => l.obj.status).filter((s) => s !== undefined)).toEqual([503, 503, 200]);
  });

  it('keeps every wait within [step/2, step] and never above maxDelayMs', async () => {
    for (const random of [0, 0.999]) {
      h.sleeps.length = 0;
      h.sim.fail('stats', { status: 502 }, { times: 4 });
      const client = h.clientWith({
        random: () => random,
        retry: { attempts: 5, baseDelayMs: 400, maxDelayMs: 1000 },
      });
      await client.getVectorIndexStats('idx-1');
      const steps = [400, 800, 1000, 1000];
      expect(h.sleeps).toHaveLength(4);
      h.sleeps.forEach((ms, i) => {
        expect(ms).toBeGreaterThanOrEqual((steps[i] ?? 0) / 2);
        expect(ms).toBeLessThanOrEqual(steps[i] ?? 0);
      });
    }
  });

  it('retries 504 and a reset connection', async () => {
    h.sim.fail('stats', { status: 504 }, { times: 1 });
    h.sim.fail('stats', { resetConnection: true }, { times: 1 });
    const stats = await h.client.getVectorIndexStats('idx-2');
    expect(stats.vector_count).toHaveLength(60);
    expect(h.sim.statsCalls).toHaveLength(3);
  });

  it('honours a Retry-After in seconds by waiting exactly that long', async () => {
    h.sim.fail('accounts', { status: 429, retryAfter: '2' }, { times: 1 });
    await h.client.listMessagingAccounts();
    expect(h.sleeps).toEqual([2000]);
  });

  it('gives up at once when Retry-After is longer than maxDelayMs, saying when to try again', async () => {
    h.sim.fail('accounts', { status: 429, retryAfter: '120' });
    const err = await rejectionOf(h.client.listMessagingAccounts());
    expect(err).toBeInstanceOf(ManagementApiError);
    expect(err).toMatchObject({ kind: 'rate_limited', status: 429, retryAfterMs: 120_000, attempts: 1 });
    expect(h.sleeps).toEqual([]);
    expect(describeApiError(err)).toBe('The management API is rate-limiting opsbot; try again in 2 minutes.');
  });

  it('429 without Retry-After backs off and ends rate_limited after the last attempt', async () => {
    h.sim.fail('stats', { status: 429 });
    const err = await rejectionOf(h.client.getVectorIndexStats('idx-1'));
    expect(err).toMatchObject({ kind: 'rate_limited', attempts: 3, retryAfterMs: undefined });
    expect(h.sleeps).toHaveLength(2);
    expect(describeApiError(err)).toBe('The management API is rate-limiting opsbot; try again in a minute.');
  });

  it('does not retry auth, not-found or invalid responses', async () => {
    h.sim.fail('stats', { status: 401 }, { times: 1 });
    h.sim.fail('stats', { shape: 'unreadable' }, { times: 1 });
    await expect(h.client.getVectorIndexStats('idx-1')).rejects.toMatchObject({ kind: 'auth' });
    await expect(h.client.getVectorIndexStats('idx-1')).rejects.toMatchObject({ kind: 'invalid_response' });
    await expect(h.client.getVectorIndexStats('nope')).rejects.toMatchObject({ kind: 'not_found' });
    expect(h.sim.statsCalls).toHaveLength(3);
    expect(h.sleeps).toEqual([]);
  });
});

describe('the create POST is never retried', () => {
  it('503: one attempt, unavailable, and the outcome is unknown', async () => {
    h.sim.fail('create', { status: 503 }, { times: 1 });
    const err = await rejectionOf(h.client.createSearchIndex(CREATE));
    expect(err).toMatchObject({ kind: 'unavailable', attempts: 1, outcomeUnknown: true });
    expect(h.sim.createCalls).toHaveLength(1);
    expect(h.sleeps).toEqual([]);
    expect(describeApiError(err)).toMatch(/may or may not exist\. Check the console/);
  });

  it('429 with a short Retry-After: one attempt, rate_limited, outcome known', async () => {
    h.sim.fail('create', { status: 429, retryAfter: '1' }, { times: 1 });
    const err = await rejectionOf(h.client.createSearchIndex(CREATE));
    expect(err).toMatchObject({
      kind: 'rate_limited',
      attempts: 1,
      retryAfterMs: 1000,
      outcomeUnknown: false,
    });
    expect(h.sim.createCalls).toHaveLength(1);
    expect(describeApiError(err)).toBe('The management API is rate-limiting opsbot; try again in a second.');
  });

  it('a reset connection: one attempt, outcome unknown', async () => {
    h.sim.fail('create', { resetConnection: true }, { times: 1 });
    const err = await rejectionOf(h.client.createSearchIndex(CREATE));
    expect(err).toMatchObject({ kind: 'unavailable', attempts: 1, outcomeUnknown: true });
    expect(h.sim.createCalls).toHaveLength(1);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.UTC(2024, 4, 15, 12, 0, 0);
  it('reads seconds and HTTP dates, ignores anything else', () => {
    expect(parseRetryAfter('30', now)).toBe(30_000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('Wed, 15 May 2024 12:01:30 GMT', now)).toBe(90_000);
    expect(parseRetryAfter('Wed, 15 May 2024 11:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('-5', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
    expect(parseRetryAfter(['7', '9'], now)).toBe(7_000);
  });

  it('an HTTP-date Retry-After far away ends the call with the time in it', async () => {
    const inAnHour = new Date(Date.now() + 3_600_000).toUTCString();
    h.sim.fail('accounts', { status: 503, retryAfter: inAnHour });
    const err = await rejectionOf(h.client.listMessagingAccounts());
    expect(err).toMatchObject({ kind: 'unavailable', attempts: 1 });
    expect((err as ManagementApiError).retryAfterMs).toBeGreaterThan(3_500_000);
  });
});
