// One reader takes each driver's shapes (SQLite: 0/1 and JSON text; pg: booleans, bigint as text,
// decoded arrays) into the same domain records, and refuses a value it cannot read faithfully.
import { describe, expect, it } from 'vitest';
import { read, toSubscription } from '../../../src/store/rows.ts';
import { HOUR, subscriptionInput, T0 } from '../../support/store-inputs.ts';

// The contract's usual subscription, as it reads back after being saved at T0.
const { at: _at, ...saved } = subscriptionInput();
const subscription = { ...saved, createdAt: T0, updatedAt: T0 };

const common = {
  channel_id: 'C0DIGEST',
  configured_by: 'U0CONFIG',
  period: '1d',
  local_time: '09:30',
  time_zone: 'Europe/Berlin',
};

describe('column readers', () => {
  it('read the same subscription from a SQLite row and from a PostgreSQL row', () => {
    const sqliteRow = {
      ...common,
      index_ids: '["vec-1","vec-2"]',
      days: '[1,2,3,4,5]',
      include_accounts: 1,
      include_requests: 0,
      created_at: T0,
      updated_at: T0,
      next_run_at: T0 + HOUR,
    };
    const postgresRow = {
      ...common,
      index_ids: ['vec-1', 'vec-2'],
      days: [1, 2, 3, 4, 5],
      include_accounts: true,
      include_requests: false,
      created_at: String(T0),
      updated_at: String(T0),
      next_run_at: String(T0 + HOUR),
    };
    expect(toSubscription(sqliteRow)).toEqual(subscription);
    expect(toSubscription(postgresRow)).toEqual(subscription);
  });

  it('refuses a PostgreSQL bigint that a JavaScript number cannot hold exactly', () => {
    expect(read.num({ n: '9007199254740991' }, 'n')).toBe(Number.MAX_SAFE_INTEGER);
    expect(() => read.num({ n: '9007199254740993' }, 'n')).toThrow(
      'column n: 9007199254740993 does not fit a JavaScript number',
    );
  });

  it('refuses a value of the wrong kind, naming the column', () => {
    expect(() => read.num({ n: 'twelve' }, 'n')).toThrow('column n: expected a number, got string');
    expect(() => read.bool({ b: 2 }, 'b')).toThrow('column b: expected a boolean, got number');
    expect(() => toSubscription({ ...common, index_ids: 7 })).toThrow(
      'column index_ids: expected JSON, got number',
    );
  });
});
