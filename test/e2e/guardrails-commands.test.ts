// The guardrails on typed commands, in both transports: for each capability a person and a channel
// the policy allows, and one it refuses (by who, and by where). A refusal is one ephemeral sentence
// in the acknowledgement; nothing is posted, no form opens, the management API isn't called.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatedWorkspace } from '../../src/sim/workspace.ts';
import { answerTo } from '../support/answers.ts';
import { textOf } from '../support/blocks.ts';
import { refusalsLogged, sideEffects, startGuardedWorkspace } from '../support/guardrails.ts';
import { sampleValue, scrape } from '../support/prometheus-text.ts';

const REQUESTER = 'U0REQUESTER';
const OPS = 'U0APPROVER';
const ONCALL = 'U0APPROVER2';
const OUTSIDER = 'U0OUTSIDER';
const ROOMS = '<#C0OPS> or <#C0INCIDENTS>';

type Case = { capability: string; text: string; userId: string; channelId: string };
type Refused = Case & { says: string };

const ALLOWED: Case[] = [
  { capability: 'stats', text: 'vector stats idx-1 1h', userId: REQUESTER, channelId: 'C0GENERAL' },
  { capability: 'accounts', text: 'messaging accounts', userId: OPS, channelId: 'C0OPS' },
  { capability: 'search.request', text: 'search requests', userId: ONCALL, channelId: 'C0INCIDENTS' },
  { capability: 'watch.manage', text: 'watch remove 999', userId: ONCALL, channelId: 'C0GENERAL' },
  { capability: 'digest.manage', text: 'digest remove', userId: OPS, channelId: 'C0OPS' },
  { capability: 'index.manage', text: 'index forget nothing-here', userId: OPS, channelId: 'C0GENERAL' },
];

const REFUSED: Refused[] = [
  {
    ...{ capability: 'stats', text: 'vector stats idx-1 1h', userId: REQUESTER, channelId: 'C0APPROVALS' },
    says: 'This channel isn’t one where you can read vector index statistics: use <#C0OPS>, <#C0INCIDENTS> or <#C0GENERAL>.',
  },
  {
    ...{ capability: 'accounts', text: 'messaging accounts', userId: REQUESTER, channelId: 'C0OPS' },
    says: `Only the ops group can see the messaging accounts, in ${ROOMS}.`,
  },
  {
    ...{ capability: 'accounts', text: 'messaging accounts', userId: OPS, channelId: 'C0GENERAL' },
    says: `This channel isn’t one where you can see the messaging accounts: use ${ROOMS}.`,
  },
  {
    ...{
      capability: 'search.request',
      text: 'search create x eu-west-1 free',
      userId: REQUESTER,
      channelId: 'C0OPS',
    },
    says: `Only the ops group and @oncall-team can request search indexes, in ${ROOMS}.`,
  },
  {
    ...{ capability: 'watch.manage', text: 'watch', userId: OUTSIDER, channelId: 'C0GENERAL' },
    says: 'Only the ops group and @oncall-team can set up watches.',
  },
  {
    ...{ capability: 'digest.manage', text: 'digest', userId: OPS, channelId: 'C0GENERAL' },
    says: `This channel isn’t one where you can set up digests: use ${ROOMS}.`,
  },
  {
    ...{ capability: 'index.manage', text: 'index rename a b', userId: REQUESTER, channelId: 'C0OPS' },
    says: 'Only the ops group can name, rename or forget indexes.',
  },
];

describe.each(['http', 'socket'] as const)('guardrails on commands (%s)', (mode) => {
  let ws: SimulatedWorkspace;
  beforeAll(async () => {
    ws = await startGuardedWorkspace(mode);
  });
  afterAll(async () => {
    await ws?.stop();
  });

  it.each(REFUSED)('$capability: refuses $userId in $channelId with one sentence', async (refused) => {
    const before = sideEffects(ws);
    const logged = refusalsLogged(ws).length;
    const res = await ws.driver.command(refused.text, {
      userId: refused.userId,
      channelId: refused.channelId,
    });
    expect(JSON.parse(res.body)).toEqual({ response_type: 'ephemeral', text: `:warning: ${refused.says}` });
    expect(sideEffects(ws)).toEqual(before);
    expect(refusalsLogged(ws).slice(logged)).toEqual([
      expect.objectContaining({
        capability: refused.capability,
        user: refused.userId,
        channel: refused.channelId,
      }),
    ]);
  });

  it.each(ALLOWED)('$capability: lets $userId in $channelId through', async (allowed) => {
    const logged = refusalsLogged(ws).length;
    const res = await ws.driver.command(allowed.text, {
      userId: allowed.userId,
      channelId: allowed.channelId,
    });
    expect(res.status).toBe(200);
    expect(res.body).not.toContain('can ');
    expect(refusalsLogged(ws).slice(logged)).toEqual([]);
  });

  it('help shows what the person may do here, and says where the rest is explained', async () => {
    const res = await ws.driver.command('help', { userId: REQUESTER, channelId: 'C0GENERAL' });
    const card = textOf(JSON.parse(res.body).blocks);
    expect(card).toContain('/ops vector stats');
    expect(card).toContain('/ops watch list');
    expect(card).not.toContain('/ops messaging accounts');
    expect(card).not.toContain('/ops index rename');
    expect(card).toContain('`/ops policy` says where you can do the rest, or who can.');
  });

  it('help on one topic shows its entries, and says who may use them where the person may not', async () => {
    const res = await ws.driver.command('watch help', { userId: OUTSIDER, channelId: 'C0GENERAL' });
    const ack = JSON.parse(res.body) as { response_type: string; blocks: unknown[] };
    // Help is always allowed: `watch help` is never refused as a `watch`.
    expect(ack.response_type).toBe('ephemeral');
    const help = textOf(ack.blocks);
    expect(help).toContain('`/ops watch remove &lt;n&gt;`');
    expect(help).toContain('✗ Only the ops group and @oncall-team can set up watches.');
    const here = textOf(
      JSON.parse((await ws.driver.command('help index', { userId: OPS, channelId: 'C0GENERAL' })).body)
        .blocks,
    );
    expect(here).toContain('✓ You can name, rename or forget indexes here.');
    expect(here).not.toContain('/ops watch');
  });

  it('/ops policy explains what the person may do here, where else, and who may', async () => {
    const res = await ws.driver.command('policy', { userId: OPS, channelId: 'C0GENERAL' });
    const text = textOf((await answerTo(ws, res.responseUrl)).blocks);
    expect(text).toContain('✓ You can read vector index statistics here.');
    expect(text).toContain(`➜ You can see the messaging accounts in ${ROOMS}.`);
    expect(text).toContain('✓ You can name, rename or forget indexes here.');
    const other = await ws.driver.command('policy', { userId: REQUESTER, channelId: 'C0OPS' });
    const theirs = textOf((await answerTo(ws, other.responseUrl)).blocks);
    expect(theirs).toContain('✗ Only the ops group can name, rename or forget indexes.');
    expect(theirs).toContain('✗ Only the ops group and @oncall-team can set up watches.');
  });

  it('counts the refusals by capability, for operators', async () => {
    const { samples } = await scrape(ws.opsbot.metricsPort());
    // The table above refuses the accounts twice (who, where) and index names once.
    expect(sampleValue(samples, 'opsbot_policy_refusals_total', { capability: 'accounts' })).toBe(2);
    expect(sampleValue(samples, 'opsbot_policy_refusals_total', { capability: 'index.manage' })).toBe(1);
  });
});
