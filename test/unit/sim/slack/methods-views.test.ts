import { webApi } from '@slack/bolt';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type SlackSimulator, startSlackSimulator } from '../../../../src/sim/slack/index.ts';

const TOKEN = 'xoxb-test-fake-token';
const plain = (text: string) => ({ type: 'plain_text' as const, text });
const modal = (title: string, extra: Record<string, unknown> = {}) => ({
  type: 'modal' as const,
  title: plain(title),
  close: plain('Cancel'),
  blocks: [{ type: 'section', text: { type: 'mrkdwn', text: title } }],
  ...extra,
});
const nameInput = {
  type: 'input',
  block_id: 'name',
  label: plain('Name'),
  element: { type: 'plain_text_input', action_id: 'value' },
};

function errorOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => 'no error',
    (e: { data?: { error?: string } }) => e.data?.error,
  );
}

describe('Slack simulator: triggers and views', () => {
  let sim: SlackSimulator;
  let client: InstanceType<typeof webApi.WebClient>;
  let now = Date.UTC(2024, 0, 1);
  beforeAll(async () => {
    sim = await startSlackSimulator({ botToken: TOKEN, clock: () => now });
    client = new webApi.WebClient(TOKEN, { slackApiUrl: sim.apiUrl, retryConfig: { retries: 0 } });
  });
  afterAll(() => sim.close());
  beforeEach(() => sim.reset());

  it('opens a modal with a fresh trigger and returns the view Slack would', async () => {
    const trigger = sim.newTriggerId('U1');
    expect(trigger).toMatch(/^\d+\.\d+\.[0-9a-f]+$/);
    const res = await client.views.open({
      trigger_id: trigger,
      view: modal('Request', { callback_id: 'req' }),
    });
    expect(res.view).toMatchObject({
      id: expect.stringMatching(/^V/),
      type: 'modal',
      callback_id: 'req',
      private_metadata: '',
      hash: expect.any(String),
      state: { values: {} },
    });
    expect(sim.views).toMatchObject([{ via: 'views.open', user: 'U1', view: { id: res.view?.id } }]);
    expect(sim.openViews('U1').map((v) => v.id)).toEqual([res.view?.id]);
  });

  it('uses a trigger once only', async () => {
    const trigger = sim.newTriggerId('U1');
    await client.views.open({ trigger_id: trigger, view: modal('One') });
    expect(await errorOf(client.views.open({ trigger_id: trigger, view: modal('Two') }))).toBe(
      'exchanged_trigger_id',
    );
  });

  it('expires a trigger 3 s after it was issued', async () => {
    const late = sim.newTriggerId('U1');
    const onTime = sim.newTriggerId('U1');
    now += 3000;
    await expect(client.views.open({ trigger_id: onTime, view: modal('ok') })).resolves.toMatchObject({
      ok: true,
    });
    now += 1;
    expect(await errorOf(client.views.open({ trigger_id: late, view: modal('late') }))).toBe(
      'expired_trigger_id',
    );
  });

  it('rejects triggers it never issued', async () => {
    expect(await errorOf(client.views.open({ trigger_id: '1.2.abc', view: modal('x') }))).toBe(
      'invalid_trigger_id',
    );
    expect(await errorOf(client.views.open({ trigger_id: 'not-a-trigger', view: modal('x') }))).toBe(
      'invalid_trigger_id',
    );
  });

  it('updates a view in place, honouring hash and reporting not_found', async () => {
    const opened = await client.views.open({ trigger_id: sim.newTriggerId('U1'), view: modal('Loading') });
    const id = opened.view?.id ?? '';
    expect(await errorOf(client.views.update({ view_id: id, hash: 'stale', view: modal('Ready') }))).toBe(
      'hash_conflict',
    );
    const updated = await client.views.update({
      view_id: id,
      hash: opened.view?.hash ?? '',
      view: modal('Ready'),
    });
    expect(updated.view?.id).toBe(id);
    expect(sim.viewById(id)?.title).toEqual(plain('Ready'));
    expect(sim.views.map((v) => v.via)).toEqual(['views.open', 'views.update']);
    expect(await errorOf(client.views.update({ view_id: 'V404', view: modal('x') }))).toBe('not_found');
  });

  it('pushes at most three views on a stack', async () => {
    const root = await client.views.open({ trigger_id: sim.newTriggerId('U1'), view: modal('1') });
    const second = await client.views.push({ trigger_id: sim.newTriggerId('U1'), view: modal('2') });
    expect(second.view).toMatchObject({ root_view_id: root.view?.id, previous_view_id: root.view?.id });
    await client.views.push({ trigger_id: sim.newTriggerId('U1'), view: modal('3') });
    expect(await errorOf(client.views.push({ trigger_id: sim.newTriggerId('U1'), view: modal('4') }))).toBe(
      'push_limit_reached',
    );
  });

  it('publishes one Home tab per user', async () => {
    const home = {
      type: 'home' as const,
      blocks: [{ type: 'section', text: { type: 'mrkdwn', text: 'hi' } }],
    };
    const first = await client.views.publish({ user_id: 'U1', view: home });
    const again = await client.views.publish({ user_id: 'U1', view: home });
    expect(again.view?.id).toBe(first.view?.id);
  });

  it('applies view_submission acks the way Slack does', async () => {
    const opened = await client.views.open({
      trigger_id: sim.newTriggerId('U1'),
      view: modal('Form', { submit: plain('Send'), blocks: [nameInput] }),
    });
    const id = opened.view?.id ?? '';
    expect(sim.applyViewAck('U1', id, { response_action: 'errors', errors: { name: 'Taken' } })).toEqual({
      ok: true,
    });
    expect(sim.applyViewAck('U1', id, { response_action: 'errors', errors: { nope: 'x' } })).toEqual({
      ok: false,
      errors: ['errors names no input block: nope'],
    });
    expect(
      sim.applyViewAck('U1', id, { response_action: 'update', view: modal('A title that is far too long') })
        .ok,
    ).toBe(false);
    expect(sim.applyViewAck('U1', id, { response_action: 'update', view: modal('Done') })).toEqual({
      ok: true,
    });
    expect(sim.viewById(id)?.title).toEqual(plain('Done'));
    expect(sim.applyViewAck('U1', id, undefined)).toEqual({ ok: true });
    expect(sim.openViews('U1')).toEqual([]);
  });
});
