// Every digest command and the configure modal's submission, with the store failing and with the
// digest gone meanwhile: the person who acted reads one sentence, and nothing changes. And a
// workspace that renamed the command sees its own name in the digest's help lines, hints and errors.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BLOCK } from '../../src/features/digests/ids.ts';
import type { SimView } from '../../src/sim/slack/index.ts';
import { SIM_IDS, type SimulatedWorkspace, startSimulatedWorkspace } from '../../src/sim/workspace.ts';
import { DatabaseUnavailableError } from '../../src/store/index.ts';
import { answerTo } from '../support/answers.ts';
import { textWithAltOf as textOf } from '../support/blocks.ts';
import { subscriptionInput } from '../support/digests.ts';

const { requester } = SIM_IDS;
const NOW = Date.parse('2026-11-23T07:00:00Z');
const DB_DOWN = 'opsbot’s database isn’t answering just now, so nothing was changed. Try again in a minute.';

const subscription = (channelId: string) =>
  subscriptionInput({ channelId, configuredBy: requester, indexIds: ['idx-1'] });

describe('e2e: every digest command and submission answers, whatever fails', () => {
  let ws: SimulatedWorkspace;
  beforeAll(async () => {
    ws = await startSimulatedWorkspace({
      clock: () => NOW,
      env: { DIGEST_TICK_MS: '3600000' },
      // Any other channel is unknown to Slack: the renamed workspace's channel is listed too.
      slack: { channels: { C0OUTSIDE: { botIsMember: false }, C0RENAMED: {} } },
    });
  });
  afterAll(async () => {
    await ws?.stop();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** What the person who typed `/<command> <text>` in `channel` is told (an ephemeral answer). */
  async function answerOf(text: string, channel: string, command = '/ops'): Promise<string> {
    const sent = await ws.driver.command(text, { userId: requester, channelId: channel, command });
    const answer = await answerTo(ws, sent.responseUrl);
    expect(answer.body.response_type).toBe('ephemeral');
    return answer.body.blocks === undefined ? String(answer.body.text) : textOf(answer.body.blocks);
  }

  async function openModal(channel: string, command = '/ops'): Promise<SimView> {
    const before = ws.slack.views.length;
    await ws.driver.command('digest', { userId: requester, channelId: channel, command });
    await ws.slack.waitFor((c) => c.method === 'views.open' && ws.slack.views.length > before);
    const recorded = ws.slack.views.at(-1);
    if (!recorded) throw new Error('no modal opened');
    return recorded.view;
  }

  const failing = (
    method: 'upsertSubscription' | 'deleteSubscription' | 'getSubscription' | 'listSubscriptions',
  ) => vi.spyOn(ws.store, method).mockRejectedValue(new DatabaseUnavailableError('connection refused'));

  it('the modal’s submission with the store failing: the error in the modal, nothing saved', async () => {
    const view = await openModal('C0SAVEFAIL');
    failing('upsertSubscription');
    const ack = await ws.driver.submitView({
      userId: requester,
      view,
      values: { [BLOCK.indexes]: { value: 'idx-1' } },
    });
    expect(ack.ack).toEqual({ response_action: 'errors', errors: { [BLOCK.indexes]: DB_DOWN } });
    vi.restoreAllMocks();
    expect(await ws.store.getSubscription('C0SAVEFAIL')).toBeUndefined();
  });

  it('the modal’s submission after the digest was removed meanwhile: says so, nothing saved', async () => {
    await ws.store.upsertSubscription(subscription('C0EDITGONE'));
    const view = await openModal('C0EDITGONE');
    await ws.store.deleteSubscription('C0EDITGONE');
    const ack = await ws.driver.submitView({
      userId: requester,
      view,
      values: { [BLOCK.indexes]: { value: 'idx-2' } },
    });
    expect(ack.ack).toEqual({
      response_action: 'errors',
      errors: {
        [BLOCK.indexes]:
          'The daily digest for <#C0EDITGONE> was removed while you were editing it, so nothing was saved. Set it up again with `/ops digest`.',
      },
    });
    expect(await ws.store.getSubscription('C0EDITGONE')).toBeUndefined();
  });

  it('`digest` with the store failing: one sentence, no modal', async () => {
    failing('getSubscription');
    const views = ws.slack.views.length;
    expect(await answerOf('digest', 'C0OPENFAIL')).toBe(`:warning: ${DB_DOWN}`);
    expect(ws.slack.views.length).toBe(views);
  });

  it('`digest list` with the store failing: one sentence', async () => {
    failing('listSubscriptions');
    expect(await answerOf('digest list', 'C0LISTFAIL')).toBe(`:warning: ${DB_DOWN}`);
  });

  it('`digest remove` with the store failing: one sentence, the digest kept', async () => {
    await ws.store.upsertSubscription(subscription('C0KEEP'));
    failing('deleteSubscription');
    expect(await answerOf('digest remove', 'C0KEEP')).toBe(`:warning: ${DB_DOWN}`);
    vi.restoreAllMocks();
    expect(await ws.store.getSubscription('C0KEEP')).toBeDefined();
  });

  it('`digest remove` where there is none (removed meanwhile): says so', async () => {
    expect(await answerOf('digest remove', 'C0NONE')).toBe(
      ':warning: <#C0NONE> has no daily digest, so there is nothing to remove.',
    );
  });

  it('`digest preview` with the store failing: one sentence, nothing posted', async () => {
    failing('getSubscription');
    expect(await answerOf('digest preview channel', 'C0PREVFAIL')).toBe(`:warning: ${DB_DOWN}`);
    expect(ws.slack.messagesIn('C0PREVFAIL')).toEqual([]);
  });

  it('`digest preview` of a deleted digest: says so, with the way to set one up', async () => {
    await ws.store.upsertSubscription(subscription('C0DELETED'));
    await ws.store.deleteSubscription('C0DELETED');
    expect(await answerOf('digest preview', 'C0DELETED')).toBe(
      ':warning: <#C0DELETED> has no daily digest yet, so there is nothing to preview. Set one up with `/ops digest`.',
    );
  });

  it('`digest preview channel` where opsbot is not a member: why, and the private way', async () => {
    await ws.store.upsertSubscription(subscription('C0OUTSIDE'));
    expect(await answerOf('digest preview channel', 'C0OUTSIDE')).toBe(
      ':warning: opsbot couldn’t post the preview in <#C0OUTSIDE>: opsbot isn’t a member of that channel — invite it with `/invite @opsbot`; you can still see it privately with `/ops digest preview`.',
    );
    expect(ws.slack.messagesIn('C0OUTSIDE')).toEqual([]);
  });

  it('a workspace that renamed the command to /opsbot sees /opsbot in help, hints and errors', async () => {
    const asked = await ws.driver.command('help', {
      userId: requester,
      channelId: 'C0RENAMED',
      command: '/opsbot',
    });
    const help = textOf((JSON.parse(asked.body) as { blocks: unknown }).blocks);
    expect(help).toContain('/opsbot digest preview channel');
    expect(help).not.toContain('[channel]');
    expect(help).toContain('/opsbot digest remove');
    expect(await answerOf('digest preview', 'C0RENAMED', '/opsbot')).toContain(
      'Set one up with `/opsbot digest`.',
    );
    const nonsense = await ws.driver.command('digest nonsense', {
      userId: requester,
      channelId: 'C0RENAMED',
      command: '/opsbot',
    });
    expect(JSON.parse(nonsense.body).text).toBe(
      ':warning: `/opsbot digest` takes `list` or `remove` or `preview` next, not `nonsense`.',
    );
    expect(textOf(JSON.parse(nonsense.body).blocks)).toContain('`/opsbot digest list`');

    const view = await openModal('C0RENAMED', '/opsbot');
    const saved = await ws.driver.submitView({
      userId: requester,
      view,
      values: { [BLOCK.indexes]: { value: 'idx-1' } },
    });
    const shown = textOf((saved.ack as { view: { blocks: unknown } }).view.blocks);
    expect(shown).toContain('`/opsbot digest preview`');

    // The scheduled digest's footer, and the hints in it, use the name too.
    await ws.store.advanceSubscription('C0RENAMED', NOW - 60_000);
    await ws.opsbot.features.digests.runOnce();
    const [digest] = ws.slack
      .messagesIn('C0RENAMED')
      .filter((m) => textOf(m.blocks).includes('Daily digest ·'));
    expect(textOf(digest?.blocks)).toContain('`/opsbot digest remove`');
    for (const text of [help, shown, textOf(digest?.blocks)]) expect(text).not.toMatch(/\/ops[ `]/);
  });
});
