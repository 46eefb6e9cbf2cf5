// The policy gate on payloads as Slack sends them, without a workspace: what each payload kind is
// taken to ask for, and what a refusal carries to the guard (sentence, field, log detail).
import { describe, expect, it } from 'vitest';
import { PolicyRefusal } from '../../../src/errors.ts';
import { BLOCK, VIEW } from '../../../src/features/watches/ids.ts';
import { watchFormChannel } from '../../../src/features/watches/views/modal-view.ts';
import { defaultPolicy, parsePolicyText } from '../../../src/policy/index.ts';
import type { SlackMembership } from '../../../src/slack/membership.ts';
import { createPolicyGate } from '../../../src/slack/policy-gate.ts';
import { CommandRouter } from '../../../src/slack/router.ts';
import { membershipFrom } from '../../support/membership.ts';

const POLICY = `
groups:
  ops: { users: [U0OPS] }
allow:
  watch.manage: { who: [ops] }
  stats: { where: [C0OPS] }
`;

function gateUnder(policy = parsePolicyText(POLICY, 'POLICY')) {
  if (!policy.ok) throw new Error(policy.problem);
  const router = new CommandRouter();
  router.register({
    words: ['vector', 'stats'],
    example: 'vector stats',
    description: 'stats',
    capability: 'stats',
    handle: async () => {},
  });
  const membership = membershipFrom({ channels: { C0OPS: ['U0OPS'] } });
  const refused: string[] = [];
  const gate = createPolicyGate({
    policy: policy.policy,
    membership: {
      ...membership,
      canSee: async () => 'unknown',
    } satisfies SlackMembership,
    router,
    onRefusal: (capability) => refused.push(capability),
  });
  // The watch form's own reader of its channel: what the gate checks is what the listener uses.
  gate.protect({
    views: {
      [VIEW.watch]: {
        capability: 'watch.manage',
        postsTo: { field: BLOCK.channel, channel: watchFormChannel },
      },
    },
  });
  gate.protect({ options: { watch_index: 'watch.manage' } });
  return { gate, refused };
}

/** Runs the gate on `body`: whether the listener ran, or the refusal it threw. */
async function through(gate: ReturnType<typeof gateUnder>['gate'], body: object) {
  let ran = false;
  const next = async () => {
    ran = true;
  };
  const error = await (gate.middleware as (args: object) => Promise<void>)({ body, next }).catch(
    (e: unknown) => e,
  );
  return { ran, error: error as PolicyRefusal | undefined };
}

const submission = (user: string, channel: string | null, openedIn?: string) => ({
  type: 'view_submission',
  user: { id: user },
  view: {
    callback_id: VIEW.watch,
    ...(openedIn === undefined ? {} : { private_metadata: JSON.stringify({ channelId: openedIn }) }),
    state: {
      values: {
        watch_channel: { watch_channel: { type: 'conversations_select', selected_conversation: channel } },
      },
    },
  },
});

describe('the policy gate', () => {
  it('refuses a command in a channel its capability is not allowed in, and counts it', async () => {
    const { gate, refused } = gateUnder();
    const body = { command: '/ops', text: 'vector stats idx-1', user_id: 'U0ANY', channel_id: 'C0GENERAL' };
    const { ran, error } = await through(gate, body);
    expect(ran).toBe(false);
    expect(error).toBeInstanceOf(PolicyRefusal);
    expect(error?.message).toBe(
      'This channel isn’t one where you can read vector index statistics: use <#C0OPS>.',
    );
    expect(error?.detail).toMatchObject({
      capability: 'stats',
      user: 'U0ANY',
      channel: 'C0GENERAL',
      reason: 'where',
    });
    expect(refused).toEqual(['stats']);
  });

  it('decides for a door that is no payload (an agent over MCP) as for a payload, and counts its refusals', async () => {
    const { gate, refused } = gateUnder();
    const refusal = await gate.refusal('watch.manage', { userId: 'U0ANY' });
    expect(refusal).toBeInstanceOf(PolicyRefusal);
    expect(refusal?.message).toBe('Only the ops group can set up watches.');
    expect(refusal?.detail).toMatchObject({ capability: 'watch.manage', user: 'U0ANY', reason: 'who' });
    expect(await gate.refusal('watch.manage', { userId: 'U0OPS' })).toBeUndefined();
    expect(refused).toEqual(['watch.manage']);
  });

  it('lets help, /ops policy and undeclared payloads through without asking anything', async () => {
    const { gate } = gateUnder();
    for (const body of [
      { command: '/ops', text: 'help', user_id: 'U0ANY', channel_id: 'C0GENERAL' },
      { command: '/ops', text: 'policy', user_id: 'U0ANY', channel_id: 'C0GENERAL' },
      { type: 'block_actions', user: { id: 'U0ANY' }, actions: [{ action_id: 'search.approve' }] },
    ])
      expect((await through(gate, body)).ran).toBe(true);
  });

  it('puts a refusal about the form’s channel under that field, and one about the person on the form', async () => {
    const { gate } = gateUnder();
    const notMember = await through(gate, submission('U0OPS', 'C0GENERAL'));
    expect(notMember.error?.detail.field).toBe('watch_channel');
    expect(notMember.error?.message).toContain('You’re not in <#C0GENERAL>');
    const notOps = await through(gate, submission('U0ANY', 'C0OPS'));
    expect(notOps.error?.detail.field).toBeUndefined();
    expect(notOps.error?.message).toBe('Only the ops group can set up watches.');
    expect((await through(gate, submission('U0OPS', 'C0OPS'))).ran).toBe(true);
  });

  it('refuses a type-ahead by its block, and keeps the old sentence for ALLOWED_CHANNEL_IDS alone', async () => {
    const { gate } = gateUnder();
    const suggestion = { type: 'block_suggestion', user: { id: 'U0ANY' }, block_id: 'watch_index', view: {} };
    expect((await through(gate, suggestion)).error?.detail.capability).toBe('watch.manage');
    const legacy = gateUnder({ ok: true, policy: defaultPolicy(['C0OPS']) }).gate;
    const body = { command: '/ops', text: 'vector stats', user_id: 'U0ANY', channel_id: 'C0GENERAL' };
    expect((await through(legacy, body)).error?.message).toBe(
      'opsbot is not enabled in this channel. Ask an admin to add it to ALLOWED_CHANNEL_IDS, or use an allowed channel.',
    );
  });

  it('refuses a command that names nobody wherever the policy restricts, and lets it through where it doesn’t', async () => {
    const { gate } = gateUnder();
    const watch = await through(gate, { type: 'view_submission', view: submission('U0OPS', 'C0OPS').view });
    expect(watch.ran).toBe(false);
    expect(watch.error?.message).toBe(
      'Slack didn’t say who sent this, and only the ops group can set up watches.',
    );
    const where = await through(gate, {
      command: '/ops',
      text: 'vector stats idx-1',
      channel_id: 'C0GENERAL',
    });
    expect(where.error?.message).toBe(
      'This channel isn’t one where you can read vector index statistics: use <#C0OPS>.',
    );
    expect(
      (await through(gate, { command: '/ops', text: 'vector stats idx-1', channel_id: 'C0OPS' })).ran,
    ).toBe(true);
  });

  it('checks the channel the form’s listener will use: trimmed, or the one the form was opened in', async () => {
    const { gate } = gateUnder();
    const padded = await through(gate, submission('U0OPS', ' C0GENERAL '));
    expect(padded.error?.message).toContain('You’re not in <#C0GENERAL>');
    const fallback = await through(gate, submission('U0OPS', null, 'C0GENERAL'));
    expect(fallback.error?.message).toContain('You’re not in <#C0GENERAL>');
    expect((await through(gate, submission('U0OPS', null, 'C0OPS'))).ran).toBe(true);
  });
});
