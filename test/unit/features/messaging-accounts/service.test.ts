import { describe, expect, it } from 'vitest';
import { ManagementApiError } from '../../../../src/api/index.ts';
import { listAccountSummaries as listed } from '../../../../src/features/messaging-accounts/service.ts';
import { ACCOUNT_PRESETS, secretValuesOf } from '../../../../src/sim/mgmt/index.ts';
import type { WireMessagingAccount } from '../../../../src/sim/mgmt/wire.ts';
import { readAccounts } from '../../../support/api-records.ts';

/** The records as the API sends them, read by the client as it reads the API's answer. */
const source = (records: WireMessagingAccount[]) => ({
  listMessagingAccounts: async () => readAccounts(records),
});
const listAccountSummaries = async (...args: Parameters<typeof listed>) => (await listed(...args)).summaries;

describe('listAccountSummaries', () => {
  it('sorts by customer, then id, whatever order the API used', async () => {
    const records = [
      ACCOUNT_PRESETS.free({ customer_id: 'b@example.com', id: '2' }),
      ACCOUNT_PRESETS.free({ customer_id: 'a@example.com', id: '9' }),
      ACCOUNT_PRESETS.free({ customer_id: 'b@example.com', id: '1' }),
    ];
    const list = await listAccountSummaries(source(records));
    expect(list.map((s) => `${s.account.customer_id}/${s.account.id}`)).toEqual([
      'a@example.com/9',
      'b@example.com/1',
      'b@example.com/2',
    ]);
  });

  it('keeps only allowlisted fields and a masked token', async () => {
    const record = ACCOUNT_PRESETS.extraSecrets({ token: 'fake-token-00000000ab12' });
    const [summary] = await listAccountSummaries(source([record]));
    expect(summary?.tokenMask).toBe('••••ab12');
    const text = JSON.stringify(summary);
    for (const secret of secretValuesOf(record)) expect(text).not.toContain(secret);
    expect(summary?.account).not.toHaveProperty('password');
    expect(summary?.account).not.toHaveProperty('token');
    expect(summary?.account).not.toHaveProperty('read_only_password');
    expect(text).not.toContain('feature_flags');
  });

  it('can leave the token hint out, and has none for an empty token', async () => {
    const [hidden] = await listAccountSummaries(source([ACCOUNT_PRESETS.free()]), { tokenHint: false });
    expect(hidden).not.toHaveProperty('tokenMask');
    const [empty] = await listAccountSummaries(source([ACCOUNT_PRESETS.free({ token: '' })]));
    expect(empty).not.toHaveProperty('tokenMask');
  });

  it('lets API errors through to the listener, which words them', async () => {
    const failing = {
      listMessagingAccounts: async () => {
        throw new ManagementApiError({
          kind: 'auth',
          operation: 'listMessagingAccounts',
          message: 'HTTP 401',
        });
      },
    };
    await expect(listAccountSummaries(failing)).rejects.toMatchObject({ kind: 'auth' });
  });
});
