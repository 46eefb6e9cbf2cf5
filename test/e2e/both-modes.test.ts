// The scenarios that matter, run against the real `node src/main.ts` in both of the ways Slack can
// reach it: signed HTTP POSTs to /slack/events, and envelopes over a Socket Mode connection the app
// opened itself (through SLACK_API_URL, like every other Slack call). Same suite, same assertions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCK as DIGEST } from '../../src/features/digests/ids.ts';
import { createSlackDriver, type SlackDriver } from '../../src/sim/driver/driver.ts';
import { type Sims, startSims } from '../../src/sim/standalone.ts';
import { SIM_CREDENTIALS, SIM_IDS } from '../../src/sim/workspace.ts';
import { homeText, openHome } from '../support/home.ts';
import { cardFor, fileRequest, openDecision, textOf, waitForCard } from '../support/search-requests.ts';
import { type SpawnedApp, spawnApp } from '../support/spawned-app.ts';

const { requester, approver, generalChannel } = SIM_IDS;
const TEAM_OPS = 'C0TEAMOPS';

describe.each(['http', 'socket'] as const)('both modes: %s', (mode) => {
  let sims: Sims;
  let app: SpawnedApp;
  let driver: SlackDriver;
  let ws: { slack: Sims['slack']; driver: SlackDriver };

  beforeAll(async () => {
    sims = await startSims();
    app = spawnApp(
      sims.appEnv({
        LOG_LEVEL: 'info',
        ...(mode === 'socket' ? { SLACK_APP_TOKEN: SIM_CREDENTIALS.appToken } : {}),
      }),
    );
    await app.waitForEvent('listening');
    driver = createSlackDriver({
      appUrl: `http://127.0.0.1:${await app.port()}/slack/events`,
      signingSecret: SIM_CREDENTIALS.signingSecret,
      slack: sims.slack,
      teamId: SIM_IDS.teamId,
      apiAppId: SIM_IDS.appId,
      transport: mode,
    });
    ws = { slack: sims.slack, driver };
  });
  afterAll(async () => {
    await app?.stop('SIGKILL');
    await sims?.close();
  });

  it('is ready, connected the way the mode says', async () => {
    expect(await app.probe('/readyz')).toEqual({ status: 200, body: { ok: true } });
    const opened = sims.slack.callsTo('apps.connections.open');
    if (mode === 'socket') {
      // The socket URL came from the simulator, so SLACK_API_URL reached the Socket Mode client.
      expect(opened.filter((c) => c.ok)).toHaveLength(1);
      expect(sims.slack.socket.connections).toBe(1);
    } else {
      expect(opened).toHaveLength(0);
    }
  });

  it('help: the card comes back in the acknowledgement', async () => {
    const res = await driver.command('help', { userId: requester, channelId: generalChannel });
    expect(res.status).toBe(200);
    const ack = JSON.parse(res.body) as { response_type: string; blocks: unknown[] };
    expect(ack.response_type).toBe('ephemeral');
    expect(textOf(ack.blocks)).toContain('/ops search create');
  });

  it('a command opens a modal, and a bad submission is answered with field errors', async () => {
    await driver.command('search create', { userId: requester, channelId: generalChannel });
    await sims.slack.waitFor((c) => c.method === 'views.open' && c.ok);
    const view = sims.slack.views.filter((v) => v.user === requester && v.via === 'views.open').at(-1)?.view;
    if (view === undefined) throw new Error('no modal');
    const ack = await driver.submitView({
      userId: requester,
      view,
      values: { search_name: { search_name: 'Bad Name!' }, search_reason: { search_reason: 'x' } },
    });
    expect(ack.ack).toMatchObject({ response_action: 'errors', errors: { search_name: expect.any(String) } });
    expect(ack.applied.ok).toBe(true);
  });

  it('an approval from the card’s button to one created index', async () => {
    await fileRequest(ws, { driver });
    const id = Number(/#(\d+)/.exec((await cardFor(ws, 1)).text)?.[1]);
    const modal = await openDecision(ws, approver, id, 'approve', driver);
    const ack = await driver.submitView({ userId: approver, view: modal });
    expect(ack.status).toBe(200);
    await waitForCard(ws, id, (text) => text.includes('Created'));
    expect(sims.mgmt.createCalls).toHaveLength(1);
  });

  it('the Home tab opens over the Events API, with the request just created', async () => {
    await openHome(ws, requester);
    expect(homeText(ws, requester)).toContain('*created*');
  });

  it('stats: a message with its card image in the channel', async () => {
    const before = sims.slack.messagesIn(generalChannel).length;
    await driver.command('vector stats idx-1 1h', { userId: requester, channelId: generalChannel });
    await sims.slack.waitFor(() =>
      sims.slack
        .messagesIn(generalChannel)
        .slice(before)
        .some((m) => JSON.stringify(m.blocks).includes('"type":"image"')),
    );
  });

  it('a digest saved through its modal', async () => {
    await driver.command('digest', { userId: requester, channelId: TEAM_OPS });
    await sims.slack.waitFor(
      (c) => c.method === 'views.open' && c.ok && JSON.stringify(c.args.view).includes('digests'),
    );
    const view = sims.slack.views.filter((v) => v.user === requester && v.via === 'views.open').at(-1)?.view;
    if (view === undefined) throw new Error('no digest modal');
    const ack = await driver.submitView({
      userId: requester,
      view,
      values: { [DIGEST.indexes]: { value: 'idx-1' }, [DIGEST.time]: { value: '09:00' } },
    });
    expect(ack.ack).toMatchObject({ response_action: 'update' });
    expect(textOf((ack.ack as { view: { blocks: unknown[] } }).view.blocks)).toContain('*Next digest:*');
  });
});
