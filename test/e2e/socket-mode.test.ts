// What only Socket Mode has: Slack asking the app to reconnect, and a shutdown that must finish the
// work it acknowledged over the socket before it closes the socket.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSlackDriver, type SlackDriver } from '../../src/sim/driver/driver.ts';
import { type Sims, startSims } from '../../src/sim/standalone.ts';
import { SIM_CREDENTIALS, SIM_IDS } from '../../src/sim/workspace.ts';
import { eventually } from '../support/poll.ts';
import { type SpawnedApp, spawnApp } from '../support/spawned-app.ts';

const { requester, generalChannel } = SIM_IDS;

describe('Socket Mode', () => {
  let sims: Sims;
  let app: SpawnedApp;
  let driver: SlackDriver;

  beforeEach(async () => {
    sims = await startSims();
    app = spawnApp(sims.appEnv({ LOG_LEVEL: 'info', SLACK_APP_TOKEN: SIM_CREDENTIALS.appToken }));
    await app.waitForEvent('listening');
    driver = createSlackDriver({
      appUrl: 'http://127.0.0.1:9/unused',
      signingSecret: SIM_CREDENTIALS.signingSecret,
      slack: sims.slack,
      teamId: SIM_IDS.teamId,
      apiAppId: SIM_IDS.appId,
      transport: 'socket',
    });
  });
  afterEach(async () => {
    await app?.stop('SIGKILL');
    await sims?.close();
  });

  it('reconnects when Slack sends disconnect, through a fresh apps.connections.open, and keeps serving', async () => {
    expect(sims.slack.socket.urlsIssued).toBe(1);
    sims.slack.socket.requestReconnect('refresh_requested');
    await app.waitForEvent('slack_socket_reconnecting');
    await eventually(
      () => sims.slack.socket.urlsIssued === 2 && sims.slack.socket.connections === 1,
      'the reconnection on a new URL',
      15_000,
    );
    // The app logs the new connection once it has it: the line may trail the socket by a moment.
    await app.waitForEvent(
      'slack_socket_connected',
      () => app.events.filter((e) => e.event === 'slack_socket_connected').length === 2,
    );
    expect(app.events.filter((e) => e.event === 'slack_socket_connected')).toHaveLength(2);
    expect(sims.slack.socket.connections).toBe(1);
    const res = await driver.command('help', { userId: requester, channelId: generalChannel });
    expect(res.status).toBe(200);
    expect(res.body).toContain('/ops search create');
    expect(await app.probe('/readyz')).toEqual({ status: 200, body: { ok: true } });
  });

  it('SIGTERM finishes a stats post acknowledged over the socket, then closes the socket and exits 0', async () => {
    sims.mgmt.fail('stats', { latencyMs: 600 }, { times: 1 });
    const ack = await driver.command('vector stats idx-1 7d', {
      userId: requester,
      channelId: generalChannel,
    });
    expect(ack.status).toBe(200);
    const code = await app.stop('SIGTERM');
    expect(code).toBe(0);
    const posted = sims.slack
      .messagesIn(generalChannel)
      .filter((m) => JSON.stringify(m.blocks).includes('"type":"image"'));
    expect(posted).toHaveLength(1);
    await sims.slack.socket.waitForConnections(0);
    expect(app.events.map((e) => e.event).at(-1)).toBe('stopped');
  });
});
