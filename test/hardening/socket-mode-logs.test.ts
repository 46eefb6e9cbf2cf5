// Issue 40, finding 7: at LOG_LEVEL=debug in Socket Mode, the Socket Mode client logs every payload
// it receives. A workflow step's envelope carries its `xwfp-` token, a command its response_url and
// trigger_id, and none of them is a value the configuration knows. None of them reaches the log:
// the client's raw lines are cut to the envelope's type, and every line is scrubbed by shape.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scrubSecrets } from '../../src/log.ts';
import {
  SIM_CREDENTIALS,
  SIM_IDS,
  type SimulatedWorkspace,
  startSimulatedWorkspace,
} from '../../src/sim/workspace.ts';
import { until } from '../support/poll.ts';

const { requester, generalChannel } = SIM_IDS;

describe('Socket Mode at debug: no workflow token, response_url or trigger_id in the log', () => {
  let ws: SimulatedWorkspace;
  beforeAll(async () => {
    ws = await startSimulatedWorkspace({
      mode: 'socket',
      env: { SLACK_APP_TOKEN: SIM_CREDENTIALS.appToken, LOG_LEVEL: 'debug', DIGEST_TICK_MS: '3600000' },
    });
  });
  afterAll(async () => {
    await ws?.stop();
  });

  it('a step and a command leave their secrets out, and the socket lines say what arrived', async () => {
    const logged = ws.logs.length;
    const run = await ws.driver.executeFunction('messaging_accounts_summary', {});
    const token = run.event.bot_access_token;
    expect(token).toMatch(/^xwfp-/);
    await until(
      () =>
        ws.slack
          .callsTo('functions.completeSuccess')
          .find((c) => c.args.function_execution_id === run.executionId),
      'the step completed',
    );
    const { responseUrl, triggerId } = await ws.driver.command('watch list', {
      userId: requester,
      channelId: generalChannel,
    });
    await ws.opsbot.work.drain(5_000);
    const lines = ws.logs.slice(logged).join('\n');
    const path = new URL(responseUrl).pathname;
    for (const secret of [token, responseUrl, path, path.replaceAll('/', '\\\\/'), triggerId as string])
      expect(lines).not.toContain(secret);
    expect(lines).not.toContain('xwfp-');
    expect(lines).toMatch(
      /Received a message on the WebSocket: events_api \/ function_executed \(payload not logged\)/,
    );
    expect(lines).toMatch(/Received a message on the WebSocket: slash_commands/);
  });
});

describe('scrubbing by shape', () => {
  it('takes out Slack tokens, response_urls (slashes escaped or not) and trigger_ids', () => {
    const line = JSON.stringify({
      msg: String.raw`{"bot_access_token":"xwfp-1-abc","t":"xoxb-12-ab","a":"xapp-1-A1-2-x","response_url":"https:\/\/hooks.slack.com\/commands\/T0AB\/123\/xyZ","trigger_id":"890024202356.879979449463.6da28f984b466202a27acb43ba13bcce"}`,
      webhook: 'https://hooks.slack.com/services/T0AB/B0CD/secretpart',
    });
    const scrubbed = scrubSecrets(line, []);
    for (const secret of ['xwfp-', 'xoxb-', 'xapp-', 'xyZ', 'secretpart', '6da28f984b466202a27acb43ba13bcce'])
      expect(scrubbed).not.toContain(secret);
    expect(JSON.parse(scrubbed).msg).toContain('"bot_access_token":"[REDACTED]"');
  });
});
