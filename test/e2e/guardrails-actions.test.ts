// The guardrails on everything that isn't typed, in both transports: clicks in a message, on the
// Home tab and in a form's type-ahead, and form submissions whose channel field must be one the
// person is in and opsbot can post in. A person from another organisation in a shared channel is
// refused, and so is everyone when Slack can't say who is in a channel.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSlackDriver } from '../../src/sim/driver/driver.ts';
import type { SimView } from '../../src/sim/slack/index.ts';
import { SIM_CREDENTIALS, SIM_IDS, type SimulatedWorkspace } from '../../src/sim/workspace.ts';
import { SIM_PARTNER } from '../../src/sim/workspace-channels.ts';
import {
  messageWithButton,
  refusalsLogged,
  sideEffects,
  startGuardedWorkspace,
} from '../support/guardrails.ts';
import { openHome } from '../support/home.ts';
import { until } from '../support/poll.ts';

const REQUESTER = 'U0REQUESTER';
const OPS = 'U0APPROVER';
const ONCALL = 'U0APPROVER2';
const OUTSIDER = 'U0OUTSIDER';

describe.each(['http', 'socket'] as const)('guardrails on clicks and forms (%s)', (mode) => {
  let ws: SimulatedWorkspace;
  let form: SimView;
  beforeAll(async () => {
    ws = await startGuardedWorkspace(mode);
    // The watch form, opened by someone of @oncall-team in a private channel they and opsbot are in.
    await ws.driver.command('watch', { userId: ONCALL, channelId: 'G0OPSPRIVATE' });
    form = await until(
      () => ws.slack.views.find((v) => v.user === ONCALL && v.via === 'views.open')?.view,
      'the watch form',
    );
  });
  afterAll(async () => {
    await ws?.stop();
  });

  /** The ephemeral answer to a click, through its response_url. */
  const answerToClick = (responseUrl: string | undefined) =>
    until(() => ws.slack.responses.find((r) => r.url === responseUrl && r.ok)?.text, 'the answer');

  const submitWatch = (userId: string, channel: string) =>
    ws.driver.submitView({
      userId,
      view: form,
      values: {
        watch_index: { watch_index: 'idx-2' },
        watch_metric: { watch_metric: 'storage_usage' },
        watch_threshold: { watch_threshold: '2 GiB' },
        watch_channel: { watch_channel: channel },
        watch_note: { watch_note: 'typed by hand' },
      },
    });

  it('watch.respond: a click on an alert by someone not allowed is refused in the channel', async () => {
    const before = sideEffects(ws);
    const click = await ws.driver.clickButton({
      userId: OUTSIDER,
      message: messageWithButton('C0GENERAL', 'watch.acknowledge'),
      actionId: 'watch.acknowledge',
    });
    expect(await answerToClick(click.responseUrl)).toBe(
      ':warning: Only the ops group and @oncall-team can acknowledge, snooze or mute alerts.',
    );
    expect(sideEffects(ws)).toEqual(before);
    const allowed = refusalsLogged(ws).length;
    await ws.driver.clickButton({
      userId: ONCALL,
      message: messageWithButton('C0GENERAL', 'watch.acknowledge'),
      actionId: 'watch.acknowledge',
    });
    expect(refusalsLogged(ws).slice(allowed)).toEqual([]);
  });

  it('accounts: Share in channel is refused in a channel the policy does not name', async () => {
    const click = await ws.driver.clickButton({
      userId: OPS,
      message: messageWithButton('C0GENERAL', 'accounts.share'),
      actionId: 'accounts.share',
    });
    expect(await answerToClick(click.responseUrl)).toBe(
      ':warning: This channel isn’t one where you can see the messaging accounts: use <#C0OPS> or <#C0INCIDENTS>.',
    );
    expect(ws.slack.messagesIn('C0GENERAL')).toEqual([]);
  });

  it('Home: a click the person may not make is answered in a DM, and no form opens', async () => {
    const home = await openHome(ws, REQUESTER);
    const before = ws.slack.calls.filter((c) => c.method === 'views.open').length;
    await ws.driver.clickInView({ userId: REQUESTER, view: home, actionId: 'home.request_index' });
    const dm = await until(
      () => ws.slack.calls.find((c) => c.method === 'chat.postMessage' && c.args.channel === REQUESTER),
      'the DM',
    );
    expect(dm.args.text).toBe(
      ':warning: Only the ops group and @oncall-team can request search indexes, in <#C0OPS> or <#C0INCIDENTS>.',
    );
    expect(ws.slack.calls.filter((c) => c.method === 'views.open')).toHaveLength(before);
  });

  it('Home’s Stats for…: a channel the policy does not name is refused under the field', async () => {
    const home = await openHome(ws, REQUESTER);
    await ws.driver.clickInView({ userId: REQUESTER, view: home, actionId: 'home.stats_for' });
    const stats = await until(
      () => ws.slack.views.find((v) => v.user === REQUESTER && v.view.callback_id === 'home.stats')?.view,
      'the Stats for… form',
    );
    const ack = await ws.driver.submitView({
      userId: REQUESTER,
      view: stats,
      values: {
        home_stats_index: { home_stats_index: 'idx-1' },
        home_stats_channel: { home_stats_channel: 'C0APPROVALS' },
      },
    });
    expect(ack.ack).toEqual({
      response_action: 'errors',
      errors: {
        home_stats_channel:
          '<#C0APPROVALS> isn’t a channel where you can read vector index statistics: pick <#C0OPS>, <#C0INCIDENTS> or <#C0GENERAL>.',
      },
    });
    expect(ws.slack.messagesIn('C0APPROVALS')).toEqual([]);
  });

  it('type-ahead: an options request from someone who may not use the form gets no options', async () => {
    const logged = refusalsLogged(ws).length;
    const refused = await ws.driver.suggest({
      userId: OUTSIDER,
      view: form,
      actionId: 'watch_index',
      value: 'idx',
    });
    expect(refused.answer).toEqual({ options: [] });
    expect(refusalsLogged(ws).slice(logged)).toEqual([
      expect.objectContaining({ capability: 'watch.manage' }),
    ]);
    await ws.driver.suggest({ userId: ONCALL, view: form, actionId: 'watch_index', value: 'idx' });
    expect(refusalsLogged(ws)).toHaveLength(logged + 1);
  });

  it.each([
    { channel: 'C0OPS', says: 'You’re not in <#C0OPS>, so opsbot won’t post there for you' },
    { channel: 'G0SECRET', says: 'opsbot can’t post in <#G0SECRET>' },
    { channel: 'C0OLDOPS', says: 'opsbot can’t post in <#C0OLDOPS>' },
  ])('the watch form: alerts in $channel are refused under the channel field', async ({ channel, says }) => {
    const ack = await submitWatch(ONCALL, channel);
    expect(ack.ack).toEqual({
      response_action: 'errors',
      errors: { watch_channel: expect.stringContaining(says) },
    });
    expect(ack.applied.ok).toBe(true);
    expect(await ws.store.listWatches(channel)).toEqual([]);
  });

  it('the watch form: a channel the person is in is saved', async () => {
    const ack = await submitWatch(ONCALL, 'G0OPSPRIVATE');
    expect(ack.ack).toBeUndefined();
    expect(await ws.store.listWatches('G0OPSPRIVATE')).toEqual([
      expect.objectContaining({ note: 'typed by hand' }),
    ]);
  });

  /** The form refused with "Slack didn't say whether you're in" on the channel field, and no watch kept. */
  async function expectRefusedForUnknownMembership(): Promise<void> {
    const ack = await submitWatch(OPS, 'C0INCIDENTS');
    expect(ack.ack).toEqual({
      response_action: 'errors',
      errors: {
        watch_channel:
          'Slack didn’t say just now whether you’re in <#C0INCIDENTS>, so nothing was done: try again in a minute.',
      },
    });
    expect(await ws.store.listWatches('C0INCIDENTS')).toEqual([]);
  }

  it('Slack not saying who is in a channel refuses the form, and changes nothing', async () => {
    ws.slack.fail('conversations.members', { error: 'internal_error' }, { times: 20 });
    try {
      await expectRefusedForUnknownMembership();
    } finally {
      ws.slack.clearFaults();
    }
  });

  it('Slack in an outage (500s, slowly, retried): the form is still answered in Slack’s 3 s, with the sentence', async () => {
    // Each read fails after most of a second, and the Web API client retries: Slack's answer would
    // come long after the form's 3 s. The gate waits ANSWER_WITHIN_MS and says what it couldn't learn.
    ws.slack.fail('conversations.members', { status: 500, delayMs: 800 }, { times: 50 });
    try {
      await expectRefusedForUnknownMembership();
    } finally {
      ws.slack.clearFaults();
    }
  });

  it('a person from another organisation in a shared channel gets one sentence and nothing else', async () => {
    const before = sideEffects(ws);
    const click = await ws.driver.clickButton({
      userId: SIM_PARTNER.id,
      message: messageWithButton('C0PARTNER', 'vector-stats.refresh', 'idx-1'),
      actionId: 'vector-stats.refresh',
    });
    expect(await answerToClick(click.responseUrl)).toBe(
      ':warning: opsbot answers people of this workspace only, so it did nothing: ask someone here to do it for you.',
    );
    expect(sideEffects(ws)).toEqual(before);
    expect(ws.slack.messagesIn('C0PARTNER')).toEqual([]);
  });

  it('without SLACK_TEAM_ID, a command from another workspace is dropped: auth.test named ours', async () => {
    expect(ws.config.slack.teamId).toBeUndefined();
    const before = sideEffects(ws);
    const elsewhere = createSlackDriver({
      appUrl: `${ws.url}/slack/events`,
      signingSecret: SIM_CREDENTIALS.signingSecret,
      slack: ws.slack,
      teamId: 'T0OTHERTEAM',
      apiAppId: SIM_IDS.appId,
      transport: mode,
    });
    const res = await elsewhere.command('vector stats idx-1', { userId: OPS, channelId: 'C0OPS' });
    expect(res.status).toBe(200);
    expect(res.body).toBe('');
    expect(sideEffects(ws)).toEqual(before);
  });
});
