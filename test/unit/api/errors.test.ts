import { describe, expect, it } from 'vitest';
import {
  describeApiError,
  extractApiMessage,
  ManagementApiError,
  sanitizeApiMessage,
} from '../../../src/api/index.ts';

describe('extractApiMessage', () => {
  it.each([
    ['{"error":"index not found"}', 'index not found'],
    ['{"message":"quota exceeded"}', 'quota exceeded'],
    ['{"error":"first","message":"second"}', 'first'],
    ['{"error":"","message":"second"}', 'second'],
    ['{"error":{"code":7,"message":"nested"}}', 'nested'],
    ['{"code":7}', undefined],
    ['upstream connect error', 'upstream connect error'],
    ['{not json', '{not json'],
    ['<!DOCTYPE html><html><body>502</body></html>', undefined],
    ['   ', undefined],
  ])('%j -> %j', (body, expected) => {
    expect(extractApiMessage(body)).toBe(expected);
  });
});

describe('sanitizeApiMessage', () => {
  it('removes known secrets, auth header values, secret-looking pairs and opaque runs', () => {
    const out = sanitizeApiMessage(
      'bad user ops:fake-pw-1234 header Basic b3BzOmZha2UtcHctMTIzNA== token=fake-tok-abc "password": "hunter22" key 9f8e7d6c5b4a39281706f5e4d3c2b1a0ffee',
      ['fake-pw-1234', 'ops:fake-pw-1234'],
    );
    expect(out).toBe(
      'bad user [redacted] header Basic [redacted] token=[redacted] "password": "[redacted]" key [redacted]',
    );
  });

  it('keeps what makes a message useful: UUIDs, field names, short words', () => {
    const text =
      'index 9b2f6c1e-3d4a-4f5b-8c7d-1e2f3a4b5c6d over max_completion_tokens_per_minute in eu-west-1';
    expect(sanitizeApiMessage(text)).toBe(text);
  });

  it('makes one line of at most 200 characters', () => {
    const out = sanitizeApiMessage(`line one\nline\ttwo\u0000 ${'x '.repeat(300)}`);
    expect(out.startsWith('line one line two x x')).toBe(true);
    expect(out.length).toBeLessThanOrEqual(200);
    expect(out.endsWith('…')).toBe(true);
  });
});

function error(init: Partial<ConstructorParameters<typeof ManagementApiError>[0]>): ManagementApiError {
  return new ManagementApiError({
    kind: 'unavailable',
    operation: 'listMessagingAccounts',
    message: 'x',
    ...init,
  });
}

describe('describeApiError', () => {
  it('gives a sentence and a hint for every kind', () => {
    expect(describeApiError(error({ kind: 'auth' }))).toBe(
      'The management API rejected opsbot’s credentials — check MGMT_API_USERNAME / MGMT_API_PASSWORD.',
    );
    expect(describeApiError(error({ kind: 'unavailable' }))).toBe(
      'The management API is unavailable right now; try again in a minute.',
    );
    expect(describeApiError(error({ kind: 'timeout' }))).toBe(
      'The management API didn’t answer in time; try again in a minute.',
    );
    expect(describeApiError(error({ kind: 'invalid_response' }))).toBe(
      'The management API answered in a form opsbot doesn’t understand; the details are in the log.',
    );
    expect(describeApiError(error({ kind: 'not_found', operation: 'getVectorIndexStats' }))).toBe(
      'The management API has no vector index with that ID — check the ID and try again.',
    );
    expect(describeApiError(error({ kind: 'rejected', status: 400, apiMessage: 'name is required' }))).toBe(
      'The management API refused the request: name is required',
    );
    expect(describeApiError(error({ kind: 'rejected', status: 422 }))).toBe(
      'The management API refused the request (HTTP 422).',
    );
  });

  it.each([
    [1_000, 'a second'],
    [45_000, '45 seconds'],
    [60_000, 'a minute'],
    [61_000, '2 minutes'],
    [30 * 60_000, '30 minutes'],
    [3 * 3_600_000, '3 hours'],
  ])('words a Retry-After of %d ms as "%s"', (retryAfterMs, words) => {
    expect(describeApiError(error({ kind: 'rate_limited', retryAfterMs }))).toBe(
      `The management API is rate-limiting opsbot; try again in ${words}.`,
    );
  });

  it('warns that a create may have happened when the outcome is unknown', () => {
    const create = { operation: 'createSearchIndex', outcomeUnknown: true } as const;
    for (const kind of ['timeout', 'unavailable', 'invalid_response'] as const) {
      expect(describeApiError(error({ kind, ...create }))).toMatch(
        /Check the console .* before trying again\.$/,
      );
    }
    expect(describeApiError(error({ kind: 'timeout', operation: 'createSearchIndex' }))).not.toMatch(
      /console/,
    );
  });

  it('has a safe answer for errors that are not from the client', () => {
    expect(describeApiError(new Error('fake-secret-in-message'))).toBe(
      'Something went wrong while talking to the management API; the details are in the log.',
    );
  });
});
