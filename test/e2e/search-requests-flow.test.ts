import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIM_IDS, type SimulatedWorkspace, startSimulatedWorkspace } from '../../src/sim/workspace.ts';
import {
  cardFor,
  fileRequest,
  openDecision,
  textOf,
  viewFor,
  waitForCard,
  waitForDm,
} from '../support/search-requests.ts';

const { requester, approver, generalChannel } = SIM_IDS;

describe('e2e: a search index request, approved and created', () => {
  let ws: SimulatedWorkspace;
  beforeAll(async () => {
    ws = await startSimulatedWorkspace();
  });
  afterAll(async () => {
    await ws?.stop();
  });

  it('opens the request modal at once, prefilled from the command text in any order', async () => {
    const res = await ws.driver.command('search create payg us-central1 catalogue', {
      userId: requester,
      channelId: generalChannel,
    });
    expect(res.status).toBe(200);
    expect(res.body).toBe('');
    const view = await viewFor(ws, requester, 'search.request');
    expect(JSON.stringify(view.blocks)).toContain('"initial_value":"catalogue"');
    expect(view.blocks).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          block_id: 'search_region',
          element: expect.objectContaining({
            initial_option: expect.objectContaining({ value: 'us-central1' }),
          }),
        }),
        expect.objectContaining({
          block_id: 'search_plan',
          element: expect.objectContaining({ initial_option: expect.objectContaining({ value: 'payg' }) }),
        }),
      ]),
    );
  });

  it('posts a card to the approvals channel and confirms privately with the request number', async () => {
    const ack = await fileRequest(ws, { reason: 'Search for the <!channel> catalogue' });
    expect(ack.applied).toEqual({ ok: true });
    const card = textOf((await cardFor(ws, 1)).blocks);
    for (const part of [
      '<@U0REQUESTER>',
      '`product-search`',
      'eu-west-1',
      'payg',
      '&lt;!channel&gt; catalogue',
    ]) {
      expect(card).toContain(part);
    }
    await ws.slack.waitFor((c) => c.method === 'chat.postEphemeral');
    const request = await ws.store.getRequest(1);
    expect(request).toMatchObject({
      state: 'pending',
      name: 'product-search',
      card: { channel: SIM_IDS.approvalChannel },
    });
    const confirmation = ws.slack.ephemeralsFor(requester).at(-1);
    expect(confirmation?.channel).toBe(generalChannel);
    expect(textOf(confirmation?.blocks)).toContain('Request *#1* for `product-search`');
    expect(textOf(confirmation?.blocks)).toContain('is waiting for approval in <#C0APPROVALS>');
  });

  it('approves through the confirmation modal, creates the index once and updates the card in place', async () => {
    const modal = await openDecision(ws, approver, 1, 'approve');
    expect(textOf(modal.blocks)).toContain('Approving creates this search index right away');
    const ack = await ws.driver.submitView({
      userId: approver,
      view: modal,
      values: { search_comment: { search_comment: 'ok for Q3' } },
    });
    expect(ack.applied).toEqual({ ok: true });
    const card = await waitForCard(ws, 1, (t) => t.includes('*Created*'));
    expect(textOf(card.blocks)).toContain('approved by <@U0APPROVER>');
    expect(textOf(card.blocks)).toContain(ws.mgmt.created[0]?.id);
    expect(JSON.stringify(card.blocks)).not.toContain('search.approve');
    expect(ws.mgmt.createCalls).toEqual([{ name: 'product-search', region: 'eu-west-1', type: 'payg' }]);
    // The API answered at once: the card went from approved to created, never saying "creating"
    // (each update waits its turn in chat.update's budget).
    const updates = ws.slack.calls.filter((c) => c.method === 'chat.update' && c.args.ts === card.ts);
    expect(updates.some((c) => textOf(c.args.blocks).includes('creating'))).toBe(false);
  });

  it('tells the requester in a DM what was created, with limits in words and no tokens', async () => {
    const dms = await waitForDm(ws, requester, 'Your search index is ready');
    const dm = dms.find((t) => t.includes('Your search index is ready')) ?? '';
    const record = ws.mgmt.created[0];
    for (const part of [
      record?.id,
      record?.endpoint,
      '*Region:* eu-west-1',
      '• Queries: unlimited',
      'provider’s console',
    ]) {
      expect(dm).toContain(part);
    }
    expect(dm).toContain(`token ••••${record?.token.slice(-4)}`);
    expect(dm).not.toContain(record?.token);
    expect(dm).not.toContain(record?.read_only_token);
  });
});

describe('e2e: the request modal refuses what cannot work', () => {
  let ws: SimulatedWorkspace;
  beforeAll(async () => {
    ws = await startSimulatedWorkspace({ env: { MAX_PENDING_REQUESTS_PER_USER: '2' } });
  });
  afterAll(async () => {
    await ws?.stop();
  });

  const replyTo = async (url: string) => {
    await ws.slack.waitFor(() => ws.slack.responses.some((r) => r.url === url));
    return ws.slack.responses.find((r) => r.url === url);
  };
  const errorsOf = (ack: { ack: unknown }) => (ack.ack as { errors?: Record<string, string> }).errors ?? {};

  it('puts a name error under the name field and says what is allowed', async () => {
    const ack = await fileRequest(ws, { text: 'search create Product_Search eu-west-1 free' });
    expect(ack.ack).toMatchObject({ response_action: 'errors' });
    expect(ack.applied).toEqual({ ok: true });
    expect(errorsOf(ack)).toEqual({
      search_name:
        'Names use 3–40 characters: lowercase letters, digits and hyphens, starting with a letter and not ending with a hyphen. Try “product-search”.',
    });
  });

  it('requires the name, region, plan and reason', async () => {
    const ack = await fileRequest(ws, { text: 'search create', reason: '' });
    expect(Object.keys(errorsOf(ack)).sort()).toEqual([
      'search_name',
      'search_plan',
      'search_reason',
      'search_region',
    ]);
    expect(errorsOf(ack).search_region).toBe('Choose a region: eu-west-1 or us-central1.');
  });

  it('refuses a region or plan that is not offered (a forged submission)', async () => {
    const ack = await fileRequest(ws, {
      values: {
        search_region: { search_region: { type: 'static_select', selected_option: { value: 'ap-south-1' } } },
        search_plan: { search_plan: { type: 'static_select', selected_option: { value: 'fixed' } } },
      },
    });
    expect(errorsOf(ack)).toEqual({
      search_region: 'Choose a region: eu-west-1 or us-central1.',
      search_plan: 'The fixed plan isn’t currently available — only free and payg (pay as you go) are.',
    });
  });

  it('answers a typed `fixed` with a clear sentence instead of prefilling a doomed plan', async () => {
    await ws.driver.command('search create big-index us-central1 fixed', { userId: SIM_IDS.outsider });
    const view = await viewFor(ws, SIM_IDS.outsider, 'search.request');
    expect(textOf(view.blocks)).toContain('The fixed plan isn’t currently available — only free and payg');
    expect(JSON.stringify(view.blocks)).not.toContain('"value":"fixed"');
  });

  it('stops a user at the pending-request cap, in the modal and before opening another', async () => {
    expect((await fileRequest(ws, { text: 'search create first-one eu-west-1 free' })).applied.ok).toBe(true);
    // A modal opened under the cap, submitted after another request reached it.
    const before = ws.slack.views.length;
    await ws.driver.command('search create late-one eu-west-1 free', { userId: requester });
    await ws.slack.waitFor(() => ws.slack.views.length > before);
    const stale = ws.slack.views.at(-1)?.view;
    expect((await fileRequest(ws, { text: 'search create second-one eu-west-1 free' })).applied.ok).toBe(
      true,
    );
    if (!stale) throw new Error('no modal');
    const late = await ws.driver.submitView({
      userId: requester,
      view: stale,
      values: { search_reason: { search_reason: 'one more' } },
    });
    expect(errorsOf(late).search_name).toContain('You already have 2 requests waiting for approval');
    const res = await ws.driver.command('search create third-one eu-west-1 free', { userId: requester });
    const reply = await replyTo(res.responseUrl);
    expect(reply?.text).toContain(
      'You already have 2 requests waiting for approval, the most one person may have.',
    );
    expect(await ws.store.countPendingByRequester(requester)).toBe(2);
  });

  it('answers through response_url when the trigger expired before the modal could open', async () => {
    ws.slack.fail('views.open', { error: 'expired_trigger_id' }, { times: 1 });
    const res = await ws.driver.command('search create late-one eu-west-1 free', { userId: approver });
    const reply = await replyTo(res.responseUrl);
    expect(reply?.text).toBe(
      ':warning: Slack took too long to open the form, so it couldn’t be shown. Please try again.',
    );
  });
});

describe('e2e: the approvals channel cannot be reached', () => {
  let ws: SimulatedWorkspace;
  beforeAll(async () => {
    ws = await startSimulatedWorkspace();
  });
  afterAll(async () => {
    await ws?.stop();
  });

  it('keeps the request and tells the requester plainly', async () => {
    ws.slack.fail('chat.postMessage', { error: 'not_in_channel' }, { times: 1 });
    expect((await fileRequest(ws)).applied.ok).toBe(true);
    await ws.slack.waitFor((c) => c.method === 'chat.postEphemeral');
    const text = textOf(ws.slack.ephemeralsFor(requester).at(-1)?.blocks);
    expect(text).toContain('Request *#1* for `product-search`');
    expect(text).toContain('is saved, but opsbot couldn’t post it to the approvals channel <#C0APPROVALS>');
    expect(text).toContain('opsbot isn’t a member of that channel');
    expect(await ws.store.getRequest(1)).toMatchObject({ state: 'pending', card: null });
  });
});
