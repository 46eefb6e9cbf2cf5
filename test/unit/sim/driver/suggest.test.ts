import type { AddressInfo } from 'node:net';
import type { App } from '@slack/bolt';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSlackDriver, type SlackDriver } from '../../../../src/sim/driver/driver.ts';
import { type SlackSimulator, startSlackSimulator } from '../../../../src/sim/slack/index.ts';
import { boltAppOn, SECRET, TOKEN } from './bolt-app.ts';

const plain = (text: string) => ({ type: 'plain_text' as const, text });
const INDEXES = ['catalog', 'cart', 'checkout', 'orders'];

/** A Bolt app with type-ahead menus: in a modal (opened by /ops form) and in a message (/ops card). */
function buildApp(sim: SlackSimulator, transport: 'http' | 'socket'): App {
  const app = boltAppOn(sim, transport);
  const picker = (actionId: string, minQueryLength?: number) => ({
    type: 'external_select' as const,
    action_id: actionId,
    placeholder: plain('Index'),
    ...(minQueryLength === undefined ? {} : { min_query_length: minQueryLength }),
  });
  app.command('/ops', async ({ ack, command, client }) => {
    await ack();
    if (command.text === 'form') {
      await client.views.open({
        trigger_id: command.trigger_id,
        view: {
          type: 'modal',
          callback_id: 'watch',
          title: plain('New watch'),
          submit: plain('Create'),
          blocks: [
            { type: 'input', block_id: 'which', label: plain('Index'), element: picker('index', 0) },
            { type: 'input', block_id: 'slow', label: plain('Other'), element: picker('strict') },
          ],
        },
      });
      return;
    }
    await client.chat.postMessage({
      channel: command.channel_id,
      text: 'Stats for…',
      blocks: [{ type: 'actions', block_id: 'stats_for', elements: [picker('index', 1)] }],
    });
  });
  app.options('index', async ({ ack, options }) => {
    const typed = options.value;
    if (typed === 'many')
      return ack({
        options: Array.from({ length: 101 }, (_, i) => ({ text: plain(`i${i}`), value: `i${i}` })),
      });
    if (typed === 'long') return ack({ options: [{ text: plain('x'.repeat(76)), value: 'x' }] });
    if (typed === 'groups')
      return ack({
        option_groups: [{ label: plain('Named'), options: [{ text: plain('catalog'), value: 'id-1' }] }],
      });
    const matching = INDEXES.filter((name) => name.startsWith(typed));
    await ack({ options: matching.map((name) => ({ text: plain(name), value: `id-${name}` })) });
  });
  return app;
}

for (const transport of ['http', 'socket'] as const) {
  describe(`driver.suggest over ${transport === 'http' ? 'signed HTTP' : 'Socket Mode'}`, () => {
    let sim: SlackSimulator;
    let app: App;
    let driver: SlackDriver;
    beforeAll(async () => {
      sim = await startSlackSimulator({
        botToken: TOKEN,
        users: { U1: { tz: 'UTC' } },
        channels: { C1: {} },
      });
      app = buildApp(sim, transport);
      let appUrl = 'http://127.0.0.1:1/unused';
      if (transport === 'http') {
        const server = await app.start(0);
        appUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/slack/events`;
      } else {
        await app.start();
        await sim.socket.waitForConnections(1);
      }
      driver = createSlackDriver({
        appUrl,
        signingSecret: SECRET,
        slack: sim,
        userId: 'U1',
        channelId: 'C1',
        transport,
      });
    });
    afterAll(async () => {
      await app.stop();
      // Bolt's stop() starts the WebSocket close handshake without waiting for it to finish.
      if (transport === 'socket') await sim.socket.waitForConnections(0);
      await sim.close();
    });
    beforeEach(() => sim.reset());

    async function openForm() {
      await driver.command('form');
      await sim.waitFor((c) => c.method === 'views.open' && c.ok);
      const view = sim.openViews('U1')[0];
      if (!view) throw new Error('no modal open');
      return view;
    }

    it('offers the matching options for what is typed in a modal, and records them as valid', async () => {
      const view = await openForm();
      const result = await driver.suggest({ userId: 'U1', view, actionId: 'index', value: 'ca' });
      expect(result.status).toBe(200);
      expect(result.valid).toBe(true);
      expect(result.options.map((o) => o.value)).toEqual(['id-catalog', 'id-cart']);
      // Opening the menu (nothing typed yet) asks too, since min_query_length is 0.
      const all = await driver.suggest({ userId: 'U1', view, actionId: 'index', value: '' });
      expect(all.options).toHaveLength(INDEXES.length);
      expect(sim.suggestions.map((s) => [s.value, s.valid, s.container.type])).toEqual([
        ['ca', true, 'view'],
        ['', true, 'view'],
      ]);
    });

    it('delivers from a message, and accepts option groups', async () => {
      await driver.command('card');
      await sim.waitFor((c) => c.method === 'chat.postMessage' && c.ok);
      const message = sim.messagesIn('C1')[0];
      if (!message) throw new Error('no card');
      const result = await driver.suggest({ userId: 'U1', message, actionId: 'index', value: 'groups' });
      expect(result).toMatchObject({ valid: true, options: [{ value: 'id-1' }] });
      expect(sim.suggestions[0]?.container).toMatchObject({
        type: 'message',
        channel_id: 'C1',
        message_ts: message.ts,
      });
    });

    it('records an answer Slack would refuse: too many options, or an option text that is too long', async () => {
      const view = await openForm();
      const many = await driver.suggest({ userId: 'U1', view, actionId: 'index', value: 'many' });
      expect(many.valid).toBe(false);
      expect(many.options).toEqual([]);
      expect(many.errors).toEqual(['no more than 100 items allowed [json-pointer:/options]']);
      const long = await driver.suggest({ userId: 'U1', view, actionId: 'index', value: 'long' });
      expect(long.errors).toEqual(['must be less than 76 characters [json-pointer:/options/0/text/text]']);
      expect(sim.suggestions.map((s) => s.valid)).toEqual([false, false]);
    });

    it('sends nothing below min_query_length (Slack waits for 3 characters unless told otherwise)', async () => {
      const view = await openForm();
      await expect(driver.suggest({ userId: 'U1', view, actionId: 'strict', value: 'ca' })).rejects.toThrow(
        /min_query_length 3 \(Slack's default\)/,
      );
      expect(sim.suggestions).toEqual([]);
    });
  });
}
