// The guard under every listener (src/slack/guard.ts): whatever a person does — a click in a message,
// on the Home tab or in an open modal, a form submission — a listener that fails answers them with
// one sentence where they are looking, in both transports. Listeners registered here fail on purpose.
import { describe, expect, it } from 'vitest';
import { TargetGone } from '../../src/errors.ts';
import { SIM_CREDENTIALS, SIM_IDS, startSimulatedWorkspace } from '../../src/sim/workspace.ts';
import { DatabaseUnavailableError } from '../../src/store/index.ts';
import { textOf } from '../support/blocks.ts';
import { until } from '../support/poll.ts';

const button = (actionId: string) => ({
  type: 'actions',
  block_id: 'guard_test',
  elements: [{ type: 'button', action_id: actionId, text: { type: 'plain_text', text: 'Go' } }],
});

const FAILING_FORM = {
  type: 'modal' as const,
  callback_id: 'guard_form',
  title: { type: 'plain_text' as const, text: 'Test' },
  submit: { type: 'plain_text' as const, text: 'Save' },
  blocks: [
    {
      type: 'input',
      block_id: 'guard_field',
      label: { type: 'plain_text', text: 'Name' },
      element: { type: 'plain_text_input', action_id: 'name' },
    },
    button('guard_in_modal'),
  ],
};

describe.each(['http', 'socket'] as const)('the guard (%s)', (mode) => {
  it('answers every kind of failed action with one sentence, where the person is looking', async () => {
    const ws = await startSimulatedWorkspace({
      mode,
      env: mode === 'socket' ? { SLACK_APP_TOKEN: SIM_CREDENTIALS.appToken } : {},
    });
    try {
      const { app } = ws.opsbot;
      app.action('guard_gone', async ({ ack }) => {
        await ack();
        throw new TargetGone('That watch was removed, so there is nothing to snooze.');
      });
      app.action('guard_store', async () => {
        throw new DatabaseUnavailableError('connection refused');
      });
      app.action('guard_in_modal', async ({ ack }) => {
        await ack();
        throw new TargetGone('That digest was removed meanwhile.');
      });
      app.view('guard_form', async () => {
        throw new Error('a bug in the submission');
      });
      const user = SIM_IDS.requester;

      // A click in a channel message whose target is gone: an ephemeral sentence saying so.
      const posted = await app.client.chat.postMessage({
        channel: SIM_IDS.generalChannel,
        text: 'test',
        blocks: [button('guard_gone')],
      });
      const message = {
        channel: SIM_IDS.generalChannel,
        ts: String(posted.ts),
        blocks: [button('guard_gone')],
      };
      await ws.driver.clickButton({ userId: user, message, actionId: 'guard_gone' });
      const gone = await until(
        () => ws.slack.ephemeralsFor(user).find((e) => e.text.includes('removed')),
        'the ephemeral answer',
      );
      expect(gone.text).toBe(':warning: That watch was removed, so there is nothing to snooze.');

      // A click on the Home tab while the store is down: a DM, since the tab has no channel.
      await app.client.views.publish({
        user_id: user,
        view: { type: 'home', blocks: [button('guard_store')] },
      });
      const home = await until(() => ws.slack.homeOf(user), 'the published Home tab');
      await ws.driver.clickInView({ userId: user, view: home, actionId: 'guard_store' });
      const dmChannel = String((await app.client.conversations.open({ users: user })).channel?.id);
      const dm = await until(
        () => ws.slack.messagesIn(dmChannel).find((m) => m.text.includes('database')),
        'the DM with the sentence',
      );
      expect(dm.text).toBe(
        ':warning: opsbot’s database isn’t answering just now, so nothing was changed. Try again in a minute.',
      );

      // A form submission that fails: the sentence shows in the still-open modal, under its field.
      ws.opsbot.router.register({
        words: ['guardform'],
        example: 'guardform',
        description: 'opens a form whose submission fails',
        handle: async ({ ack, client, body }) => {
          await ack();
          await client.views.open({ trigger_id: body.trigger_id, view: FAILING_FORM });
        },
      });
      await ws.driver.command('guardform', { userId: user });
      const view = await until(
        () => ws.slack.views.find((v) => v.view.callback_id === 'guard_form')?.view,
        'the opened modal',
      );
      // A click inside the open modal: a small modal on top of it says what happened.
      await ws.driver.clickInView({ userId: user, view, actionId: 'guard_in_modal' });
      const pushed = await until(
        () => ws.slack.views.find((v) => v.via === 'views.push')?.view,
        'the modal pushed over the form',
      );
      expect(textOf(pushed.blocks)).toBe(':warning: That digest was removed meanwhile.');

      const submitted = await ws.driver.submitView({
        userId: user,
        view,
        values: { guard_field: { name: { type: 'plain_text_input', value: 'x' } } },
      });
      expect(submitted.ack).toEqual({
        response_action: 'errors',
        errors: {
          guard_field:
            'opsbot couldn’t finish that because of a problem on its side; the details are in its log. Try again in a minute.',
        },
      });
      expect(textOf(dm.blocks)).toContain('database');
      // Nothing went silent: every failure was logged with the one err shape.
      const failures = ws.logs.map((l) => JSON.parse(l)).filter((l) => l.event?.startsWith('action_'));
      expect(failures.map((l) => [l.event, l.err.name])).toEqual([
        ['action_refused', 'TargetGone'],
        ['action_failed', 'DatabaseUnavailableError'],
        ['action_refused', 'TargetGone'],
        ['action_failed', 'Error'],
      ]);
    } finally {
      await ws.stop();
    }
  });
});
