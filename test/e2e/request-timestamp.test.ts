// The request timestamp is read as Slack writes it — plain seconds — and a stamp more than five
// minutes off either way is refused with 401 before the body is read. Bolt reads the header with
// Number() and only refuses the past, so each stamp below, signed the way Bolt verifies it (over
// the number's own text), would pass Bolt alone and could be replayed for centuries.
import { verifySlackRequest } from '@slack/bolt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slashCommandBody } from '../../src/sim/driver/payloads.ts';
import { signSlackRequest } from '../../src/sim/driver/signing.ts';
import {
  SIM_CREDENTIALS,
  SIM_IDS,
  type SimulatedWorkspace,
  startSimulatedWorkspace,
} from '../../src/sim/workspace.ts';
import { parsedLogs } from '../support/logs.ts';
import { postSigned } from '../support/shown.ts';

const secret = SIM_CREDENTIALS.signingSecret;
const nowSeconds = () => Math.floor(Date.now() / 1000);

describe('e2e: the request timestamp window, through signed HTTP', () => {
  let ws: SimulatedWorkspace;
  beforeAll(async () => {
    ws = await startSimulatedWorkspace();
  });
  afterAll(async () => {
    await ws?.stop();
  });

  const command = () =>
    slashCommandBody({
      command: '/ops',
      text: 'search create replayed-index eu-west-1 free',
      userId: SIM_IDS.requester,
      channelId: SIM_IDS.generalChannel,
      teamId: SIM_IDS.teamId,
      apiAppId: SIM_IDS.appId,
      responseUrl: ws.slack.newResponseUrl({ channel: SIM_IDS.generalChannel, user: SIM_IDS.requester }),
      triggerId: ws.slack.newTriggerId(SIM_IDS.requester),
    });

  const stamps = [
    { stamp: '1000000000000', reason: 'timestamp_malformed' },
    { stamp: '1e10', reason: 'timestamp_malformed' },
    { stamp: '+10000000000', reason: 'timestamp_malformed' },
    { stamp: '10000000000', reason: 'timestamp_in_future' },
    { stamp: String(nowSeconds() + 400), reason: 'timestamp_in_future' },
    { stamp: String(nowSeconds() - 400), reason: 'timestamp_stale' },
  ];

  it.each(stamps)(
    'refuses a request stamped "$stamp" with 401; nothing happens',
    async ({ stamp, reason }) => {
      const body = command();
      // Signed over the text Bolt signs: the header read as a number.
      const signature = signSlackRequest(secret, String(Number(stamp)), body);
      const slackCallsBefore = ws.slack.calls.length;
      const res = await postSigned(ws.url, secret, body, { timestampSeconds: stamp, signature });
      expect(res).toEqual({ status: 401, body: '' });
      expect(ws.slack.calls.slice(slackCallsBefore)).toEqual([]);
      expect(ws.slack.views).toEqual([]);
      expect(await ws.store.listRecentRequests({ limit: 5 })).toEqual([]);
      expect(parsedLogs(ws.logs).filter((l) => l.event === 'command')).toEqual([]);
      expect(parsedLogs(ws.logs).at(-1)).toMatchObject({ event: 'request_refused', reason });
    },
  );

  it('each far-future stamp would pass Bolt’s own check: the refusal is opsbot’s', () => {
    for (const { stamp } of stamps.filter((s) => Number(s.stamp) > nowSeconds())) {
      const body = command();
      const headers = {
        'x-slack-request-timestamp': Number(stamp),
        'x-slack-signature': signSlackRequest(secret, String(Number(stamp)), body),
      };
      expect(() => verifySlackRequest({ signingSecret: secret, body, headers })).not.toThrow();
    }
  });

  it('takes the same command stamped now, or four minutes either way', async () => {
    for (const offset of [0, -240, 240]) {
      const res = await postSigned(ws.url, secret, command(), { timestampSeconds: nowSeconds() + offset });
      expect(res.status, `offset ${offset}`).toBe(200);
    }
    expect(parsedLogs(ws.logs).filter((l) => l.event === 'command')).toHaveLength(3);
  });
});
