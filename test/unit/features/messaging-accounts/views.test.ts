import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AccountSummary } from '../../../../src/accounts/account-text.ts';
import { ACTION } from '../../../../src/features/messaging-accounts/ids.ts';
import {
  accountsView,
  MAX_ACCOUNTS_PER_PAGE,
  noAccountsMessage,
  overviewText,
  type PageMode,
  problemMessage,
} from '../../../../src/features/messaging-accounts/views.ts';
import {
  ACCOUNT_PRESETS,
  makeMessagingAccounts,
  type SimMessagingAccount,
} from '../../../../src/sim/mgmt/index.ts';
import { findBlockKitViolations } from '../../../../src/sim/slack/index.ts';
import { textWeight } from '../../../../src/slack/blocks.ts';
import { summaryOf } from '../../../support/accounts.ts';
import { buttonsIn, textOf } from '../../../support/blocks.ts';

const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);
const MODES: PageMode[] = [{ kind: 'ephemeral' }, { kind: 'shared', sharedBy: 'U0REQUESTER' }];
const summaries = (records: SimMessagingAccount[]): AccountSummary[] =>
  records.map((r) => summaryOf(r, '••••ab12'));

function expectWithinSlackLimits(blocks: unknown[]) {
  expect(findBlockKitViolations('message', blocks)).toEqual([]);
  expect(blocks.length).toBeLessThanOrEqual(50);
  expect(textWeight(blocks)).toBeLessThanOrEqual(11_000);
}

describe('accountsView', () => {
  it('puts one account on one page with a Share button and no Show more', () => {
    const view = accountsView(summaries([ACCOUNT_PRESETS.free()]), NOW);
    expect(view.pages).toEqual([{ start: 0, end: 1 }]);
    const page = view.render({ start: 0, end: 1 }, { kind: 'ephemeral' });
    expect(page.text).toBe('Messaging accounts — account 1 of 1');
    expect(buttonsIn(page.blocks)).toEqual([
      { action_id: ACTION.share, value: '0', text: 'Share in channel' },
    ]);
    expectWithinSlackLimits(page.blocks);
  });

  it('pages 40 accounts into whole cards, each page within limits, in both frames', () => {
    const view = accountsView(summaries(makeMessagingAccounts(40)), NOW);
    expect(view.pages.length).toBeGreaterThan(1);
    let next = 0;
    for (const page of view.pages) {
      expect(page.start).toBe(next);
      expect(page.end - page.start).toBeLessThanOrEqual(MAX_ACCOUNTS_PER_PAGE);
      next = page.end;
      for (const mode of MODES) expectWithinSlackLimits(view.render(page, mode).blocks);
    }
    expect(next).toBe(40);
  });

  it('offers the next position on "Show more" and this page on "Share"', () => {
    const view = accountsView(summaries(makeMessagingAccounts(25)), NOW);
    const [first, second] = view.pages;
    if (first === undefined || second === undefined) throw new Error('expected two pages');
    const buttons = buttonsIn(view.render(first, { kind: 'ephemeral' }).blocks);
    expect(buttons).toEqual([
      { action_id: ACTION.showMore, value: String(first.end), text: `Show more (${25 - first.end} left)` },
      { action_id: ACTION.share, value: '0', text: 'Share in channel' },
    ]);
    expect(view.pageAt(first.end)).toEqual(second);
  });

  it('finds the last page for a position past the end (the list shrank since)', () => {
    const view = accountsView(summaries(makeMessagingAccounts(3)), NOW);
    expect(view.pageAt(999)).toEqual(view.pages.at(-1));
  });

  it('attributes a shared page and carries no buttons', () => {
    const view = accountsView(summaries(makeMessagingAccounts(12)), NOW);
    const page = view.pages[0];
    if (page === undefined) throw new Error('no page');
    const shared = view.render(page, { kind: 'shared', sharedBy: 'U0REQUESTER' });
    expect(textOf(shared.blocks)).toContain('Shared by <@U0REQUESTER>');
    expect(textOf(shared.blocks)).toContain(`${12 - page.end} more not shown here`);
    expect(buttonsIn(shared.blocks)).toEqual([]);
  });

  it('summarises the whole list on every page, a bounded number of values named', () => {
    const records = Array.from({ length: 8 }, (_, i) => ACCOUNT_PRESETS.free({ state: `state-${i}` }));
    const text = overviewText(summaries(records));
    expect(text).toContain('*8 accounts*');
    expect(text).toContain('states: 1 state-0, 1 state-1, 1 state-2, 1 state-3, 4 other');
    expect(text).toContain(':grey_question: 8 in a state opsbot doesn’t know');
  });

  it('stays within Slack limits whatever the API sends (long, hostile, unknown values)', () => {
    const hostile = fc.oneof(
      fc.string({ maxLength: 400 }),
      fc.constantFrom(
        '<!channel>',
        '<@U123|x>',
        '*_~`',
        '&amp;',
        '\n\n\n',
        '🙂'.repeat(300),
        'toString',
        '__proto__',
        'constructor',
      ),
    );
    const number = fc.oneof(
      fc.integer(),
      fc.constantFrom(0, -1, 2_147_483_647, 2 ** 63, 1e300),
      fc.double({ noNaN: true }),
    );
    const account = fc.record({
      customer_id: hostile,
      state: hostile,
      modifying_state: fc.option(hostile, { nil: undefined }),
      region: hostile,
      type: hostile,
      reserved_type: fc.option(hostile, { nil: undefined }),
      created_by: hostile,
      id: hostile,
      budget: number,
      max_topics: number,
      creation_time: number,
      retention: number,
      reserved_price: number,
    });
    fc.assert(
      fc.property(fc.array(account, { minLength: 1, maxLength: 45 }), (overrides) => {
        const records = overrides.map((o) => {
          const { modifying_state, reserved_type, ...rest } = o;
          return ACCOUNT_PRESETS.free({
            ...rest,
            ...(modifying_state === undefined ? {} : { modifying_state }),
            ...(reserved_type === undefined ? {} : { reserved_type }),
          });
        });
        const view = accountsView(summaries(records), NOW);
        const covered = view.pages.reduce((sum, p) => sum + (p.end - p.start), 0);
        expect(covered).toBe(records.length);
        for (const page of view.pages) {
          for (const mode of MODES) {
            const { blocks } = view.render(page, mode);
            expectWithinSlackLimits(blocks);
            expect(JSON.stringify(blocks)).not.toMatch(/<!channel>|<@U123/);
          }
        }
      }),
      { numRuns: 40 },
    );
  }, 30_000);
});

describe('other messages', () => {
  it('says plainly that there are no accounts', () => {
    const message = noAccountsMessage();
    expect(message.text).toBe('There are no messaging accounts.');
    expect(buttonsIn(message.blocks)).toEqual([]);
    expectWithinSlackLimits(message.blocks);
  });

  it('shows a problem as one inert sentence', () => {
    const message = problemMessage('The API refused: <!channel> & friends');
    expect(message.text).toBe('The API refused: &lt;!channel&gt; &amp; friends');
    expect(textOf(message.blocks)).toBe(':warning: The API refused: &lt;!channel&gt; &amp; friends');
    expectWithinSlackLimits(message.blocks);
  });
});
