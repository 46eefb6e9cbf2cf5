// `notify …` and `remind …` at the end of the text form, as Slack sends them with escaping on.
import { describe, expect, it } from 'vitest';
import { splitOwners } from '../../../../src/features/watches/owners.ts';
import { asTyped, tokenize } from '../../../../src/slack/router.ts';

/** As the router hands the words over: Slack's entities read back, then split. */
const split = (text: string) => splitOwners(tokenize(asTyped(text)), '/ops');

describe('the text form’s owners', () => {
  it('reads people and groups as Slack escapes them, and the reminder interval', () => {
    expect(
      split(
        'idx-1 p99-query-latency &gt; 250 for 3 notify <!subteam^S0ONCALL|@search-oncall> <@U0BOB|bob> remind 20m',
      ),
    ).toEqual({
      ok: true,
      rule: ['idx-1', 'p99-query-latency', '>', '250', 'for', '3'],
      notify: { users: ['U0BOB'], groups: ['S0ONCALL'] },
      groupHandles: { S0ONCALL: 'search-oncall' },
      remindEveryMs: 20 * 60_000,
    });
    expect(split('idx-1 monthly_cost > $50 remind never')).toEqual({
      ok: true,
      rule: ['idx-1', 'monthly_cost', '>', '$50'],
      remindEveryMs: null,
    });
    expect(split('idx-1 monthly_cost > $50')).toEqual({
      ok: true,
      rule: ['idx-1', 'monthly_cost', '>', '$50'],
    });
  });

  it('a plain @name Slack didn’t recognise: how to pick the person', () => {
    const plain = split('idx-1 monthly_cost > $50 notify @alice');
    expect(plain).toEqual({
      ok: false,
      problem: expect.stringContaining('Type @ and choose them from the list Slack shows'),
    });
    expect(split('idx-1 monthly_cost > $50 notify')).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/^Say who to notify/),
    });
    expect(split('idx-1 monthly_cost > $50 notify <#C0X|general>')).toMatchObject({
      ok: false,
      problem: expect.stringContaining('not channels'),
    });
    expect(split('idx-1 monthly_cost > $50 remind 1.5h')).toMatchObject({
      ok: false,
      problem: expect.stringContaining('`remind 20m`'),
    });
  });
});
