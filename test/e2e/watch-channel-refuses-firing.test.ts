// What else a refusing channel can refuse besides a new alert: the resolve's update, a reminder.
// Each check's state is saved all the same, the creator is told once however many posts are refused,
// no incident is opened for an alert the channel never showed, and the flag clears with the next
// post Slack takes. Against the simulators, with the test's clock.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SIM_IDS, type SimulatedWorkspace, startSimulatedWorkspace } from '../../src/sim/workspace.ts';
import type { Watch } from '../../src/store/index.ts';
import { watchSteering } from '../support/watch-steering.ts';

const { requester } = SIM_IDS;
const INTERVAL = 300_000;

describe('a watch whose channel starts refusing while it fires', () => {
  let ws: SimulatedWorkspace;
  let now = Date.UTC(2026, 10, 24, 10, 0);
  let watch: Watch | undefined;

  beforeAll(async () => {
    ws = await startSimulatedWorkspace({ clock: () => now, env: { WATCH_INTERVAL_MS: String(INTERVAL) } });
  });
  afterEach(async () => {
    if (watch !== undefined) await ws.store.deleteWatch(watch.id);
  });
  afterAll(async () => {
    await ws?.stop();
  });

  const steering = (channel: string) =>
    watchSteering({ ws: () => ws, channel, advance: () => (now += INTERVAL) });
  const dmsToCreator = () => ws.slack.callsTo('chat.postMessage').filter((c) => c.args.channel === requester);
  const current = async () => {
    const found = watch === undefined ? undefined : await ws.store.getWatch(watch.id);
    if (found === undefined) throw new Error('no watch');
    return found;
  };

  /** A watch of its own channel, fired with its alert posted. */
  async function fired(channel: string, rule = 'watch idx-2 monthly_cost > $50 for 1') {
    const { setCost, check } = steering(channel);
    setCost(80);
    await ws.driver.command(rule, { userId: requester, channelId: channel });
    await check();
    [watch] = await ws.store.listWatches(channel);
    expect((await current()).state).toMatchObject({ status: 'firing', alert: { channel } });
  }

  it('a refused resolve: resolved and saved, told once; refused again, not told again; the next alert clears it', async () => {
    const channel = 'C0REFUSERESOLVE';
    const { setCost, check, topLevel } = steering(channel);
    await fired(channel);
    const dms = dmsToCreator().length;

    setCost(10);
    ws.slack.fail('chat.update', { error: 'is_archived' });
    await check();
    expect((await current()).state).toMatchObject({
      status: 'ok',
      alert: null,
      cantPost: { code: 'is_archived' },
    });
    expect((await ws.store.listIncidents((await current()).id))[0]?.resolvedAt).not.toBeNull();
    expect(
      dmsToCreator()
        .slice(dms)
        .map((c) => c.args.text),
    ).toEqual([expect.stringContaining(`opsbot can’t post in <#${channel}>: that channel is archived`)]);

    // It crosses again while the channel still refuses: no incident, no second DM.
    setCost(80);
    ws.slack.fail('chat.postMessage', { error: 'channel_not_found' });
    await check();
    expect((await current()).state).toMatchObject({ status: 'ok', cantPost: { code: 'channel_not_found' } });
    expect(await ws.store.listIncidents((await current()).id)).toHaveLength(1);
    expect(dmsToCreator().length - dms).toBe(1);

    await check();
    expect((await current()).state).toMatchObject({ status: 'firing', cantPost: null });
    expect(topLevel()).toHaveLength(2);
    expect(await ws.store.listIncidents((await current()).id)).toHaveLength(2);
    expect(dmsToCreator().length - dms).toBe(1);
  });

  it('a refused reminder: saved and flagged until the next reminder goes out', async () => {
    const channel = 'C0REFUSEREMIND';
    const { check, inThread } = steering(channel);
    await fired(channel, 'watch idx-2 monthly_cost > $50 for 1 remind 10m');
    const alert = (await current()).state.alert;
    if (alert === null) throw new Error('no alert');

    await check(); // 5 minutes in: no reminder due, nothing to say
    ws.slack.fail('chat.postMessage', { error: 'restricted_action' });
    await check(); // 10 minutes in: the reminder is refused
    expect((await current()).state).toMatchObject({
      status: 'firing',
      cantPost: { code: 'restricted_action' },
    });
    await check(); // nothing posted: the flag stays
    expect((await current()).state.cantPost).toMatchObject({ code: 'restricted_action' });
    await check(); // 20 minutes in: the next reminder is taken
    expect(inThread(alert.ts)).toHaveLength(1);
    expect((await current()).state.cantPost).toBeNull();
  });
});
