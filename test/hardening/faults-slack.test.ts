// Issue 8, "Faults (Slack Web API)": rate limits, server errors, refused blocks, expired triggers,
// an approvals channel opsbot can't post in, and spent response_urls. Each case ends with what the
// person sees, and with what stays stored.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FORM_NOT_OPENED } from '../../src/errors.ts';
import { SIM_IDS, type SimulatedWorkspace, startSimulatedWorkspace } from '../../src/sim/workspace.ts';
import { answerTo } from '../support/answers.ts';
import { textOf } from '../support/blocks.ts';
import { parsedLogs } from '../support/logs.ts';
import { until } from '../support/poll.ts';
import { cardFor, fileRequest, openDecision, waitForDm } from '../support/search-requests.ts';
import { healthy } from './helpers.ts';

const { requester, approver, generalChannel, approvalChannel } = SIM_IDS;

describe('faults of the Slack Web API', () => {
  let ws: SimulatedWorkspace;
  beforeAll(async () => {
    ws = await startSimulatedWorkspace({ env: { MAX_PENDING_REQUESTS_PER_USER: '100' } });
  });
  afterAll(async () => {
    await ws?.stop();
  });
  afterEach(async () => {
    ws.slack.clearFaults();
    ws.mgmt.reset();
    expect(await healthy(ws.url)).toBe(true);
  });

  /** The requester's private confirmation for the newest request. */
  /** Slack's client retries a failing call with backoff (up to ~7 s in all) before opsbot says so. */
  async function confirmationOf(id: number): Promise<string> {
    const found = () =>
      ws.slack.ephemeralsFor(requester).find((e) => textOf(e.blocks).includes(`Request *#${id}*`));
    return textOf((await until(found, `the confirmation of request #${id}`, 15_000)).blocks);
  }

  async function newestRequest() {
    const [request] = await ws.store.listRecentRequests({ limit: 1 });
    if (!request) throw new Error('no request stored');
    return request;
  }

  it('429 with Retry-After on chat.postMessage: waits as asked, then posts the card', async () => {
    ws.slack.fail('chat.postMessage', { rateLimited: 1 }, { times: 1 });
    const limitedBefore = ws.slack.rateLimitedCount;
    expect((await fileRequest(ws, { text: 'search create limited-index eu-west-1 free' })).applied.ok).toBe(
      true,
    );
    const request = await newestRequest();
    const card = await cardFor(ws, request.id);
    expect(textOf(card.blocks)).toContain('limited-index');
    expect(ws.slack.rateLimitedCount).toBe(limitedBefore + 1);
    const posts = ws.slack.callsTo('chat.postMessage').filter((c) => c.args.channel === approvalChannel);
    const [limited, posted] = posts.slice(-2);
    // Slack's Retry-After was honoured: the second attempt came no sooner than a second later.
    expect((posted?.at ?? 0) - (limited?.at ?? 0)).toBeGreaterThanOrEqual(1000);
    expect(await confirmationOf(request.id)).toContain('is waiting for approval in <#C0APPROVALS>');
  });

  it('500 once on chat.postMessage: retried, and the card is posted', async () => {
    ws.slack.fail('chat.postMessage', { status: 500 }, { times: 1 });
    await fileRequest(ws, { text: 'search create blip-index eu-west-1 free' });
    const request = await newestRequest();
    await cardFor(ws, request.id);
    // The card's place is stored right after Slack answers the post.
    const card = await until(
      async () => (await ws.store.getRequest(request.id))?.card ?? undefined,
      'the card’s place',
    );
    expect(card.channel).toBe(approvalChannel);
  });

  it('500 on every attempt: the request is kept and the requester is told the card is not up', async () => {
    ws.slack.fail('chat.postMessage', { status: 500 }, { times: 4 });
    await fileRequest(ws, { text: 'search create outage-index eu-west-1 free' });
    const request = await newestRequest();
    const text = await confirmationOf(request.id);
    expect(text).toContain('is saved, but opsbot couldn’t post it to the approvals channel <#C0APPROVALS>');
    expect(text).toContain('Slack had a problem on its side');
    expect(await ws.store.getRequest(request.id)).toMatchObject({ state: 'pending', card: null });
  });

  it('invalid_blocks on the card: the request is kept and the requester is told', async () => {
    ws.slack.fail('chat.postMessage', { error: 'invalid_blocks' }, { times: 1 });
    await fileRequest(ws, { text: 'search create blocks-index eu-west-1 free' });
    const request = await newestRequest();
    const text = await confirmationOf(request.id);
    expect(text).toContain('is saved, but opsbot couldn’t post it to the approvals channel');
    expect(text).toContain('Slack refused the card');
    expect(await ws.store.getRequest(request.id)).toMatchObject({ state: 'pending', card: null });
    const logged = parsedLogs(ws.logs).findLast((l) => l.event === 'search_card_post_failed');
    expect(logged).toMatchObject({ level: 'warn', requestId: request.id, error: 'invalid_blocks' });
  });

  it.each(['not_in_channel', 'channel_not_found'])(
    '%s for the approvals channel: the request is kept and a human is told what to fix',
    async (error) => {
      ws.slack.fail('chat.postMessage', { error }, { times: 1 });
      await fileRequest(ws, { text: `search create ${error.replaceAll('_', '-')} eu-west-1 free` });
      const request = await newestRequest();
      const text = await confirmationOf(request.id);
      expect(text).toContain('is saved, but opsbot couldn’t post it to the approvals channel <#C0APPROVALS>');
      expect(text).toContain(
        'Ask an admin to invite opsbot to that channel or to check `APPROVAL_CHANNEL_ID`',
      );
      expect(await ws.store.getRequest(request.id)).toMatchObject({ state: 'pending', card: null });
    },
  );

  it('expired_trigger_id on every modal: the answer comes through response_url instead', async () => {
    const late = `:warning: ${FORM_NOT_OPENED}`;
    ws.slack.fail('views.open', { error: 'expired_trigger_id' }, { times: 1 });
    const command = await ws.driver.command('search create late-index eu-west-1 free', {
      userId: requester,
      channelId: generalChannel,
    });
    expect((await answerTo(ws, command.responseUrl)).text).toBe(late);

    await fileRequest(ws, { text: 'search create decided-index eu-west-1 free' });
    const request = await newestRequest();
    for (const actionId of ['search.approve', 'search.reject']) {
      ws.slack.fail('views.open', { error: 'expired_trigger_id' }, { times: 1 });
      const click = await ws.driver.clickButton({
        userId: approver,
        message: await cardFor(ws, request.id),
        actionId,
      });
      expect((await answerTo(ws, click.responseUrl ?? '')).text).toBe(late);
    }
    // Nothing was decided by a modal that never opened; the next click works.
    expect((await ws.store.getRequest(request.id))?.state).toBe('pending');
    const modal = await openDecision(ws, approver, request.id, 'approve');
    expect(modal.callback_id).toBe('search.approve_modal');
  });

  it('a spent response_url: the answer to a command arrives as an ephemeral message instead', async () => {
    const answers = {
      'messaging accounts': 'Messaging accounts',
      'search requests': 'Search index requests',
    };
    for (const [command, heading] of Object.entries(answers)) {
      ws.slack.fail('response_url', { status: 404 }, { times: 1 });
      const before = ws.slack.callsTo('chat.postEphemeral').length;
      const res = await ws.driver.command(command, { userId: requester, channelId: generalChannel });
      expect(res.status).toBe(200);
      const fallback = await until(
        () =>
          ws.slack
            .callsTo('chat.postEphemeral')
            .slice(before)
            .find((c) => c.args.user === requester && textOf(c.args.blocks).includes(heading)),
        `the fallback answer to ${command}`,
      );
      expect(fallback.args.channel).toBe(generalChannel);
    }
    const logged = parsedLogs(ws.logs).filter((l) => l.event === 'respond_fallback');
    expect(logged.length).toBeGreaterThanOrEqual(2);
  });

  it('a spent response_url on a button: "Show more" and a refused click still answer', async () => {
    ws.mgmt.accounts = Array.from({ length: 30 }, (_, i) => ({
      ...(ws.mgmt.accounts[0] as (typeof ws.mgmt.accounts)[number]),
      id: `acc-${i}`,
      customer_id: `c${String(i).padStart(2, '0')}@example.com`,
    }));
    const res = await ws.driver.command('messaging accounts', {
      userId: requester,
      channelId: generalChannel,
    });
    await answerTo(ws, res.responseUrl);
    const summary = ws.slack.ephemeralsFor(requester).at(-1);
    if (!summary) throw new Error('no summary');
    ws.slack.fail('response_url', { status: 404 }, { times: 1 });
    const before = ws.slack.callsTo('chat.postEphemeral').length;
    await ws.driver.clickButton({ userId: requester, message: summary, actionId: 'accounts.more' });
    const more = await until(
      () =>
        ws.slack
          .callsTo('chat.postEphemeral')
          .slice(before)
          .find((c) => c.args.user === requester && textOf(c.args.blocks).includes('Messaging accounts')),
      'the next page as an ephemeral message',
    );
    expect(more.args.channel).toBe(generalChannel);

    // A requester clicking Approve on a card is refused; the refusal still reaches them.
    await fileRequest(ws, { text: 'search create refused-click eu-west-1 free' });
    const request = await newestRequest();
    ws.slack.fail('response_url', { status: 404 }, { times: 1 });
    const count = ws.slack.callsTo('chat.postEphemeral').length;
    await ws.driver.clickButton({
      userId: requester,
      message: await cardFor(ws, request.id),
      actionId: 'search.approve',
    });
    const refusal = await until(
      () =>
        ws.slack
          .callsTo('chat.postEphemeral')
          .slice(count)
          .find((c) => String(c.args.text).includes('Only approvers can decide')),
      'the refusal as an ephemeral message',
    );
    expect(refusal.args).toMatchObject({ channel: approvalChannel, user: requester });
  });

  it('the requester’s DM fails after creation: the index is still recorded as created', async () => {
    await fileRequest(ws, { text: 'search create dm-fails eu-west-1 free' });
    const request = await newestRequest();
    const modal = await openDecision(ws, approver, request.id, 'approve');
    ws.slack.fail('conversations.open', { error: 'user_not_found' }, { times: 1 });
    await ws.driver.submitView({ userId: approver, view: modal });
    await until(
      () =>
        parsedLogs(ws.logs).find(
          (l) => l.event === 'search_requester_notice_failed' && l.requestId === request.id,
        ),
      'the failed notice in the log',
    );
    expect((await ws.store.getRequest(request.id))?.state).toBe('created');
    // The card says it in the channel, for everyone.
    await until(
      () =>
        textOf(
          ws.slack
            .messagesIn(approvalChannel)
            .find((m) => m.text.startsWith(`Search index request #${request.id} `))?.blocks,
        ).includes('*Created*')
          ? true
          : undefined,
      'the card updated to Created',
    );
    // And the next request's DM works again.
    await fileRequest(ws, { text: 'search create dm-works eu-west-1 free' });
    const next = await newestRequest();
    await ws.driver.submitView({
      userId: approver,
      view: await openDecision(ws, approver, next.id, 'approve'),
    });
    await waitForDm(ws, requester, `Request *#${next.id}*, approved by <@${approver}>, is done.`);
  });
  // Last: Slack's Retry-After holds views.open for the whole app, as it would for any later test.
  it('429 on an Approve click’s views.open: retried only while its trigger lives, then “try again” at warn', async () => {
    await fileRequest(ws, { text: 'search create throttled-index eu-west-1 free' });
    const request = await newestRequest();
    // A short Retry-After fits in the trigger's life: the click opens the form after the wait.
    ws.slack.fail('views.open', { rateLimited: 1 }, { times: 1 });
    const modal = await openDecision(ws, approver, request.id, 'approve');
    expect(modal.callback_id).toBe('search.approve_modal');

    const opensBefore = ws.slack.callsTo('views.open').length;
    // A Retry-After longer than the trigger's 3 s: waiting it out could only end in expired_trigger_id.
    ws.slack.fail('views.open', { rateLimited: 5 }, { times: 1 });
    const click = await ws.driver.clickButton({
      userId: approver,
      message: await cardFor(ws, request.id),
      actionId: 'search.approve',
    });
    expect((await answerTo(ws, click.responseUrl ?? '')).text).toBe(`:warning: ${FORM_NOT_OPENED}`);
    expect(ws.slack.callsTo('views.open').length - opensBefore).toBe(1);
    const failed = parsedLogs(ws.logs).findLast((l) => l.event === 'action_failed');
    expect(failed).toMatchObject({ level: 'warn', err: { code: 'expired_trigger_id' } });
  });
});
