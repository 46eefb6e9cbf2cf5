import { describe, expect, it } from 'vitest';
import { parseCreateArgs } from '../../../src/features/search-requests/parse.ts';
import { outcomeUnknownText, requestCard } from '../../../src/features/search-requests/views/cards.ts';
import {
  approveModal,
  rejectModal,
  requestModal,
} from '../../../src/features/search-requests/views/modals.ts';
import { checkBlockKit } from '../../../src/sim/slack/index.ts';
import type { RequestState } from '../../../src/store/index.ts';
import { textOf } from '../../support/blocks.ts';
import { aRequest, CREATED_RESULT } from '../../support/index-requests.ts';
import { elementsOf } from './fixtures.ts';

const STATES: RequestState[] = [
  'pending',
  'approved',
  'creating',
  'created',
  'failed',
  'rejected',
  'expired',
];

function requestFor(state: RequestState) {
  return aRequest({
    state,
    decidedBy: state === 'pending' || state === 'expired' ? null : 'U0APPROVER',
    decisionComment: state === 'rejected' ? 'Use the shared index instead' : null,
    result: state === 'created' ? CREATED_RESULT : null,
    failureMessage: state === 'failed' ? 'The management API refused the request: name taken' : null,
  });
}

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

describe('request card', () => {
  it.each(STATES)('passes Slack’s Block Kit checks when %s', (state) => {
    const card = requestCard(requestFor(state), { ttlHours: 24 });
    expect(checkBlockKit('message', card.blocks)).toEqual([]);
    expect(card.text).toContain('Search index request #7');
  });

  it('has Approve and Reject only while pending, each carrying only the request number', () => {
    const pending = elementsOf(requestCard(requestFor('pending'), { ttlHours: 24 }).blocks);
    expect(pending.map((e) => [e.action_id, e.value])).toEqual([
      ['search.approve', '7'],
      ['search.reject', '7'],
    ]);
    for (const state of STATES.filter((s) => s !== 'pending' && s !== 'failed')) {
      expect(elementsOf(requestCard(requestFor(state), { ttlHours: 24 }).blocks)).toEqual([]);
    }
  });

  it('shows who asked, what, why and when', () => {
    const text = textOf(requestCard(requestFor('pending'), { ttlHours: 24 }).blocks);
    expect(text).toContain('*Requested by*\n<@U0REQUESTER>');
    expect(text).toContain('*Expires*\n<!date^');
    expect(text).toContain('2026-01-15 09:30 UTC');
    const forSomeone = { ...requestFor('pending'), onBehalfOf: 'U0BEHALF' };
    expect(textOf(requestCard(forSomeone, { ttlHours: 24 }).blocks)).toContain(
      '*Requested by*\n<@U0REQUESTER> on behalf of <@U0BEHALF>',
    );
  });

  it('shows the outcome and who decided', () => {
    const created = textOf(requestCard(requestFor('created'), { ttlHours: 24 }).blocks);
    expect(created).toContain('*Created*');
    expect(created).toContain('approved by <@U0APPROVER>');
    expect(created).toContain(CREATED_RESULT.indexId);
    const rejected = textOf(requestCard(requestFor('rejected'), { ttlHours: 24 }).blocks);
    expect(rejected).toContain('*Rejected*');
    expect(rejected).toContain('by <@U0APPROVER>');
    expect(rejected).toContain('>Use the shared index instead');
    expect(textOf(requestCard(requestFor('expired'), { ttlHours: 48 }).blocks)).toContain(
      'no approver decided within 48 hours',
    );
  });

  it('offers Retry on failure, behind a confirmation', () => {
    const card = requestCard(requestFor('failed'), { ttlHours: 24 });
    expect(textOf(card.blocks)).toContain('The management API refused the request: name taken');
    const [retry] = elementsOf(card.blocks);
    expect(retry).toMatchObject({
      action_id: 'search.retry',
      value: '7',
      confirm: { confirm: { text: 'Retry' } },
    });
  });

  it('says plainly that the index may or may not exist when the outcome is unknown', () => {
    const request = aRequest({
      state: 'failed',
      decidedBy: 'U0APPROVER',
      outcomeUnknown: true,
      failureMessage: 'x',
    });
    const card = requestCard(request, { ttlHours: 24 });
    const text = textOf(card.blocks);
    expect(text).toContain(outcomeUnknownText(request));
    expect(text).toContain('the index *may or may not exist*');
    expect(text).toContain(
      'Check the provider’s console for an index named `product-search` in eu-west-1 before retrying',
    );
    const [retry] = elementsOf(card.blocks);
    expect(JSON.stringify(retry)).toContain('Only retry if the console shows no index named product-search');
    expect(checkBlockKit('message', card.blocks)).toEqual([]);
  });

  it('escapes what users typed so it cannot ping or restyle the card', () => {
    const card = requestCard(aRequest({ reason: '<!channel> please *now*\n<@U0BOSS>' }), { ttlHours: 24 });
    const text = textOf(card.blocks);
    expect(text).toContain('>&lt;!channel&gt; please *now*\n>&lt;@U0BOSS&gt;');
    expect(JSON.stringify(card)).not.toContain('<!channel>');
  });
});
