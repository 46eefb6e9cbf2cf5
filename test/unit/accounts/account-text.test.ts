import { describe, expect, it } from 'vitest';
import {
  accountLines,
  apiText,
  budgetText,
  limitGroups,
  planText,
  reservedLabel,
  stateText,
} from '../../../src/accounts/account-text.ts';
import { ACCOUNT_PRESETS } from '../../../src/sim/mgmt/index.ts';
import { summaryOf } from '../../support/accounts.ts';

const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);
const shown = (o: Parameters<typeof ACCOUNT_PRESETS.free>[0] = {}) =>
  summaryOf(ACCOUNT_PRESETS.free(o)).account;

describe('plan', () => {
  it.each([
    ['messaging_fixed_1m', 'Fixed 1M'],
    ['messaging_fixed_10m', 'Fixed 10M'],
    ['messaging_fixed_100m', 'Fixed 100M'],
    ['messaging_fixed', 'Fixed'],
    ['messaging_fixed_5k', 'Fixed 5K'],
    ['enterprise:acme-42', 'Enterprise'],
    ['messaging_burst', 'messaging_burst'],
    ['<b>', '&lt;b&gt;'],
  ])('reserved_type %s reads %s', (raw, label) => {
    expect(reservedLabel(raw)).toBe(label);
  });

  it('has no reserved label when it is empty or absent', () => {
    expect(reservedLabel('')).toBeUndefined();
    expect(reservedLabel(undefined)).toBeUndefined();
  });

  it('names type, tier and a non-zero reserved price', () => {
    expect(planText(shown())).toBe('Free');
    expect(planText(summaryOf(ACCOUNT_PRESETS.fixed()).account)).toBe(
      'Paid · Fixed 10M · reserved price 180',
    );
    expect(planText(summaryOf(ACCOUNT_PRESETS.enterprise()).account)).toBe(
      'Paid · Enterprise · reserved price 2,499.50',
    );
    expect(planText(shown({ type: 'team' }))).toBe('team');
    expect(planText(shown({ type: 'toString' }))).toBe('toString');
    expect(planText(shown({ type: '__proto__' }))).toBe('__proto__');
  });

  it('says when an enterprise account is not enabled, and knows enterprise by its object too', () => {
    expect(planText(shown({ type: 'paid', enterprise: { enabled: false } }))).toBe(
      'Paid · Enterprise (not enabled)',
    );
  });
});

describe('state', () => {
  it.each([
    [{ state: 'active', active: true }, ':large_green_circle: active'],
    [{ state: 'active', active: false }, ':large_green_circle: active (active flag: off)'],
    [{ state: 'passive', active: false }, ':white_circle: passive'],
    [{ state: 'passive', active: true }, ':white_circle: passive (active flag: on)'],
    [
      { state: 'active', active: true, modifying_state: 'suspended' },
      ':hourglass_flowing_sand: active — suspension in progress',
    ],
    [
      { state: 'active', active: true, modifying_state: 'resizing' },
      ':hourglass_flowing_sand: active — change in progress (resizing)',
    ],
    [{ state: 'active', active: true, modifying_state: '' }, ':large_green_circle: active'],
    [{ state: 'migrating', active: false }, ':grey_question: migrating (unknown state; active flag: off)'],
    [{ state: '', active: true }, ':grey_question: (empty) (unknown state; active flag: on)'],
  ])('%o reads %s', (fields, text) => {
    expect(stateText(shown(fields))).toBe(text);
  });
});

describe('money and switches', () => {
  it('reads a budget of 0 as no limit', () => {
    expect(budgetText(0)).toBe('no limit');
    expect(budgetText(250)).toBe('$250/month');
  });

  it('reads monitoring_enabled as the string it is, and shows the token only masked', () => {
    const on = accountLines(
      { account: shown({ monitoring_enabled: 'true', prod_pack_enabled: true }), tokenMask: '••••ab12' },
      NOW,
    );
    expect(on[2]).toBe('metrics export on  ·  prod pack on  ·  token ••••ab12');
    const off = accountLines({ account: shown({ monitoring_enabled: 'false' }) }, NOW);
    expect(off[2]).toBe('metrics export off  ·  prod pack off');
  });
});

describe('history', () => {
  it('gives creation and last upgrade relative and absolute, with who created it', () => {
    const lines = accountLines(
      {
        account: shown({
          creation_time: NOW / 1000 - 400 * 86_400,
          last_plan_upgrade_time: NOW / 1000 - 86_400,
          created_by: 'bob@example.com',
        }),
      },
      NOW,
    );
    expect(lines[3]).toBe('Created about 1 year ago (11 Dec 2024 12:00 UTC) by bob@example.com');
    expect(lines[4]).toBe('Last plan upgrade 1 day ago (14 Jan 2026 12:00 UTC)');
  });

  it('says so when a time is missing, and leaves out an empty creator', () => {
    const lines = accountLines(
      { account: shown({ creation_time: 0, last_plan_upgrade_time: 0, created_by: '' }) },
      NOW,
    );
    expect(lines[3]).toBe('Created (time not given)');
    expect(lines[4]).toBe('Last plan upgrade: none recorded');
  });
});

describe('limits', () => {
  it('groups the limits and gives each its unit', () => {
    const groups = limitGroups(shown());
    expect(groups.map((g) => g.title)).toEqual([
      'Messages',
      'Topics & queues',
      'Delivery',
      'Dead-letter queue',
      'Completions',
      'Events & retention',
    ]);
    const text = groups.flatMap((g) => g.lines).join('\n');
    expect(text).toContain('max size 1 MiB');
    expect(text).toContain('requests/second 100 · rate limit 100');
    expect(text).toContain('topics 10 · queues 10 · schedules 10');
    expect(text).toContain('endpoints per topic 100');
    expect(text).toContain('parallelism 10 per endpoint · 100 global');
    expect(text).toContain('size 1,000 (unit not stated)');
    expect(text).toContain('retention 7 days');
    expect(text).toContain('calls 1,000/day · 60/minute');
    expect(text).toContain('events size 10,000 (unit not stated)');
    expect(text).toContain('retention 3 (unit not stated)');
  });

  it('reads INT32 max as unlimited in every unit', () => {
    const max = 2_147_483_647;
    const text = limitGroups(
      shown({
        max_message_size: max,
        max_delay: max,
        max_dlq_retention_time_milis: max,
        retention: max,
        max_queues: max,
      }),
    )
      .flatMap((g) => g.lines)
      .join('\n');
    expect(text).toContain('max size unlimited');
    expect(text).toContain('max delay unlimited');
    expect(text).toContain('retention unlimited');
    expect(text).toContain('queues unlimited');
    expect(text).toContain('retention unlimited (unit not stated)');
    expect(text).not.toContain('2,147,483,647');
  });
});

describe('apiText', () => {
  it('escapes, flattens and bounds what the API sends', () => {
    expect(apiText('<!channel> & co')).toBe('&lt;!channel&gt; &amp; co');
    expect(apiText('two\nlines')).toBe('two lines');
    expect(apiText('x'.repeat(100), 10)).toBe(`${'x'.repeat(9)}…`);
    expect(apiText('  ')).toBe('(empty)');
  });
});
