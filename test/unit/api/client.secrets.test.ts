import { inspect } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { describeApiError, ManagementApiError } from '../../../src/api/index.ts';
import type { SimFault, SimRoute } from '../../../src/sim/mgmt/index.ts';
import {
  ENCODED_CREDENTIALS,
  type Harness,
  PASSWORD,
  rejectionOf,
  startHarness,
  USERNAME,
} from './helpers.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});
beforeEach(() => {
  h.sim.reset();
  h.logs.length = 0;
});

function call(route: SimRoute): Promise<unknown> {
  if (route === 'create')
    return h.client.createSearchIndex({ name: 'leaky', region: 'eu-west-1', type: 'free' });
  if (route === 'accounts') return h.client.listMessagingAccounts();
  return h.client.getVectorIndexStats('idx-1');
}

/** Everything about a failure that could end up in Slack or a log line. */
function everythingSaidAbout(err: unknown): string {
  const e = err as ManagementApiError;
  return [
    e.message,
    e.apiMessage ?? '',
    e.stack ?? '',
    describeApiError(err),
    inspect(err, { depth: 10 }),
    JSON.stringify(err),
    JSON.stringify(h.logs),
  ].join('\n');
}

/** Not even a piece: a parser error quoting 12 characters of a secret is already a leak. */
function expectNoSecrets(text: string): void {
  const secrets = [PASSWORD, ENCODED_CREDENTIALS, ...h.sim.secretsHandedOut()];
  expect(secrets.length).toBeGreaterThan(3);
  for (const secret of secrets) {
    for (let i = 0; i + 12 <= secret.length; i++) {
      const piece = secret.slice(i, i + 12);
      if (text.includes(piece)) expect.fail(`leaked ${piece} (from a secret)`);
    }
  }
}

const faults: Array<[string, SimFault]> = [
  ['malformed JSON', { malformedJson: true }],
  ['unreadable record', { shape: 'unreadable' }],
  ['401', { status: 401 }],
  ['503', { status: 503 }],
  ['reset', { resetConnection: true }],
];

describe('a failed call never repeats a secret', () => {
  for (const route of ['create', 'accounts', 'stats'] as const) {
    for (const [label, fault] of faults) {
      it(`${route}: ${label}`, async () => {
        h.sim.fail(route, fault);
        const err = await rejectionOf(call(route));
        expect(err).toBeInstanceOf(ManagementApiError);
        expectNoSecrets(everythingSaidAbout(err));
      });
    }
  }

  it('the malformed body really did carry secrets (so the check above means something)', async () => {
    const served: string[] = [];
    h.sim.fail('accounts', { malformedJson: true });
    await rejectionOf(h.client.listMessagingAccounts());
    served.push(...h.sim.secretsHandedOut());
    expect(served.some((s) => s.startsWith('fake-msg-token-'))).toBe(true);
  });

  it('an error body echoing the credentials and record secrets is scrubbed', async () => {
    const [account] = h.sim.accounts;
    const echo = [
      `invalid login ${USERNAME}:${PASSWORD}`,
      `Authorization: Basic ${ENCODED_CREDENTIALS}`,
      `password=${PASSWORD}`,
      `record {"token": "${account?.token}", "password":"${account?.password}"}`,
    ].join(' ');
    h.sim.fail('stats', { status: 400, body: JSON.stringify({ error: echo }) });
    const err = (await rejectionOf(h.client.getVectorIndexStats('idx-1'))) as ManagementApiError;
    expect(err.kind).toBe('rejected');
    expect(err.apiMessage).toContain('invalid login');
    expect(err.apiMessage).toContain('[redacted]');
    expectNoSecrets(everythingSaidAbout(err));
  });

  it('a long error body is cut to about 200 characters', async () => {
    h.sim.fail('create', {
      status: 409,
      body: `conflict: ${'the index is being provisioned; '.repeat(100)}`,
    });
    const err = (await rejectionOf(call('create'))) as ManagementApiError;
    expect(err.apiMessage?.length).toBeLessThanOrEqual(200);
    expect(err.apiMessage).toMatch(/^conflict: the index is being provisioned;.*…$/);
  });
});

describe('a successful call never logs a secret', () => {
  it('logs neither the Authorization header nor response bodies', async () => {
    await h.client.createSearchIndex({ name: 'quiet', region: 'us-central1', type: 'payg' });
    await h.client.listMessagingAccounts();
    await h.client.getVectorIndexStats('idx-1', '12h');
    expect(h.logs.filter((l) => l.level === 'debug')).toHaveLength(3);
    const text = JSON.stringify(h.logs);
    expect(text).not.toMatch(/authorization/i);
    expectNoSecrets(text);
  });
});
