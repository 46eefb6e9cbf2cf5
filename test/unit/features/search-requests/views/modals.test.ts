import { describe, expect, it } from 'vitest';
import { parseCreateArgs } from '../../../../../src/features/search-requests/parse.ts';
import { requestCard } from '../../../../../src/features/search-requests/views/cards.ts';
import {
  approveModal,
  rejectModal,
  requestModal,
} from '../../../../../src/features/search-requests/views/modals.ts';
import { checkBlockKit } from '../../../../../src/sim/slack/index.ts';
import { textOf } from '../../../../support/blocks.ts';
import { aRequest } from '../../../../support/index-requests.ts';
import { elementsOf, requestFor } from './fixtures.ts';

describe('request modal', () => {
  it('is prefilled from the command text and passes Slack’s Block Kit checks', () => {
    const view = requestModal(parseCreateArgs(['catalogue', 'us-central1', 'payg']), {
      channelId: 'C0GENERAL',
    });
    expect(checkBlockKit('modal', view.blocks, view)).toEqual([]);
    const [name, region, plan, reason] = elementsOf(view.blocks);
    expect(name).toMatchObject({ type: 'plain_text_input', initial_value: 'catalogue' });
    expect(region).toMatchObject({ type: 'static_select', initial_option: { value: 'us-central1' } });
    expect(plan).toMatchObject({ type: 'static_select', initial_option: { value: 'payg' } });
    expect(reason).toMatchObject({ type: 'plain_text_input', multiline: true });
    expect(JSON.parse(view.private_metadata ?? '')).toEqual({ channelId: 'C0GENERAL' });
  });

  it('offers exactly the two regions and the two available plans', () => {
    const view = requestModal(parseCreateArgs([]), { channelId: 'C0GENERAL' });
    const [, region, plan] = elementsOf(view.blocks);
    const values = (el: unknown) =>
      ((el as { options: { value: string }[] }).options ?? []).map((o) => o.value);
    expect(values(region)).toEqual(['eu-west-1', 'us-central1']);
    expect(values(plan)).toEqual(['free', 'payg']);
    expect(elementsOf(view.blocks)[0]).not.toHaveProperty('initial_value');
    expect(checkBlockKit('modal', view.blocks, view)).toEqual([]);
  });

  it('explains that fixed is not available, and says which words it did not use (escaped)', () => {
    const view = requestModal(parseCreateArgs(['idx', 'fixed', '<!channel>']), { channelId: 'C0GENERAL' });
    const text = textOf(view.blocks);
    expect(text).toContain(
      'The fixed plan isn’t currently available — only free and payg (pay as you go) are.',
    );
    expect(text).toContain('Not used from your command: `&lt;!channel&gt;`');
    expect(text).not.toContain('<!channel>');
    expect(checkBlockKit('modal', view.blocks, view)).toEqual([]);
  });

  it('tells the user the naming rule before they submit', () => {
    const view = requestModal(parseCreateArgs([]), { channelId: 'C0GENERAL' });
    expect(textOf(view.blocks)).toContain('lowercase letters, digits and hyphens, starting with a letter');
  });
});

describe('decision modals', () => {
  it('approve shows the summary, an optional comment, and carries only the request number', () => {
    const view = approveModal(aRequest());
    expect(checkBlockKit('modal', view.blocks, view)).toEqual([]);
    expect(view.title.text).toBe('Approve request #7');
    expect(JSON.parse(view.private_metadata ?? '')).toEqual({ requestId: 7 });
    const text = textOf(view.blocks);
    for (const part of [
      '<@U0REQUESTER>',
      '`product-search`',
      'eu-west-1',
      'payg',
      '>Search for the new catalogue',
    ]) {
      expect(text).toContain(part);
    }
    expect(view.blocks.find((b) => b.type === 'input')).toMatchObject({ optional: true });
  });

  it('reject asks for a required reason', () => {
    const view = rejectModal(aRequest({ id: 123456 }));
    expect(checkBlockKit('modal', view.blocks, view)).toEqual([]);
    expect(view.blocks.find((b) => b.type === 'input')).not.toHaveProperty('optional');
    expect(view.title.text.length).toBeLessThanOrEqual(24);
  });
});

describe('modal ids', () => {
  it('a decision modal’s callback id is none of the card’s action ids: a submit never reaches a click’s listener', () => {
    const actionIds = elementsOf(requestCard(requestFor('pending'), { ttlHours: 24 }).blocks).map(
      (e) => e.action_id,
    );
    for (const modal of [approveModal(aRequest()), rejectModal(aRequest())])
      expect(actionIds).not.toContain(modal.callback_id);
  });
});
