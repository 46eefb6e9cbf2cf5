import { describe, expect, it } from 'vitest';
import { outcomeUnknownText, requestCard } from '../../../../../src/features/search-requests/views/cards.ts';
import { checkBlockKit } from '../../../../../src/sim/slack/index.ts';
import type { RequestState } from '../../../../../src/store/index.ts';
import { textOf } from '../../../../support/blocks.ts';
import { aRequest, CREATED_RESULT } from '../../../../support/index-requests.ts';
import { elementsOf, requestFor } from './fixtures.ts';

const STATES: RequestState[] = [
  'pending',
  'approved',
  'creating',
  'created',
  'failed',
  'rejected',
  'expired',
];

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
