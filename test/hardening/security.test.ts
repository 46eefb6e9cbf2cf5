// Issue 8, Security (who may do what): authorisation by user id (never by name), re-checked when
// the modal is submitted; the per-user cap on pending requests; ALLOWED_CHANNEL_IDS.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockActionsPayload, viewSubmissionPayload } from '../../src/sim/driver/payloads.ts';
import {
  SIM_CREDENTIALS,
  SIM_IDS,
  type SimulatedWorkspace,
  startSimulatedWorkspace,
} from '../../src/sim/workspace.ts';
import { answerTo } from '../support/answers.ts';
import { textOf } from '../support/blocks.ts';
import { until } from '../support/poll.ts';
import { cardFor, fileRequest, openDecision } from '../support/search-requests.ts';
import { postSigned } from '../support/shown.ts';

const { requester, approver, secondApprover, outsider, generalChannel, approvalChannel } = SIM_IDS;
const secret = SIM_CREDENTIALS.signingSecret;

describe('authorisation by user id, re-checked when the action happens', () => {
  let ws: SimulatedWorkspace;
  beforeAll(async () => {
    ws = await startSimulatedWorkspace({ env: { MAX_PENDING_REQUESTS_PER_USER: '2' } });
  });
  afterAll(async () => {
    await ws?.stop();
  });

  async function newRequest(name: string) {
    expect((await fileRequest(ws, { text: `search create ${name} eu-west-1 free` })).applied.ok).toBe(true);
    const [request] = await ws.store.listRecentRequests({ limit: 1 });
    if (!request) throw new Error('no request');
    return request;
  }

  it('refuses a click from someone named "approver" whose id is not an approver’s', async () => {
    const request = await newRequest('name-spoof');
    const card = await cardFor(ws, request.id);
    const responseUrl = ws.slack.newResponseUrl({
      channel: approvalChannel,
      user: outsider,
      messageTs: card.ts,
    });
    const body = blockActionsPayload({
      teamId: SIM_IDS.teamId,
      apiAppId: SIM_IDS.appId,
      user: { id: outsider, name: 'approver' },
      triggerId: ws.slack.newTriggerId(outsider),
      container: { type: 'message', message_ts: card.ts, channel_id: approvalChannel, is_ephemeral: false },
      channel: { id: approvalChannel },
      actions: [{ action_id: 'search.approve', block_id: 'x', type: 'button', value: String(request.id) }],
      responseUrl,
    });
    expect((await postSigned(ws.url, secret, body)).status).toBe(200);
    const reply = await answerTo(ws, responseUrl);
    expect(reply.text).toContain('Only approvers can decide on search index requests, and you aren’t one.');
    expect(ws.slack.views.filter((v) => v.user === outsider)).toEqual([]);
    expect((await ws.store.getRequest(request.id))?.state).toBe('pending');
  });

  it('refuses a submitted approval modal from a non-approver, even one named "approver"', async () => {
    const request = await newRequest('forged-approval');
    const modal = await openDecision(ws, approver, request.id, 'approve');
    const body = viewSubmissionPayload({
      teamId: SIM_IDS.teamId,
      apiAppId: SIM_IDS.appId,
      user: { id: outsider, name: 'approver' },
      triggerId: ws.slack.newTriggerId(outsider),
      view: { ...modal, state: { values: {} } },
    });
    const res = await postSigned(ws.url, secret, body);
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({
      response_action: 'errors',
      errors: { search_comment: expect.stringContaining('Only approvers can decide') },
    });
    expect((await ws.store.getRequest(request.id))?.state).toBe('pending');
    expect(ws.mgmt.createCalls).toEqual([]);
  });

  it('re-checks at submit: a modal opened while pending is refused once another approver decided', async () => {
    const [request] = await ws.store.listRecentRequests({ limit: 1 });
    if (!request) throw new Error('no request');
    const first = await openDecision(ws, approver, request.id, 'approve');
    const second = await openDecision(ws, secondApprover, request.id, 'reject');
    const rejected = await ws.driver.submitView({
      userId: secondApprover,
      view: second,
      values: { search_reject_reason: { search_reject_reason: 'not needed' } },
    });
    expect(rejected.applied).toEqual({ ok: true });
    const late = await ws.driver.submitView({ userId: approver, view: first });
    expect(late.ack).toMatchObject({
      response_action: 'errors',
      errors: { search_comment: 'Request #2 was already rejected by another approver.' },
    });
    expect(ws.mgmt.createCalls).toEqual([]);
  });

  it('caps pending requests per person, also for a submission that skips the command', async () => {
    // #1 is pending and #2 rejected; one more reaches the cap of 2.
    await newRequest('second-pending');
    expect(await ws.store.countPendingByRequester(requester, Date.now())).toBe(2);
    const res = await ws.driver.command('search create third eu-west-1 free', {
      userId: requester,
      channelId: generalChannel,
    });
    expect((await answerTo(ws, res.responseUrl)).text).toContain(
      'You already have 2 requests waiting for approval, the most one person may have.',
    );
    // An old request modal, submitted again, is checked against the cap too.
    const oldModal = ws.slack.views.findLast(
      (v) => v.user === requester && v.view.callback_id === 'search.request',
    );
    if (!oldModal) throw new Error('no request modal recorded');
    const forged = await ws.driver.submitView({
      userId: requester,
      view: oldModal.view,
      values: { search_name: { search_name: 'third-index' }, search_reason: { search_reason: 'again' } },
    });
    expect(forged.ack).toMatchObject({
      response_action: 'errors',
      errors: { search_name: expect.stringContaining('You already have 2 requests waiting for approval') },
    });
    expect(await ws.store.countPendingByRequester(requester, Date.now())).toBe(2);
  });
});

describe('ALLOWED_CHANNEL_IDS', () => {
  let ws: SimulatedWorkspace;
  beforeAll(async () => {
    ws = await startSimulatedWorkspace({ env: { ALLOWED_CHANNEL_IDS: generalChannel } });
  });
  afterAll(async () => {
    await ws?.stop();
  });

  it('answers commands elsewhere with a refusal that says how to enable it, and does nothing', async () => {
    for (const text of [
      'messaging accounts',
      'search create elsewhere-index eu-west-1 free',
      'search requests',
    ]) {
      const res = await ws.driver.command(text, { userId: requester, channelId: 'C0ELSEWHERE' });
      expect(JSON.parse(res.body)).toEqual({
        response_type: 'ephemeral',
        text: ':warning: opsbot is not enabled in this channel. Ask an admin to add it to ALLOWED_CHANNEL_IDS, or use an allowed channel.',
      });
    }
    expect(ws.apiRequestsAfterStart()).toEqual([]);
    expect(ws.slack.views).toEqual([]);
  });

  it('still shows help anywhere, and works in the allowed channel', async () => {
    const help = await ws.driver.command('help', { userId: requester, channelId: 'C0ELSEWHERE' });
    expect(textOf(JSON.parse(help.body).blocks)).toContain('opsbot — run your cloud from Slack');
    const res = await ws.driver.command('messaging accounts', {
      userId: requester,
      channelId: generalChannel,
    });
    expect(textOf((await answerTo(ws, res.responseUrl)).blocks)).toMatch(/\*\d+ accounts\*/);
    await until(() => (ws.apiRequestsAfterStart().length > 0 ? true : undefined), 'the API call');
  });
});
