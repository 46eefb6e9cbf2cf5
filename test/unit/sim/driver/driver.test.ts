import type { AddressInfo } from 'node:net';
import { App, LogLevel } from '@slack/bolt';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSlackDriver, type SlackDriver } from '../../../../src/sim/driver/driver.ts';
import { signSlackRequest } from '../../../../src/sim/driver/signing.ts';
import { type SlackSimulator, startSlackSimulator } from '../../../../src/sim/slack/index.ts';

const TOKEN = 'xoxb-test-fake-token';
const SECRET = 'fake-signing-secret';
const plain = (text: string) => ({ type: 'plain_text' as const, text });
const option = (value: string) => ({ text: plain(value), value });

/** A tiny Bolt 5 app: the driver must produce requests real Bolt accepts and routes. */
function buildApp(sim: SlackSimulator, seen: string[]): App {
  const app = new App({
    token: TOKEN,
    signingSecret: SECRET,
    logLevel: LogLevel.ERROR,
    clientOptions: { slackApiUrl: sim.apiUrl, retryConfig: { retries: 0 } },
  });
  app.command('/ops', async ({ ack, command, client, respond }) => {
    await ack();
    if (command.text === 'form') {
      await client.views.open({
        trigger_id: command.trigger_id,
        view: {
          type: 'modal',
          callback_id: 'form',
          notify_on_close: true,
          title: plain('New index'),
          submit: plain('Create'),
          blocks: [
            {
              type: 'input',
              block_id: 'name',
              label: plain('Name'),
              element: { type: 'plain_text_input', action_id: 'value' },
            },
            {
              type: 'input',
              block_id: 'plan',
              label: plain('Plan'),
              element: {
                type: 'static_select',
                action_id: 'value',
                options: [option('starter'), option('pro')],
              },
            },
          ],
        },
      });
      return;
    }
    await client.chat.postMessage({
      channel: command.channel_id,
      text: 'Approve request?',
      blocks: [
        { type: 'section', text: { type: 'mrkdwn', text: 'Approve request?' } },
        {
          type: 'actions',
          elements: [
            {
              type: 'button',
              action_id: 'approve',
              text: plain('Approve'),
              value: 'req-1',
              style: 'primary',
            },
            { type: 'static_select', action_id: 'period', options: [option('7d'), option('30d')] },
          ],
        },
      ],
    });
    await respond(`Posted for ${command.user_id}`);
  });
  app.action('approve', async ({ ack, body, action, respond }) => {
    await ack();
    await respond({
      replace_original: true,
      text: `Approved by <@${body.user.id}> (${'value' in action ? action.value : ''})`,
    });
  });
  app.action('period', async ({ ack, action, respond }) => {
    await ack();
    const picked = action.type === 'static_select' ? action.selected_option.value : '?';
    await respond({ replace_original: true, text: `Period ${picked}` });
  });
  app.view('form', async ({ ack, view }) => {
    const name = view.state.values.name?.value?.value ?? '';
    const plan = view.state.values.plan?.value?.selected_option?.value ?? '';
    if (name === 'taken') return ack({ response_action: 'errors', errors: { name: 'That name is taken' } });
    await ack({
      response_action: 'update',
      view: {
        type: 'modal',
        title: plain('Created'),
        blocks: [{ type: 'section', text: { type: 'mrkdwn', text: `${name} on ${plan}` } }],
      },
    });
  });
  app.view({ callback_id: 'form', type: 'view_closed' }, async ({ ack, body }) => {
    await ack();
    seen.push(`closed by ${body.user.id}`);
  });
  return app;
}

describe('Slack driver against a real Bolt app and the simulator', () => {
  let sim: SlackSimulator;
  let app: App;
  let driver: SlackDriver;
  let appUrl: string;
  const seen: string[] = [];
  beforeAll(async () => {
    sim = await startSlackSimulator({ botToken: TOKEN, users: { U1: { tz: 'UTC' } }, channels: { C1: {} } });
    app = buildApp(sim, seen);
    const server = await app.start(0);
    appUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/slack/events`;
    driver = createSlackDriver({ appUrl, signingSecret: SECRET, slack: sim, userId: 'U1', channelId: 'C1' });
  });
  afterAll(async () => {
    await app.stop();
    await sim.close();
  });
  beforeEach(() => {
    sim.reset();
    seen.length = 0;
  });

  async function postedCard() {
    const res = await driver.command('approve');
    expect(res.status).toBe(200);
    await sim.waitFor((c) => c.method === 'response_url');
    const card = sim.messagesIn('C1')[0];
    if (!card) throw new Error('the app posted no card');
    return card;
  }

  it('runs a slash command: signed, acked, answered through the response_url it was given', async () => {
    const card = await postedCard();
    expect(card.text).toBe('Approve request?');
    expect(sim.ephemeralsFor('U1')).toMatchObject([{ channel: 'C1', text: 'Posted for U1' }]);
  });

  it('clicks the button the bot actually posted and sees the message replaced', async () => {
    const card = await postedCard();
    const click = await driver.clickButton({ userId: 'U1', message: card, actionId: 'approve' });
    expect(click.status).toBe(200);
    await sim.waitFor((c) => c.method === 'response_url' && c.args.replace_original === true);
    expect(sim.messagesIn('C1')).toMatchObject([{ ts: card.ts, text: 'Approved by <@U1> (req-1)' }]);
  });

  it('selects an option of a static_select on the message', async () => {
    const card = await postedCard();
    await expect(
      driver.selectOption({ userId: 'U1', message: card, actionId: 'period', value: '1y' }),
    ).rejects.toThrow(/Option "1y" is not offered by period; options: 7d, 30d/);
    await driver.selectOption({ userId: 'U1', message: card, actionId: 'period', value: '30d' });
    await sim.waitFor((c) => c.method === 'response_url' && c.args.text === 'Period 30d');
    expect(sim.messagesIn('C1')).toMatchObject([{ ts: card.ts, text: 'Period 30d' }]);
    // A text-only replacement drops the blocks, as in Slack: nothing is left to click.
    expect(sim.messagesIn('C1')[0]?.blocks).toBeUndefined();
  });

  it('says which actions exist when a test clicks one the bot did not post', async () => {
    const card = await postedCard();
    await expect(driver.clickButton({ userId: 'U1', message: card, actionId: 'reject' })).rejects.toThrow(
      /No button with action_id "reject".*Available: .*\/approve \(button\)/,
    );
  });

  it('opens a modal from a command, shows input errors, then updates it on a valid submit', async () => {
    await driver.command('form');
    await sim.waitFor((c) => c.method === 'views.open' && c.ok);
    const view = sim.openViews('U1')[0];
    if (!view) throw new Error('no modal open');
    const refused = await driver.submitView({
      userId: 'U1',
      view,
      values: { name: { value: 'taken' }, plan: { value: 'pro' } },
    });
    expect(refused.ack).toEqual({ response_action: 'errors', errors: { name: 'That name is taken' } });
    expect(refused.applied).toEqual({ ok: true });
    const accepted = await driver.submitView({
      userId: 'U1',
      view,
      values: { name: { value: 'orders' }, plan: { value: 'pro' } },
    });
    expect(accepted.applied).toEqual({ ok: true });
    expect(sim.viewById(view.id)?.blocks).toMatchObject([{ text: { text: 'orders on pro' } }]);
  });

  it('closes a modal and delivers view_closed', async () => {
    await driver.command('form');
    await sim.waitFor((c) => c.method === 'views.open' && c.ok);
    const view = sim.openViews('U1')[0];
    if (!view) throw new Error('no modal open');
    const res = await driver.closeView({ userId: 'U1', view });
    expect(res.status).toBe(200);
    expect(seen).toEqual(['closed by U1']);
    expect(sim.openViews('U1')).toEqual([]);
  });

  it('lets tests send raw requests: Bolt refuses a bad signature and a charset content type', async () => {
    const body = 'command=%2Fops&text=help';
    const ts = String(Math.floor(Date.now() / 1000));
    const headers = {
      'X-Slack-Request-Timestamp': ts,
      'X-Slack-Signature': signSlackRequest('wrong-secret', ts, body),
    };
    const badSignature = await driver.postRaw({
      body,
      headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(badSignature.status).toBe(401);
    const good = signSlackRequest(SECRET, ts, body);
    const charset = await driver.postRaw({
      body,
      headers: {
        ...headers,
        'X-Slack-Signature': good,
        'Content-Type': 'application/x-www-form-urlencoded; charset=utf-8',
      },
    });
    expect(charset.status).toBe(400);
  });
});
