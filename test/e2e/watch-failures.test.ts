// Every click and submission of the watches feature, when it can't be done: the store not answering,
// or the watch removed meanwhile. The person who acted gets one sentence where they are looking (an
// ephemeral in the channel, an error in the open form, the command's answer) and nothing changes.
// Over signed HTTP requests and over Socket Mode alike.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MessageLike } from '../../src/sim/driver/index.ts';
import { DEFAULT_VECTOR_INDEXES } from '../../src/sim/mgmt/stats.ts';
import { SIM_IDS, type SimulatedWorkspace, startSimulatedWorkspace } from '../../src/sim/workspace.ts';
import { DatabaseUnavailableError, type Watch } from '../../src/store/index.ts';
import { textOf } from '../support/search-requests.ts';
import { watchFormValues } from '../support/watch-steering.ts';

const { requester } = SIM_IDS;
const DB_DOWN = 'opsbot’s database isn’t answering just now, so nothing was changed. Try again in a minute.';

describe.each(['http', 'socket'] as const)('watches, when a click can’t be done (%s)', (mode) => {
  let ws: SimulatedWorkspace;
  let channels = 0;
  const now = Date.UTC(2026, 10, 24, 10, 0);

  beforeAll(async () => {
    ws = await startSimulatedWorkspace({ clock: () => now, mode });
    ws.mgmt.indexes['idx-2'] = { ...DEFAULT_VECTOR_INDEXES['idx-2'], pinned: { monthly_cost: 80 } };
  });
  afterAll(async () => {
    await ws?.stop();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const storeDown = (method: 'getWatch' | 'createWatch') =>
    vi.spyOn(ws.store, method).mockRejectedValueOnce(new DatabaseUnavailableError('connection refused'));

  /** A watch of its own channel, fired: its alert as the channel sees it. */
  async function firingWatch(): Promise<{ watch: Watch; alert: MessageLike }> {
    channels += 1;
    const channel = `C0FAIL${mode.toUpperCase()}${channels}`;
    await ws.driver.command('watch idx-2 monthly_cost > $50 for 1', {
      userId: requester,
      channelId: channel,
    });
    await ws.opsbot.features.watches.runOnce();
    const [watch] = await ws.store.listWatches(channel);
    const alert = ws.slack.messagesIn(channel).find((m) => textOf(m.blocks).includes('monthly-cost'));
    if (watch === undefined || alert === undefined) throw new Error('the watch did not fire');
    return { watch, alert };
  }

  /** The one ephemeral sentence `user` was told after `click`. */
  async function toldAfter(click: () => Promise<unknown>): Promise<string[]> {
    const before = ws.slack.ephemeralsFor(requester).length;
    await click();
    await vi.waitFor(() => expect(ws.slack.ephemeralsFor(requester).length).toBeGreaterThan(before));
    return ws.slack
      .ephemeralsFor(requester)
      .slice(before)
      .map((e) => e.text);
  }

  /** A click on the alert's control: Mute is a menu of durations (an hour here), the rest buttons. */
  const press = (alert: MessageLike, actionId: string, watch: Watch) =>
    actionId === 'watch.mute'
      ? ws.driver.selectOption({ userId: requester, message: alert, actionId, value: `${watch.id}:3600000` })
      : ws.driver.clickButton({ userId: requester, message: alert, actionId });

  const updatesOf = (alert: MessageLike) =>
    ws.slack.callsTo('chat.update').filter((c) => c.args.ts === alert.ts).length;

  describe.each([
    ['watch.snooze_hour', 'snooze'],
    ['watch.snooze_morning', 'snooze'],
    ['watch.mute', 'mute'],
  ] as const)('%s', (actionId, verb) => {
    it('with the store not answering: one sentence to the person who clicked, the watch unchanged', async () => {
      const { watch, alert } = await firingWatch();
      storeDown('getWatch');
      const told = await toldAfter(() => press(alert, actionId, watch));
      expect(told).toEqual([`:warning: ${DB_DOWN}`]);
      expect((await ws.store.getWatch(watch.id))?.controls).toEqual(watch.controls);
      expect(updatesOf(alert)).toBe(0);
    });

    it('with the watch removed meanwhile: says so in one sentence, nothing else happens', async () => {
      const { watch, alert } = await firingWatch();
      await ws.store.deleteWatch(watch.id);
      const told = await toldAfter(() => press(alert, actionId, watch));
      expect(told).toEqual([`:warning: That watch was removed, so there is nothing to ${verb}.`]);
      expect(await ws.store.getWatch(watch.id)).toBeUndefined();
      expect(updatesOf(alert)).toBe(0);
    });
  });

  describe('watch.unmute', () => {
    async function mutedWatch() {
      const { watch, alert } = await firingWatch();
      await press(alert, 'watch.mute', watch);
      await vi.waitFor(() => expect(updatesOf(alert)).toBe(1));
      const muted = ws.slack.messagesIn(alert.channel).find((m) => m.ts === alert.ts);
      if (muted === undefined) throw new Error('no alert');
      expect(textOf(muted.blocks)).toContain('muted by');
      return { watch: (await ws.store.getWatch(watch.id)) as Watch, alert: muted };
    }

    it('with the store not answering: one sentence, still muted', async () => {
      const { watch, alert } = await mutedWatch();
      storeDown('getWatch');
      const told = await toldAfter(() =>
        ws.driver.clickButton({ userId: requester, message: alert, actionId: 'watch.unmute' }),
      );
      expect(told).toEqual([`:warning: ${DB_DOWN}`]);
      expect((await ws.store.getWatch(watch.id))?.controls.mutedBy).toBe(requester);
      expect(updatesOf(alert)).toBe(1);
    });

    it('with the watch removed meanwhile: says so in one sentence', async () => {
      const { watch, alert } = await mutedWatch();
      await ws.store.deleteWatch(watch.id);
      const told = await toldAfter(() =>
        ws.driver.clickButton({ userId: requester, message: alert, actionId: 'watch.unmute' }),
      );
      expect(told).toEqual([':warning: That watch was removed, so there is nothing to unmute.']);
      expect(updatesOf(alert)).toBe(1);
    });
  });

  describe('watch.open_stats', () => {
    it('with the store not answering: one sentence, no stats posted', async () => {
      const { alert } = await firingWatch();
      const statsBefore = ws.mgmt.statsCalls.length;
      storeDown('getWatch');
      const told = await toldAfter(() =>
        ws.driver.clickButton({ userId: requester, message: alert, actionId: 'watch.open_stats' }),
      );
      expect(told).toEqual([`:warning: ${DB_DOWN}`]);
      expect(ws.mgmt.statsCalls.length).toBe(statsBefore);
      expect(ws.slack.messagesIn(alert.channel).filter((m) => m.thread_ts === alert.ts)).toEqual([]);
    });

    it('with the watch removed meanwhile: says so in one sentence, no stats posted', async () => {
      const { watch, alert } = await firingWatch();
      await ws.store.deleteWatch(watch.id);
      const told = await toldAfter(() =>
        ws.driver.clickButton({ userId: requester, message: alert, actionId: 'watch.open_stats' }),
      );
      expect(told).toEqual([':warning: That watch was removed, so its alert has no stats to open any more.']);
      expect(ws.slack.messagesIn(alert.channel).filter((m) => m.thread_ts === alert.ts)).toEqual([]);
    });
  });

  describe('Edit, in `watch list`', () => {
    async function listed() {
      const { watch } = await firingWatch();
      await ws.driver.command('watch list', { userId: requester, channelId: watch.channelId });
      await vi.waitFor(() =>
        expect(
          ws.slack
            .ephemeralsFor(requester)
            .some(
              (e) => e.channel === watch.channelId && textOf(e.blocks).includes('Watches in this channel'),
            ),
        ).toBe(true),
      );
      const list = ws.slack
        .ephemeralsFor(requester)
        .findLast(
          (e) => e.channel === watch.channelId && textOf(e.blocks).includes('Watches in this channel'),
        );
      if (list === undefined) throw new Error('no list');
      return { watch, list };
    }
    const formsOpened = () => ws.slack.callsTo('views.open').length;

    it('with the store not answering: one sentence, no form', async () => {
      const { list } = await listed();
      const forms = formsOpened();
      storeDown('getWatch');
      const told = await toldAfter(() =>
        ws.driver.clickButton({ userId: requester, message: list, actionId: 'watch.edit' }),
      );
      expect(told).toEqual([`:warning: ${DB_DOWN}`]);
      expect(formsOpened()).toBe(forms);
    });

    it('with the watch removed meanwhile: says so in one sentence, no form', async () => {
      const { watch, list } = await listed();
      await ws.store.deleteWatch(watch.id);
      const forms = formsOpened();
      const told = await toldAfter(() =>
        ws.driver.clickButton({ userId: requester, message: list, actionId: 'watch.edit' }),
      );
      expect(told).toEqual([':warning: That watch was removed, so there is nothing to edit.']);
      expect(formsOpened()).toBe(forms);
    });
  });

  describe('the watch form', () => {
    async function openForm(open: () => Promise<unknown>) {
      const before = ws.slack.views.length;
      await open();
      await vi.waitFor(() => expect(ws.slack.views.length).toBeGreaterThan(before));
      const form = ws.slack.views.at(-1)?.view;
      if (form === undefined) throw new Error('no form');
      return form;
    }

    it('saving a new watch with the store not answering: the sentence in the form, nothing saved', async () => {
      const channel = `C0FORMFAIL${mode.toUpperCase()}`;
      const form = await openForm(() =>
        ws.driver.command('watch', { userId: requester, channelId: channel }),
      );
      storeDown('createWatch');
      const saved = await ws.driver.submitView({
        userId: requester,
        view: form,
        values: watchFormValues(channel),
      });
      expect(saved.ack).toEqual({ response_action: 'errors', errors: { watch_index: DB_DOWN } });
      expect(await ws.store.listWatches(channel)).toEqual([]);
    });

    it('saving an edit of a watch removed meanwhile: says so in the form', async () => {
      const { watch } = await firingWatch();
      await ws.driver.command('watch list', { userId: requester, channelId: watch.channelId });
      const list = await vi.waitFor(() => {
        const found = ws.slack
          .ephemeralsFor(requester)
          .findLast(
            (e) => e.channel === watch.channelId && textOf(e.blocks).includes('Watches in this channel'),
          );
        if (found === undefined) throw new Error('no list yet');
        return found;
      });
      const form = await openForm(() =>
        ws.driver.clickButton({ userId: requester, message: list, actionId: 'watch.edit' }),
      );
      await ws.store.deleteWatch(watch.id);
      const saved = await ws.driver.submitView({
        userId: requester,
        view: form,
        values: { watch_threshold: { watch_threshold: '$60' } },
      });
      expect(saved.ack).toEqual({
        response_action: 'errors',
        errors: {
          watch_index:
            'That watch was removed meanwhile, so there is nothing to save. Close the form and set it up again with /ops watch.',
        },
      });
      expect(await ws.store.listWatches(watch.channelId)).toEqual([]);
    });
  });

  describe('`watch remove`', () => {
    const answer = async (text: string, channelId: string) =>
      JSON.parse((await ws.driver.command(text, { userId: requester, channelId })).body) as { text: string };

    it('with the store not answering: one sentence, the watch kept', async () => {
      const { watch } = await firingWatch();
      storeDown('getWatch');
      expect((await answer(`watch remove ${watch.id}`, watch.channelId)).text).toBe(`:warning: ${DB_DOWN}`);
      expect(await ws.store.getWatch(watch.id)).toMatchObject({ id: watch.id });
    });

    it('a watch that is gone: says there is none, with where to find the numbers', async () => {
      const { watch } = await firingWatch();
      await ws.store.deleteWatch(watch.id);
      expect((await answer(`watch remove ${watch.id}`, watch.channelId)).text).toBe(
        `:warning: There is no watch ${watch.id} in this channel. \`/ops watch list\` shows their numbers.`,
      );
    });

    it('a watch removed between the lookup and the removal: says so', async () => {
      const { watch } = await firingWatch();
      vi.spyOn(ws.store, 'deleteWatch').mockResolvedValueOnce(undefined);
      expect((await answer(`watch remove ${watch.id}`, watch.channelId)).text).toBe(
        `:warning: Watch #${watch.id} was removed meanwhile, so there is nothing left to remove.`,
      );
    });
  });
});
