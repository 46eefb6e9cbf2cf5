// The policy's limits on watches, as a person meets them with the default policy: who a watch may
// notify and how often it reminds (the text form and the form alike), how many watches one channel
// holds, and a Mute that ends by itself, saying until when. Over signed HTTP and Socket Mode alike.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INITIAL_STATE } from '../../src/features/watches/evaluate.ts';
import {
  SIM_CREDENTIALS,
  SIM_IDS,
  type SimulatedWorkspace,
  startSimulatedWorkspace,
} from '../../src/sim/workspace.ts';
import { textOf } from '../support/blocks.ts';
import { storedWatch, watchFormValues, watchSteering } from '../support/watch-steering.ts';

const { requester, approver } = SIM_IDS;
const CHANNEL = 'C0LIMITS';
const FULL = 'C0CROWDED';
const INTERVAL = 300_000;
const GROUPS = ['S0G1', 'S0G2', 'S0G3', 'S0G4'];
const people = (n: number) => Array.from({ length: n }, (_, i) => `U0P${String(i).padStart(2, '0')}`);

describe.each(['http', 'socket'] as const)('e2e: the limits on watches (%s)', (mode) => {
  let ws: SimulatedWorkspace;
  let now = Date.UTC(2026, 10, 24, 10, 0);
  const { setCost, check, topLevel } = watchSteering({
    ws: () => ws,
    channel: CHANNEL,
    advance: () => {
      now += INTERVAL;
    },
  });
  const say = async (text: string, channelId = CHANNEL) =>
    JSON.parse((await ws.driver.command(text, { userId: requester, channelId })).body).text as string;

  beforeAll(async () => {
    ws = await startSimulatedWorkspace({
      mode,
      clock: () => now,
      env: {
        WATCH_INTERVAL_MS: String(INTERVAL),
        ...(mode === 'socket' ? { SLACK_APP_TOKEN: SIM_CREDENTIALS.appToken } : {}),
      },
      slack: {
        userGroups: Object.fromEntries(
          GROUPS.map((id) => [id, { handle: `team-${id.slice(-1)}`, users: [approver] }]),
        ),
      },
    });
  });
  afterAll(async () => {
    await ws?.stop();
  });

  it('the text form: more than 10 people, or a reminder under 5 minutes, is refused saying the limit', async () => {
    const many = people(11)
      .map((id) => `<@${id}>`)
      .join(' ');
    expect(await say(`watch idx-2 monthly_cost > $50 notify ${many}`)).toBe(
      ':warning: A watch may notify at most 10 people (you chose 11); name a user group for more.',
    );
    expect(await say('watch idx-2 monthly_cost > $50 remind 45s')).toBe(
      ':warning: Reminders may come at most every 5m: choose 5m or longer, or never.',
    );
    expect(await ws.store.listWatches()).toEqual([]);
  });

  it('the form: 11 people, 4 user groups or `remind 45s` are refused under their field', async () => {
    await ws.driver.command('watch', { userId: requester, channelId: CHANNEL });
    await ws.slack.waitFor((c) => c.method === 'views.open' && c.ok);
    const form = ws.slack.views.filter((v) => v.user === requester && v.via === 'views.open').at(-1)?.view;
    if (form === undefined) throw new Error('no form');
    expect(JSON.stringify(form.blocks)).toContain('"max_selected_items":10');
    const submit = (owners: Record<string, Record<string, unknown>>) =>
      ws.driver.submitView({
        userId: requester,
        view: form,
        values: { ...watchFormValues(CHANNEL), ...owners },
      });
    expect((await submit({ watch_notify_users: { watch_notify_users: people(11) } })).ack).toEqual({
      response_action: 'errors',
      errors: {
        watch_notify_users:
          'A watch may notify at most 10 people (you chose 11); name a user group for more.',
      },
    });
    expect((await submit({ watch_notify_groups: { watch_notify_groups: GROUPS } })).ack).toEqual({
      response_action: 'errors',
      errors: { watch_notify_groups: 'A watch may notify at most 3 user groups (you chose 4).' },
    });
    expect((await submit({ watch_remind: { watch_remind: '45s' } })).ack).toEqual({
      response_action: 'errors',
      errors: { watch_remind: 'Reminders may come at most every 5m: choose 5m or longer, or never.' },
    });
    expect(await ws.store.listWatches()).toEqual([]);
    const within = await submit({
      watch_notify_users: { watch_notify_users: people(10) },
      watch_notify_groups: { watch_notify_groups: GROUPS.slice(0, 3) },
      watch_remind: { watch_remind: '5m' },
    });
    expect(within.ack).toBeUndefined();
    expect(await ws.store.listWatches(CHANNEL)).toEqual([
      expect.objectContaining({ notify: { users: people(10), groups: GROUPS.slice(0, 3) } }),
    ]);
  });

  it('a channel holds at most 50 watches: the 51st is refused, saying so', async () => {
    for (let i = 0; i < 50; i++) await ws.store.createWatch(storedWatch(FULL, approver, now));
    expect(await say('watch idx-2 monthly_cost > $50', FULL)).toBe(
      ':warning: That channel already has 50 watches, the most one channel may have: remove one there first (/ops watch list shows them).',
    );
    expect(await ws.store.listWatches(FULL)).toHaveLength(50);
  });

  it('Mute ends by itself: the alert says until when, and fires again once the mute is over', async () => {
    const [watch] = await ws.store.listWatches(CHANNEL);
    if (watch === undefined) throw new Error('no watch');
    await ws.store.updateWatch(watch.id, { ...watch, forChecks: 1 }, INITIAL_STATE, now);
    setCost(80);
    expect((await check()).effects).toMatchObject({ fire: 1 });
    const alert = topLevel().at(-1);
    if (alert === undefined) throw new Error('no alert');
    const mute = JSON.stringify(alert.blocks);
    expect(mute).toContain('"action_id":"watch.mute"');
    // Durations up to the policy's mute_at_most (7 days), and no longer.
    expect(mute).toContain('Mute for 7 days');
    expect(mute).not.toContain('Mute for 8');
    await ws.driver.selectOption({
      userId: requester,
      message: alert,
      actionId: 'watch.mute',
      value: `${watch.id}:3600000`,
    });
    const muted = await ws.slack.waitFor(
      (c) => c.method === 'chat.update' && textOf(c.args.blocks).includes('muted by'),
    );
    expect(textOf(muted.args.blocks)).toContain(
      `:mute: muted by <@${requester}> until Tue 24 Nov, 11:05 UTC`,
    );
    // Resolved and firing again inside the hour: the channel hears nothing new.
    setCost(10);
    await check();
    setCost(80);
    await check();
    expect(topLevel()).toHaveLength(1);
    // Past the hour the mute is over: the alert goes out again, with Mute offered again.
    now += 3_600_000;
    await check();
    expect(topLevel()).toHaveLength(2);
    expect(textOf(topLevel().at(-1)?.blocks)).not.toContain('muted by');
  });

  it('an alert posted before Mute was a menu: its Mute button mutes for the longest allowed, 7 days', async () => {
    const [watch] = await ws.store.listWatches(CHANNEL);
    const alert = topLevel().at(-1);
    if (watch === undefined || alert === undefined) throw new Error('no alert');
    const muteButton = {
      type: 'button',
      action_id: 'watch.mute',
      value: String(watch.id),
      text: { type: 'plain_text', text: 'Mute' },
    };
    const older = {
      ...alert,
      blocks: [{ type: 'actions', block_id: `watch_alert_${watch.id}`, elements: [muteButton] }],
    };
    await ws.driver.clickButton({ userId: requester, message: older, actionId: 'watch.mute' });
    await ws.slack.waitFor((c) => c.method === 'chat.update' && textOf(c.args.blocks).includes('muted by'));
    expect((await ws.store.getWatch(watch.id))?.controls).toMatchObject({
      mutedBy: requester,
      mutedUntil: now + 7 * 86_400_000,
    });
  });
});
