// A watch whose channel refuses opsbot's posts (not in a private channel, archived, gone, restricted):
// with a 1-hour interval, twenty minutes of ticks make one read and one failed post, open no
// incident and tell the creator once by DM; `watch list` says so; when the channel takes posts
// again, the next check at the interval posts the alert and the flag clears. The clock is the test's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIM_IDS, type SimulatedWorkspace, startSimulatedWorkspace } from '../../src/sim/workspace.ts';
import { answerTo } from '../support/answers.ts';
import { textOf } from '../support/blocks.ts';
import { watchSteering } from '../support/watch-steering.ts';

const { requester } = SIM_IDS;
const HOUR = 3_600_000;
const TICK = 30_000;

const REASONS = {
  not_in_channel: 'opsbot isn’t a member of that channel — invite it with `/invite @opsbot`',
  channel_not_found: 'that channel is private and opsbot isn’t in it, or the channel is gone',
  is_archived: 'that channel is archived',
  restricted_action: 'the workspace doesn’t let opsbot post in that channel',
} as const;

describe('e2e: a watch whose channel refuses its posts', () => {
  let ws: SimulatedWorkspace;
  let now = Date.UTC(2026, 10, 24, 10, 0);

  beforeAll(async () => {
    ws = await startSimulatedWorkspace({ clock: () => now, env: { WATCH_INTERVAL_MS: String(HOUR) } });
  });
  afterAll(async () => {
    await ws?.stop();
  });

  const postsTo = (channel: string) =>
    ws.slack.callsTo('chat.postMessage').filter((c) => c.args.channel === channel);

  /** What `watch list` shows in `channel`, as a person reads it. */
  async function listed(channel: string): Promise<string> {
    const { responseUrl } = await ws.driver.command('watch list', { userId: requester, channelId: channel });
    return textOf((await answerTo(ws, responseUrl)).blocks);
  }

  describe.each(Object.entries(REASONS))('%s', (code, reason) => {
    const channel = `C0REFUSE${code.replace(/_/g, '').toUpperCase()}`.slice(0, 20);
    const { setCost, topLevel } = watchSteering({ ws: () => ws, channel, advance: () => {} });

    it('saves the check, opens no incident, tells the creator once, and resumes at the interval', async () => {
      setCost(80);
      await ws.driver.command('watch idx-2 monthly_cost > $50 for 1', {
        userId: requester,
        channelId: channel,
      });
      const [watch] = await ws.store.listWatches(channel);
      if (watch === undefined) throw new Error('no watch');
      const reads = ws.mgmt.statsCalls.length;
      const dms = postsTo(requester).length;
      const logged = ws.logs.length;
      ws.slack.fail('chat.postMessage', { error: code }, { times: 1 });

      // Twenty minutes of the job's ticks.
      const start = now;
      while (now - start < 20 * 60_000) {
        await ws.opsbot.features.watches.runOnce();
        now += TICK;
      }

      expect(ws.mgmt.statsCalls.length - reads).toBe(1);
      expect(postsTo(channel).map((c) => c.error)).toEqual([code]);
      expect(topLevel()).toEqual([]);
      expect(await ws.store.listIncidents(watch.id)).toEqual([]);
      const told = postsTo(requester).slice(dms);
      expect(told.map((c) => c.args.text)).toEqual([
        `:warning: opsbot can’t post in <#${channel}>: ${reason}, so watch #${watch.id} (\`idx-2\` \`monthly-cost\` above $50.00 for 1 check) can’t alert anyone there: invite it or pick another channel (*Edit* in \`/ops watch list\`).`,
      ]);
      const events = ws.logs.slice(logged).map((line) => JSON.parse(line).event);
      expect(events.filter((e) => e === 'watch_cant_post')).toHaveLength(1);
      expect(events).not.toContain('watch_check_failed');
      expect(await listed(channel)).toContain(`can’t post in <#${channel}>`);
      expect(await ws.opsbot.features.watches.firing()).toEqual([
        expect.objectContaining({ watchId: watch.id, cantPost: true }),
      ]);

      // The channel takes posts again: the next check, an hour after the first, posts the alert.
      await ws.opsbot.features.watches.runOnce();
      expect(topLevel()).toEqual([]);
      now = start + HOUR;
      await ws.opsbot.features.watches.runOnce();
      expect(topLevel().map((m) => textOf(m.blocks))).toEqual([expect.stringContaining('monthly-cost')]);
      expect(await ws.store.listIncidents(watch.id)).toHaveLength(1);
      expect(postsTo(requester).slice(dms)).toHaveLength(1);
      expect(await listed(channel)).not.toContain('can’t post in');
      expect(await ws.opsbot.features.watches.firing()).toEqual([
        expect.objectContaining({ watchId: watch.id, cantPost: false }),
      ]);
      await ws.store.deleteWatch(watch.id);
    });
  });
});
