// A workspace that calls the command `/opsbot` sees `/opsbot` in every watch help line, hint and
// error message: the name comes from the request, never from a hard-coded `/ops`.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_VECTOR_INDEXES } from '../../../src/sim/mgmt/stats.ts';
import { SIM_IDS, type SimulatedWorkspace, startSimulatedWorkspace } from '../../../src/sim/workspace.ts';
import { textOf } from '../../support/search-requests.ts';

const { requester } = SIM_IDS;
const CHANNEL = 'C0RENAMED';
/** `/ops` as a command of its own, not the start of `/opsbot`. */
const OLD_NAME = /\/ops(?!bot)/;

describe('watches in a workspace that renamed the command to /opsbot', () => {
  let ws: SimulatedWorkspace;
  const now = Date.UTC(2026, 10, 24, 10, 0);
  const opsbot = async (text: string, channelId = CHANNEL) => {
    const res = await ws.driver.command(text, { userId: requester, channelId, command: '/opsbot' });
    return res.body === '' ? undefined : (JSON.parse(res.body) as { text?: string; blocks?: unknown[] });
  };
  const lastEphemeral = async (channel: string, containing: string) =>
    vi.waitFor(() => {
      const found = ws.slack
        .ephemeralsFor(requester)
        .findLast((e) => e.channel === channel && textOf(e.blocks).includes(containing));
      if (found === undefined) throw new Error(`no ephemeral with “${containing}” yet`);
      return textOf(found.blocks);
    });

  beforeAll(async () => {
    ws = await startSimulatedWorkspace({ clock: () => now });
    ws.mgmt.indexes['idx-2'] = { ...DEFAULT_VECTOR_INDEXES['idx-2'], pinned: { monthly_cost: 80 } };
  });
  afterAll(async () => {
    await ws?.stop();
  });

  it('help: the watch lines and their examples', async () => {
    const help = textOf((await opsbot('help'))?.blocks);
    const lines = help.split('\n').filter((line) => line.includes('watch'));
    expect(lines.join('\n')).toContain(
      '`/opsbot watch [&lt;index&gt; &lt;metric&gt; &gt;|&lt; &lt;threshold&gt; [for &lt;checks&gt;] [notify @people @group] [remind 20m|2h|never]]`',
    );
    // No index is known yet: the example names the generic one, not one the workspace lacks.
    expect(lines.join('\n')).toContain('e.g. `/opsbot watch idx-1 monthly-cost &gt; $50`');
    expect(lines.join('\n')).toContain('`/opsbot watch remove &lt;n&gt;`');
    expect(lines.filter((line) => OLD_NAME.test(line))).toEqual([]);
  });

  it('a rule it can’t read: the usage and the example in its name', async () => {
    const answer = await opsbot('watch idx-2 monthly_cost');
    expect(answer?.text).toBe(
      ':warning: A watch needs `>` or `<` and a threshold after the metric. Type `/opsbot watch &lt;index&gt; &lt;metric&gt; &gt;|&lt; &lt;threshold&gt; [for &lt;checks&gt;]`, e.g. `/opsbot watch idx-2 monthly-cost &gt; $50`.',
    );
  });

  it('an empty `watch list`: how to set one up', async () => {
    await opsbot('watch list');
    expect(await lastEphemeral(CHANNEL, 'No watches')).toContain(
      '`/opsbot watch` sets one up; e.g. `/opsbot watch idx-1 monthly-cost &gt; $50`.',
    );
  });

  it('`watch list` and the alert: how to remove, edit and add, never `/ops`', async () => {
    await opsbot('watch idx-2 monthly_cost > $50 for 1');
    await ws.opsbot.features.watches.runOnce();
    const alert = ws.slack.messagesIn(CHANNEL).find((m) => textOf(m.blocks).includes('monthly-cost'));
    expect(alert).toBeDefined();
    expect(textOf(alert?.blocks)).not.toMatch(OLD_NAME);
    await opsbot('watch list');
    const list = await lastEphemeral(CHANNEL, 'Watches in this channel');
    expect(list).toContain('`/opsbot watch remove &lt;n&gt;` removes one; `/opsbot watch` adds one.');
    expect(list).not.toMatch(OLD_NAME);
  });

  it('`watch remove` of a number that isn’t there: where to find the numbers', async () => {
    expect((await opsbot('watch remove 999'))?.text).toBe(
      ':warning: There is no watch 999 in this channel. `/opsbot watch list` shows their numbers.',
    );
  });

  it('saving the form of a watch removed meanwhile: how to set it up again', async () => {
    const [watch] = await ws.store.listWatches(CHANNEL);
    await opsbot('watch list');
    const listed = ws.slack
      .ephemeralsFor(requester)
      .findLast((e) => e.channel === CHANNEL && textOf(e.blocks).includes('Watches in this channel'));
    if (listed === undefined || watch === undefined) throw new Error('no list');
    const views = ws.slack.views.length;
    await ws.driver.clickButton({ userId: requester, message: listed, actionId: 'watch.edit' });
    await vi.waitFor(() => expect(ws.slack.views.length).toBeGreaterThan(views));
    const form = ws.slack.views.at(-1)?.view;
    if (form === undefined) throw new Error('no form');
    await ws.store.deleteWatch(watch.id);
    const saved = await ws.driver.submitView({ userId: requester, view: form });
    expect(saved.ack).toMatchObject({
      errors: { watch_index: expect.stringContaining('set it up again with /opsbot watch.') },
    });
  });
});
