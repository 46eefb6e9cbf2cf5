import { describe, expect, it } from 'vitest';
import { compose } from '../../src/demo/composer.ts';
import {
  fieldsOf,
  findButton,
  findOption,
  matchField,
  type Surface,
} from '../../src/demo/sandbox-targets.ts';
import type { SimView } from '../../src/sim/slack/index.ts';

describe('the sandbox composer: @names and #channels as Slack sends them', () => {
  it('turns known people, the approvers group and channels into references, and escapes > as Slack does', () => {
    expect(compose('watch catalog p99-query-latency > 250 notify @approver')).toEqual({
      ok: true,
      text: 'watch catalog p99-query-latency &gt; 250 notify <@U0APPROVER|approver>',
    });
    expect(compose('digest preview #team-ops')).toEqual({
      ok: true,
      text: 'digest preview <#C0TEAMOPS|team-ops>',
    });
    expect(compose('notify @ops-approvers.')).toEqual({
      ok: true,
      text: 'notify <!subteam^S0OPSAPPROVERS|@ops-approvers>.',
    });
  });

  it('keeps a reference typed the way Slack writes it', () => {
    expect(compose('notify <@U0APPROVER> now')).toEqual({ ok: true, text: 'notify <@U0APPROVER> now' });
  });

  it('names what it knows when a name is nobody’s', () => {
    const composed = compose('notify @bob in #nowhere');
    expect(composed.ok).toBe(false);
    if (composed.ok) return;
    expect(composed.sentence).toBe(
      "@bob isn't anyone here (people: @requester, @approver, @approver2, @outsider, @ops-approvers); " +
        "#nowhere isn't a channel here (channels: #general, #approvals, #team-ops). Nothing was sent.",
    );
  });
});

const button = (text: string, action_id: string, value?: string) => ({
  type: 'button',
  text: { type: 'plain_text', text },
  action_id,
  ...(value === undefined ? {} : { value }),
});
const message = (channel: string, ts: string, blocks: unknown[]): Surface => ({
  kind: 'message',
  message: { channel, ts, blocks },
});

describe('the sandbox points at what a person sees by its words', () => {
  const card = message('C0APPROVALS', '2.0', [
    {
      type: 'actions',
      block_id: 'b',
      elements: [button('✅ Approve', 'search.approve', '1'), button('Reject', 'search.reject', '1')],
    },
  ]);
  const stats = message('C0GENERAL', '1.0', [
    {
      type: 'actions',
      block_id: 'p',
      elements: [
        {
          type: 'static_select',
          action_id: 'stats.period',
          options: [
            { text: { type: 'plain_text', text: '1h · last hour' }, value: '1h' },
            { text: { type: 'plain_text', text: '7d · last 7 days' }, value: '7d' },
          ],
        },
      ],
    },
  ]);

  it('finds a button by its label, emoji aside, on the first surface that has one', () => {
    expect(findButton([stats, card], 'approve')).toMatchObject({
      actionId: 'search.approve',
      label: '✅ Approve',
      value: '1',
    });
    expect(findButton([stats, card], 'Acknowledge')).toBeUndefined();
  });

  it('finds a menu option by the words it starts with', () => {
    expect(findOption([card, stats], '7d')).toMatchObject({ actionId: 'stats.period', value: '7d' });
  });

  it('matches a field by its whole label, or by a word of it or of its id', () => {
    const view = {
      blocks: [
        {
          type: 'input',
          block_id: 'time',
          label: { text: 'Time of day' },
          element: { type: 'timepicker', action_id: 't' },
        },
        {
          type: 'input',
          block_id: 'zone',
          label: { text: 'Time zone' },
          element: { type: 'plain_text_input', action_id: 'z' },
        },
        {
          type: 'input',
          block_id: 'search_reason',
          label: { text: 'Why is it needed?' },
          element: { type: 'plain_text_input', action_id: 'r' },
        },
      ],
    } as unknown as SimView;
    const fields = fieldsOf(view);
    expect(matchField(fields, 'time of day 10:00')).toMatchObject({
      field: { label: 'Time of day' },
      value: '10:00',
    });
    expect(matchField(fields, 'reason For the catalogue')).toMatchObject({
      field: { label: 'Why is it needed?' },
      value: 'For the catalogue',
    });
    const ambiguous = matchField(fields, 'time 10:00');
    expect('candidates' in ambiguous && ambiguous.candidates.map((f) => f.label)).toEqual([
      'Time of day',
      'Time zone',
    ]);
  });
});
