// Issue 8, HTTP limits: oversized bodies are refused before they are parsed; payloads no listener
// knows are acknowledged and ignored (never Slack's "404 after 3 seconds"); payloads from another
// workspace or app than the configured one are refused.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_REQUEST_BODY_BYTES } from '../../src/app.ts';
import { createSlackDriver } from '../../src/sim/driver/driver.ts';
import {
  blockActionsPayload,
  slashCommandBody,
  viewSubmissionPayload,
} from '../../src/sim/driver/payloads.ts';
import {
  SIM_CREDENTIALS,
  SIM_IDS,
  type SimulatedWorkspace,
  startSimulatedWorkspace,
} from '../../src/sim/workspace.ts';
import { textOf } from '../support/blocks.ts';
import { parsedLogs } from '../support/logs.ts';
import { until } from '../support/poll.ts';
import { healthy, postSigned } from '../support/shown.ts';

const { requester, generalChannel } = SIM_IDS;

/** Calls opsbot made to Slack after `from`; Bolt's own start-up auth.test is not one of them. */
const callsSince = (ws: SimulatedWorkspace, from: number) =>
  ws.slack.calls.slice(from).filter((c) => c.method !== 'auth.test');
const secret = SIM_CREDENTIALS.signingSecret;

/** Sends the head and part of a body declared as `declared` bytes; resolves with the status. */
function sendDeclared(url: string, declared: number, sent: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}/slack/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': declared },
    });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
      req.destroy();
    });
    req.on('error', reject);
    // Never sends the rest: an answer proves the server did not wait for (or parse) the body.
    req.write('x'.repeat(sent));
  });
}

/** Streams `total` bytes without a Content-Length (chunked), as a client hiding the size would. */
function sendChunked(url: string, total: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}/slack/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'transfer-encoding': 'chunked' },
    });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    // The server may hang up once it has refused; the status is what counts.
    req.on('error', (error) => (req.writableEnded ? undefined : reject(error)));
    const chunk = 'x'.repeat(16 * 1024);
    for (let sent = 0; sent < total; sent += chunk.length) req.write(chunk);
    req.end();
  });
}

describe('HTTP limits', () => {
  let ws: SimulatedWorkspace;
  beforeAll(async () => {
    ws = await startSimulatedWorkspace();
  });
  afterAll(async () => {
    await ws?.stop();
  });

  it(`refuses a body over ${MAX_REQUEST_BODY_BYTES} bytes with 413, signed or not, and stays up`, async () => {
    const callsBefore = ws.slack.calls.length;
    const big = slashCommandBody({
      command: '/ops',
      text: `help ${'x'.repeat(MAX_REQUEST_BODY_BYTES)}`,
      userId: requester,
      channelId: generalChannel,
      teamId: SIM_IDS.teamId,
      apiAppId: SIM_IDS.appId,
      responseUrl: ws.slack.newResponseUrl({ channel: generalChannel, user: requester }),
      triggerId: ws.slack.newTriggerId(requester),
    });
    expect((await postSigned(ws.url, secret, big)).status).toBe(413);
    expect((await postSigned(ws.url, 'not-the-secret', big)).status).toBe(413);
    expect(callsSince(ws, callsBefore)).toEqual([]);
    const refused = parsedLogs(ws.logs).filter(
      (l) => l.event === 'request_refused' && l.reason === 'body_too_large',
    );
    expect(refused).toHaveLength(2);
    expect(await healthy(ws.url)).toBe(true);
    // Just under the limit is still read (and, unsigned, refused as unsigned).
    expect((await postSigned(ws.url, 'not-the-secret', 'a'.repeat(MAX_REQUEST_BODY_BYTES - 10))).status).toBe(
      401,
    );
  });

  it('answers 413 on the declared length alone, before the body arrives', async () => {
    expect(await sendDeclared(ws.url, 10 * 1024 * 1024, 1024)).toBe(413);
    expect(await healthy(ws.url)).toBe(true);
  });

  it('answers 413 to an undeclared (chunked) body once it passes the limit', async () => {
    expect(await sendChunked(ws.url, MAX_REQUEST_BODY_BYTES + 64 * 1024)).toBe(413);
    expect(ws.logs.some((l) => l.includes('exceeded the maximum allowed size'))).toBe(true);
    expect(await healthy(ws.url)).toBe(true);
  });

  const unknownPayloads = () => {
    const common = { teamId: SIM_IDS.teamId, apiAppId: SIM_IDS.appId, user: { id: requester } };
    return [
      {
        name: 'a button with an unknown action_id',
        id: 'legacy.button',
        body: blockActionsPayload({
          ...common,
          triggerId: ws.slack.newTriggerId(requester),
          container: {
            type: 'message',
            message_ts: '1.000001',
            channel_id: generalChannel,
            is_ephemeral: false,
          },
          channel: { id: generalChannel },
          actions: [{ action_id: 'legacy.button', block_id: 'b1', type: 'button', value: '1' }],
          responseUrl: ws.slack.newResponseUrl({
            channel: generalChannel,
            user: requester,
            messageTs: '1.000001',
          }),
        }),
      },
      {
        name: 'a view submission with an unknown callback_id',
        id: 'legacy.modal',
        body: viewSubmissionPayload({
          ...common,
          triggerId: ws.slack.newTriggerId(requester),
          view: { id: 'V0GHOST', callback_id: 'legacy.modal', private_metadata: '', state: { values: {} } },
        }),
      },
      {
        name: 'a global shortcut opsbot never declared',
        id: 'legacy.shortcut',
        body: new URLSearchParams({
          payload: JSON.stringify({
            type: 'shortcut',
            callback_id: 'legacy.shortcut',
            trigger_id: ws.slack.newTriggerId(requester),
            user: { id: requester },
            team: { id: SIM_IDS.teamId },
            api_app_id: SIM_IDS.appId,
          }),
        }).toString(),
      },
    ];
  };

  it('acknowledges payloads no listener knows with an empty 200, posts nothing, and logs their ids', async () => {
    for (const payload of unknownPayloads()) {
      const callsBefore = ws.slack.calls.length;
      const res = await postSigned(ws.url, secret, payload.body);
      expect(res, payload.name).toEqual({ status: 200, body: '' });
      const logged = await until(
        () =>
          parsedLogs(ws.logs).find(
            (l) =>
              l.event === 'unhandled_payload' &&
              ((l.actionIds as string[] | undefined)?.includes(payload.id) || l.callbackId === payload.id),
          ),
        `the log line for ${payload.name}`,
      );
      expect(logged.level).toBe('info');
      // The same request's other work (none) is done once the line is written; nothing went to Slack.
      expect(callsSince(ws, callsBefore)).toEqual([]);
    }
    expect(parsedLogs(ws.logs).some((l) => String(l.msg).includes('not acknowledged within 3 seconds'))).toBe(
      false,
    );
  });

  it('a known button carrying a value it never sends is acknowledged and changes nothing', async () => {
    const callsBefore = ws.slack.calls.length;
    const body = blockActionsPayload({
      teamId: SIM_IDS.teamId,
      apiAppId: SIM_IDS.appId,
      user: { id: SIM_IDS.approver },
      triggerId: ws.slack.newTriggerId(SIM_IDS.approver),
      container: {
        type: 'message',
        message_ts: '1.000002',
        channel_id: SIM_IDS.approvalChannel,
        is_ephemeral: false,
      },
      channel: { id: SIM_IDS.approvalChannel },
      actions: [{ action_id: 'search.approve', block_id: 'b1', type: 'button', value: '1 OR 1=1' }],
      responseUrl: ws.slack.newResponseUrl({ channel: SIM_IDS.approvalChannel, user: SIM_IDS.approver }),
    });
    expect(await postSigned(ws.url, secret, body)).toEqual({ status: 200, body: '' });
    expect(await ws.store.listRecentRequests({ limit: 5 })).toEqual([]);
    expect(callsSince(ws, callsBefore)).toEqual([]);
  });
});

describe('payloads from another workspace or app', () => {
  let ws: SimulatedWorkspace;
  beforeAll(async () => {
    ws = await startSimulatedWorkspace({
      env: { SLACK_TEAM_ID: SIM_IDS.teamId, SLACK_APP_ID: SIM_IDS.appId },
    });
  });
  afterAll(async () => {
    await ws?.stop();
  });

  const driverFor = (teamId: string, apiAppId: string) =>
    createSlackDriver({
      appUrl: `${ws.url}/slack/events`,
      signingSecret: secret,
      slack: ws.slack,
      teamId,
      apiAppId,
    });

  it.each([
    { name: 'another team_id', teamId: 'T0OTHERTEAM', appId: SIM_IDS.appId },
    { name: 'another api_app_id', teamId: SIM_IDS.teamId, appId: 'A0OTHERAPP' },
  ])(
    'refuses a correctly signed command from $name: empty ack, nothing shown or done',
    async ({ teamId, appId }) => {
      const callsBefore = ws.slack.calls.length;
      const res = await driverFor(teamId, appId).command('messaging accounts', {
        userId: requester,
        channelId: generalChannel,
      });
      expect(res).toMatchObject({ status: 200, body: '' });
      const logged = await until(
        () =>
          parsedLogs(ws.logs).findLast(
            (l) => l.event === 'foreign_payload_refused' && l.teamId === teamId && l.appId === appId,
          ),
        'the refusal in the log',
      );
      expect(logged.level).toBe('warn');
      expect(ws.apiRequestsAfterStart()).toEqual([]);
      expect(callsSince(ws, callsBefore)).toEqual([]);
    },
  );

  it('refuses a payload that names no team at all, and a foreign button click', async () => {
    const refusals = () => parsedLogs(ws.logs).filter((l) => l.event === 'foreign_payload_refused').length;
    const before = refusals();
    const bare = new URLSearchParams({
      command: '/ops',
      text: 'search create sneaky-index eu-west-1 free',
      user_id: requester,
      channel_id: generalChannel,
      api_app_id: SIM_IDS.appId,
      response_url: ws.slack.newResponseUrl({ channel: generalChannel, user: requester }),
      trigger_id: ws.slack.newTriggerId(requester),
    }).toString();
    expect(await postSigned(ws.url, secret, bare)).toEqual({ status: 200, body: '' });

    const click = blockActionsPayload({
      teamId: 'T0OTHERTEAM',
      apiAppId: SIM_IDS.appId,
      user: { id: SIM_IDS.approver },
      triggerId: ws.slack.newTriggerId(SIM_IDS.approver),
      container: {
        type: 'message',
        message_ts: '1.000003',
        channel_id: SIM_IDS.approvalChannel,
        is_ephemeral: false,
      },
      channel: { id: SIM_IDS.approvalChannel },
      actions: [{ action_id: 'accounts.share', block_id: 'b1', type: 'button', value: '0' }],
      responseUrl: ws.slack.newResponseUrl({ channel: SIM_IDS.approvalChannel, user: SIM_IDS.approver }),
    });
    expect(await postSigned(ws.url, secret, click)).toEqual({ status: 200, body: '' });
    await until(() => (refusals() >= before + 2 ? true : undefined), 'both refusals in the log');
    expect(ws.slack.views).toEqual([]);
    expect(ws.apiRequestsAfterStart()).toEqual([]);
  });

  it('still serves its own workspace and app', async () => {
    const res = await ws.driver.command('help', { userId: requester, channelId: generalChannel });
    expect(res.status).toBe(200);
    expect(textOf(JSON.parse(res.body).blocks)).toContain('opsbot — run your cloud from Slack');
  });
});
