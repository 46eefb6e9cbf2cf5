import { describe, expect, it } from 'vitest';
import { blockLines, messageLines } from '../../../src/demo/blocks-text.ts';
import { PLAIN_STYLE, type RenderOptions } from '../../../src/demo/slack-text.ts';

// The demo's transcript must read as Slack shows the same blocks: these are the cases where a
// literal reading of the JSON and Slack's screen differ.
const options: RenderOptions = {
  style: PLAIN_STYLE,
  names: {
    user: (id) => ({ U0ALICE: 'alice', U0BOB: 'bob' })[id] ?? id,
    channel: (id) => ({ C0OPS: 'team-ops' })[id] ?? id,
    group: (id) => ({ S0ONCALL: 'search-oncall' })[id],
  },
};
const mrkdwn = (text: string) =>
  messageLines({ blocks: [{ type: 'section', text: { type: 'mrkdwn', text } }] }, options);
const input = (label: string, element: Record<string, unknown>) =>
  blockLines({ type: 'input', label: { type: 'plain_text', text: label }, element }, options);
const option = (text: string) => ({ text: { type: 'plain_text', text }, value: text });
const plain = (text: string) => ({ type: 'plain_text', text });

describe('the demo transcript reads mrkdwn as Slack shows it', () => {
  it('shows a user group mention as the group’s handle, labelled or not', () => {
    expect(mrkdwn('2 approvals from <!subteam^S0ONCALL>')).toEqual(['2 approvals from @search-oncall']);
    expect(mrkdwn('calling <!subteam^S0ONCALL|@old-handle>')).toEqual(['calling @search-oncall']);
    expect(mrkdwn('calling <!subteam^S0GONE|@gone>')).toEqual(['calling @gone']);
  });

  it('shows people and channels by name', () => {
    expect(mrkdwn('<@U0ALICE> in <#C0OPS>')).toEqual(['@alice in #team-ops']);
  });

  it('loses an unescaped <placeholder> as Slack does, and shows an escaped one', () => {
    expect(mrkdwn('`/ops index name <id> <name>`')).toEqual(['`/ops index name id name`']);
    expect(mrkdwn('`/ops index name &lt;id&gt; &lt;name&gt;`')).toEqual(['`/ops index name <id> <name>`']);
  });

  it('reads rich text mentions by name and keeps its text literal', () => {
    const section = (elements: unknown[]) => ({
      type: 'rich_text',
      elements: [{ type: 'rich_text_section', elements }],
    });
    const block = section([
      { type: 'usergroup', usergroup_id: 'S0ONCALL' },
      { type: 'text', text: ' and ' },
      { type: 'user', user_id: 'U0BOB' },
      { type: 'text', text: ' in <#C0OPS> & ' },
      { type: 'channel', channel_id: 'C0OPS' },
    ]);
    expect(blockLines(block, options)).toEqual(['@search-oncall and @bob in <#C0OPS> & #team-ops']);
  });

  it('draws the emoji opsbot writes', () => {
    expect(mrkdwn(':telephone_receiver: :alarm_clock: :busts_in_silhouette:')).toEqual(['📞 ⏰ 👥']);
  });
});

describe('the demo transcript shows what a form holds, and a placeholder only as a hint', () => {
  it('shows the chosen channel and people by name', () => {
    expect(input('Post alerts in', { type: 'conversations_select', initial_conversation: 'C0OPS' })).toEqual([
      'Post alerts in: [#team-ops ▾]',
    ]);
    expect(input('Notify', { type: 'multi_users_select', initial_users: ['U0ALICE', 'U0BOB'] })).toEqual([
      'Notify: [@alice, @bob ▾]',
    ]);
  });

  it('shows a number input’s value', () => {
    expect(
      input('For how many checks', { type: 'number_input', is_decimal_allowed: false, initial_value: '3' }),
    ).toEqual(['For how many checks: [3]']);
  });

  it('shows a type-ahead’s chosen options, else its placeholder marked as one', () => {
    const chosen = { type: 'multi_external_select', initial_options: [option('catalog'), option('idx-2')] };
    expect(input('Vector indexes', chosen)).toEqual(['Vector indexes: [catalog, idx-2 ▾]']);
    const empty = { type: 'multi_external_select', placeholder: plain('catalog') };
    expect(input('Vector indexes', empty)).toEqual(['Vector indexes: [‹catalog› ▾]']);
  });

  it('never shows a placeholder as if it were chosen', () => {
    const select = { type: 'static_select', placeholder: plain('A period'), options: [option('1h')] };
    expect(input('Period', select)).toEqual(['Period: [‹A period› ▾]']);
    expect(input('Post in', { type: 'conversations_select', placeholder: plain('A channel') })).toEqual([
      'Post in: [‹A channel› ▾]',
    ]);
    expect(input('Note', { type: 'plain_text_input', placeholder: plain('e.g. call Bob') })).toEqual([
      'Note: [‹e.g. call Bob›]',
    ]);
  });

  it('never prints an element’s type name', () => {
    const [line] = input('Something new', { type: 'rich_text_input', action_id: 'x' });
    expect(line).not.toContain('rich_text_input');
  });
});
