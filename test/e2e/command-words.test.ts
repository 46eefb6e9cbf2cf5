// The command's words as people type them, in HTTP and in Socket Mode: help on one topic (before
// or after its words), a period and an index in either order, a period said in words, a near miss
// of an index opsbot has read, literal words that read as literal, and examples that name an index
// the workspace has.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBlockKit } from '../../src/sim/slack/index.ts';
import { SIM_IDS, type SimulatedWorkspace, startSimulatedWorkspace } from '../../src/sim/workspace.ts';
import { textOf } from '../support/search-requests.ts';
import { statsDriver } from '../support/vector-stats.ts';

const { requester } = SIM_IDS;
const CHANNEL = 'C0WORDS';

describe.each(['http', 'socket'] as const)('e2e: the command’s words (%s)', (mode) => {
  let ws: SimulatedWorkspace;
  const { postStats, ephemeralReply } = statsDriver(() => ws);

  beforeAll(async () => {
    ws = await startSimulatedWorkspace({ mode });
  });
  afterAll(async () => {
    await ws?.stop();
  });

  /** The acknowledgement as the person sees it: its text and its blocks. */
  async function ackOf(text: string, options: { escape?: boolean } = {}) {
    const res = await ws.driver.command(text, { userId: requester, channelId: CHANNEL, ...options });
    expect(res.status).toBe(200);
    const ack = JSON.parse(res.body) as { response_type?: string; text?: string; blocks?: unknown[] };
    return { ...ack, shown: `${ack.text ?? ''}\n${textOf(ack.blocks ?? [])}`, responseUrl: res.responseUrl };
  }

  it('examples name the generic index while the workspace knows none, never one it lacks', async () => {
    const help = await ackOf('help');
    expect(help.shown).toContain('e.g. `/ops stats idx-1 7d`');
    expect(help.shown).toContain('e.g. `/ops watch idx-1 monthly-cost &gt; $50`');
    expect(help.shown).not.toContain('/ops stats catalog');
    expect((await ackOf('stats')).text).toBe(
      ':warning: `/ops stats` needs `&lt;index&gt;` next. Type `/ops stats &lt;index&gt; [period]`, e.g. `/ops stats idx-1 7d`.',
    );
  });

  it('/ops help watch: only the watch entries, and what this person may do with them here', async () => {
    const help = await ackOf('help watch');
    expect(help.response_type).toBe('ephemeral');
    expect(help.blocks?.[0]).toMatchObject({ type: 'header', text: { text: 'opsbot — /ops watch' } });
    expect(help.shown).toContain('`/ops watch [&lt;index&gt; &lt;metric&gt;');
    expect(help.shown).toContain('`/ops watch list`');
    expect(help.shown).toContain('`/ops watch remove &lt;n&gt;`');
    expect(help.shown).toContain('e.g. `/ops watch idx-1 monthly-cost &gt; $50`');
    expect(help.shown).toContain('✓ You can set up watches here.');
    expect(help.shown).toMatch(
      /Under the policy: up to \d+ watches a channel, checked every \d+ min; `notify` names up to \d+ people and \d+ user groups; `remind` every \S+ or longer, or never\./,
    );
    expect(help.shown).not.toContain('/ops search create');
    expect(help.shown).not.toContain('/ops digest');
    expect(checkBlockKit('message', help.blocks)).toEqual([]);
  });

  it('/ops watch help: the same answer, "help" never read as an index', async () => {
    const after = await ackOf('watch help');
    const before = await ackOf('help watch');
    expect(after.blocks).toEqual(before.blocks);
    expect(after.shown).not.toContain("isn't");
    expect((await ackOf('stats --help')).blocks?.[0]).toMatchObject({
      text: { text: 'opsbot — /ops stats' },
    });
  });

  it('a topic opsbot has no help on: the one it probably is', async () => {
    expect((await ackOf('help wach')).text).toBe(
      ':warning: opsbot has no help on `wach`. Did you mean `/ops help watch`?',
    );
  });

  it('/ops stats 7d idx-1 shows the 7-day stats of idx-1, as /ops stats idx-1 7d does', async () => {
    const message = await postStats('stats 7d idx-1', CHANNEL);
    expect(textOf(message.blocks)).toContain('Vector index idx-1 · last 7 days');
  });

  it('/ops stats idx-1 7 days reads the period as 7d, and says so to whoever typed it', async () => {
    const before = ws.slack.messagesIn(CHANNEL).length;
    const ack = await ackOf('stats idx-1 7 days');
    expect(ack.response_type).toBe('ephemeral');
    expect(ack.text).toBe(
      ':information_source: `7 days` is `7d` (last 7 days): showing that. `7d` is the short way to type it.',
    );
    await ws.slack.waitFor(() => ws.slack.messagesIn(CHANNEL).length > before);
    const message = ws.slack.messagesIn(CHANNEL).at(-1);
    expect(textOf(message?.blocks)).toContain('Vector index idx-1 · last 7 days');
  });

  it('a duration that is no period offers the ones around it; a near miss is the period, in any order', async () => {
    const between = await ackOf('stats 2 days idx-1');
    expect(between.shown).toContain("`2 days` isn't a period opsbot can show. Did you mean `1d` or `3d`?");
    expect(between.shown).not.toContain('vector index id');
    const hours = await ackOf('stats idx-1 1 week');
    expect(hours.text).toContain('`1 week` is `7d`');
  });

  it('/ops stats idx1 right after idx-1 was read: Did you mean `idx-1`?', async () => {
    const res = await ws.driver.command('stats idx1', { userId: requester, channelId: CHANNEL });
    const reply = await ephemeralReply(res.responseUrl);
    expect(reply).toContain("opsbot couldn't find vector index `idx1`.");
    expect(reply).toContain('Did you mean `idx-1`?');
  });

  it('examples name an index the workspace knows, by its name once it has one', async () => {
    expect((await ackOf('help')).shown).toContain('e.g. `/ops stats idx-1 7d`');
    const named = await ws.driver.command('index name idx-1 orders', {
      userId: requester,
      channelId: CHANNEL,
    });
    expect(await ephemeralReply(named.responseUrl)).toContain('is named');
    const help = await ackOf('help stats');
    expect(help.shown).toContain('e.g. `/ops stats orders 7d`');
    expect((await ackOf('stats 7d')).shown).toContain('e.g. `/ops stats orders 7d`');
  });

  it('/ops digest preview #team-ops: `channel` is a word of the command, said as one', async () => {
    const answer = await ackOf('digest preview #team-ops');
    expect(answer.text).toBe(':warning: `/ops digest preview` takes `channel` next, not `#team-ops`.');
    expect(answer.shown).toContain('`/ops digest preview channel`');
    expect(answer.shown).not.toContain('[channel]');
    expect(checkBlockKit('message', answer.blocks)).toEqual([]);
    // As Slack sends a channel it resolved (the command escapes them): still no placeholder.
    const resolved = await ackOf('digest preview #general', { escape: true });
    expect(resolved.text).toMatch(/^:warning: `\/ops digest preview` takes `channel` next, not `[^`]+`\.$/);
  });
});
