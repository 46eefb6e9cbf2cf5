// Alerts someone owns, as a channel lives them in both transports: a watch that notifies a user group
// and a person fires with both mentioned; unacknowledged, it is reminded in its thread once per
// interval; Acknowledge updates the alert in place and stops the reminders, a second person is told
// who has it; the resolve tells the story without mentioning anyone. The stats and the clock are
// the test's: each check is one step of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SIM_CREDENTIALS,
  SIM_IDS,
  type SimulatedWorkspace,
  startSimulatedWorkspace,
} from '../../src/sim/workspace.ts';
import { textOf } from '../support/blocks.ts';
import { until } from '../support/poll.ts';
import { watchSteering } from '../support/watch-steering.ts';

const { requester, approver } = SIM_IDS;
const CHANNEL = 'C0ONCALL';
const GROUP = 'S0SEARCHONCALL';
const INTERVAL = 300_000;
const MENTIONS = /<!subteam\^|<@/;

describe.each(['http', 'socket'] as const)('e2e: alerts someone owns (%s)', (mode) => {
  let ws: SimulatedWorkspace;
  let now = Date.UTC(2026, 10, 24, 13, 0);
  const { setCost, check, topLevel } = watchSteering({
    ws: () => ws,
    channel: CHANNEL,
    advance: () => {
      now += INTERVAL;
    },
  });
  const alert = () => {
    const [first] = topLevel();
    if (first === undefined) throw new Error('no alert');
    return first;
  };
  const thread = () => ws.slack.messagesIn(CHANNEL).filter((m) => m.thread_ts === alert().ts);
  const command = (text: string, userId = requester) =>
    ws.driver.command(text, { userId, channelId: CHANNEL, escape: true });

  beforeAll(async () => {
    ws = await startSimulatedWorkspace({
      mode,
      clock: () => now,
      env: {
        WATCH_INTERVAL_MS: String(INTERVAL),
        ...(mode === 'socket' ? { SLACK_APP_TOKEN: SIM_CREDENTIALS.appToken } : {}),
      },
      slack: { userGroups: { [GROUP]: { handle: 'search-oncall', users: [approver] } } },
    });
  });
  afterAll(async () => {
    await ws?.stop();
  });

  it('a plain @name Slack did not turn into a person is refused with how to pick them; nothing saved', async () => {
    const answer = await command('watch idx-2 monthly_cost > $50 notify @nobody-here');
    expect(JSON.parse(answer.body).text).toContain(
      'Slack didn’t recognise `@nobody-here` as a person or user group, so opsbot can’t call them. Type @ and choose them from the list Slack shows as you type',
    );
    expect(await ws.store.listWatches()).toEqual([]);
  });

  it('notify a group and a person: the alert’s text mentions both', async () => {
    setCost(20);
    const answer = await command(
      'watch idx-2 monthly_cost > $50 for 1 notify @search-oncall @approver remind 20m',
    );
    expect(JSON.parse(answer.body).text).toContain(`calling <!subteam^${GROUP}> <@${approver}>`);
    expect(await ws.store.listWatches(CHANNEL)).toEqual([
      expect.objectContaining({ notify: { users: [approver], groups: [GROUP] }, remindEveryMs: 20 * 60_000 }),
    ]);
    await check();
    setCost(80);
    expect((await check()).effects).toEqual({ fire: 1 });
    expect(topLevel()).toHaveLength(1);
    expect(alert().text).toContain(`<!subteam^${GROUP}> <@${approver}>`);
    expect(JSON.stringify(alert().blocks)).toContain('"action_id":"watch.acknowledge"');
  });

  it('nobody acknowledges: one threaded reminder with the mentions after the interval, one more after another', async () => {
    setCost(120); // worse: the worst value the resolve will tell
    for (let i = 0; i < 3; i++) await check(); // 5, 10, 15 min after it fired
    expect(thread()).toHaveLength(0);
    expect((await check()).effects).toEqual({ remind: 1 }); // 20 min
    expect(thread()).toHaveLength(1);
    expect(thread()[0]?.text).toMatch(
      new RegExp(
        `^<!subteam\\^${GROUP}> <@${approver}> :alarm_clock: Still firing and nobody has acknowledged it`,
      ),
    );
    setCost(90);
    for (let i = 0; i < 3; i++) await check();
    expect(thread()).toHaveLength(1);
    await check(); // 40 min: another interval since the last reminder
    expect(thread()).toHaveLength(2);
    expect(thread()[1]?.text).toContain(`<@${approver}>`);
  });

  it('Acknowledge: the alert says who, in place; no more reminders; a second person is told who has it', async () => {
    // Both saw the alert with its button; the second clicks a moment after the first.
    const seen = structuredClone(alert());
    await ws.driver.clickButton({ userId: approver, message: seen, actionId: 'watch.acknowledge' });
    await until(() => textOf(alert().blocks).includes('Acknowledged by') || undefined, 'the alert updated');
    expect(topLevel()).toHaveLength(1);
    expect(textOf(alert().blocks)).toMatch(
      new RegExp(`Acknowledged by <@${approver}> \\d+ min after it fired`),
    );
    expect(JSON.stringify(alert().blocks)).not.toContain('watch.acknowledge');
    expect(ws.logs.filter((l) => l.includes('"event":"watch_acknowledged"'))).toHaveLength(1);

    await ws.driver.clickButton({ userId: requester, message: seen, actionId: 'watch.acknowledge' });
    const told = await until(
      () => ws.slack.ephemeralsFor(requester).find((e) => e.text.includes('already acknowledged')),
      'the second click answered',
    );
    expect(told.text).toMatch(/@approver already acknowledged this alert/);
    expect(ws.logs.filter((l) => l.includes('"event":"watch_acknowledged"'))).toHaveLength(1);

    for (let i = 0; i < 6; i++) await check();
    expect(thread()).toHaveLength(2);

    // The Home tab's firing watches say who has it.
    await ws.driver.openHome({ userId: approver });
    const home = await until(() => {
      const text = textOf(ws.slack.homeOf(approver)?.blocks);
      return text.includes('acknowledged by') ? text : undefined;
    }, 'the Home tab');
    expect(home).toContain(`acknowledged by <@${approver}>`);
  });

  it('resolve: the alert tells how long, the worst value and who acknowledged it, and nothing pings', async () => {
    const before = ws.slack.calls.length;
    setCost(20);
    expect((await check()).effects).toEqual({ resolve: 1 });
    expect(topLevel()).toHaveLength(1);
    expect(alert().text).toMatch(
      /^Resolved after \d+ (min|h)( \d+ min)?: idx-2 monthly-cost · worst \$120\.00 \(threshold \$50\.00\) at 13:\d\d UTC · acknowledged by @approver after \d+ min/,
    );
    const onResolve = ws.slack.calls
      .slice(before)
      .filter((c) => c.method === 'chat.postMessage' || c.method === 'chat.update');
    expect(onResolve.map((c) => c.method).sort()).toEqual(['chat.postMessage', 'chat.update']);
    for (const call of onResolve) expect(JSON.stringify(call.args)).not.toMatch(MENTIONS);
  });

  it('`watch list` shows the last incident in one line', async () => {
    await command('watch list');
    const listed = await until(
      () =>
        ws.slack.ephemeralsFor(requester).find((e) => textOf(e.blocks).includes('Watches in this channel')),
      'the list',
    );
    expect(textOf(listed.blocks)).toMatch(
      /last incident .* · worst \$120\.00 · acknowledged by @approver after \d+ min · resolved after \d+/,
    );
    expect(textOf(listed.blocks)).toContain('reminds every 20m');
  });
  it('the form: people from a picker, user groups from the workspace’s list, the reminder interval', async () => {
    const channel = 'C0OWNFORM';
    await ws.driver.command('watch', { userId: requester, channelId: channel });
    await until(
      () =>
        ws.slack
          .callsTo('views.open')
          .find((c) => c.ok && JSON.stringify(c.args.view).includes('watch_remind')),
      'the form',
    );
    const form = ws.slack.views.filter((v) => v.user === requester && v.via === 'views.open').at(-1)?.view;
    if (form === undefined) throw new Error('no form');
    expect(JSON.stringify(form.blocks)).toContain('"text":"@search-oncall"');
    const values = (remind: string) => ({
      watch_index: { watch_index: 'idx-2' },
      watch_metric: { watch_metric: 'monthly_cost' },
      watch_threshold: { watch_threshold: '$70' },
      watch_channel: { watch_channel: channel },
      watch_notify_users: { watch_notify_users: [approver] },
      watch_notify_groups: { watch_notify_groups: [GROUP] },
      watch_remind: { watch_remind: remind },
    });
    const bad = await ws.driver.submitView({ userId: requester, view: form, values: values('soon') });
    expect(bad.ack).toMatchObject({
      response_action: 'errors',
      errors: { watch_remind: expect.stringContaining('20m') },
    });
    expect(await ws.store.listWatches(channel)).toEqual([]);
    const good = await ws.driver.submitView({ userId: requester, view: form, values: values('2h') });
    expect(good.ack).toBeUndefined();
    expect(await ws.store.listWatches(channel)).toEqual([
      expect.objectContaining({
        notify: { users: [approver], groups: [GROUP] },
        remindEveryMs: 2 * 3_600_000,
      }),
    ]);
  });
});
