import { describe, expect, it } from 'vitest';
import {
  decide,
  defaultPolicy,
  NO_USER,
  NOT_YOUR_DM,
  type Policy,
  parsePolicyText,
} from '../../src/policy/index.ts';
import { membershipFrom } from '../support/membership.ts';

const OPS = 'S0OPSTEAM';
const ONCALL = 'S0ONCALL';

/** The example policy with its user groups resolved, as the start-up check leaves it. */
function examplePolicy(): Policy {
  const result = parsePolicyText(
    `groups:
  ops:    { usergroup: ops-team, users: [U0LEAD] }
  oncall: { usergroup: S0ONCALL }
channels:
  ops-rooms: [C0OPS, C0INCIDENTS]
allow:
  stats:          { who: everyone }
  accounts:       { who: [ops], where: [ops-rooms] }
  watch.manage:   { who: [ops, oncall], where: [ops-rooms] }
  index.manage:   { who: [ops, U0SOLO] }
`,
    'POLICY',
  );
  if (!result.ok) throw new Error(result.problem);
  const { groups } = result.policy;
  return {
    ...result.policy,
    groups: {
      ops: { ...groups.ops, name: 'ops', users: ['U0LEAD'], usergroup: { id: OPS, handle: 'ops-team' } },
      oncall: { name: 'oncall', users: [], usergroup: { id: ONCALL, handle: 'oncall' } },
    },
  };
}

const slack = membershipFrom({
  groups: { [OPS]: ['U0ALICE'], [ONCALL]: ['U0BOB'] },
  channels: { C0OPS: ['U0ALICE', 'U0BOB'], C0INCIDENTS: ['U0BOB'], C0ARCHIVED: ['U0ALICE'] },
  cantPost: { C0ARCHIVED: 'is_archived' },
});

describe('who may', () => {
  it('lets members of a listed group, its listed users and listed user ids act', async () => {
    const policy = examplePolicy();
    for (const userId of ['U0ALICE', 'U0BOB']) {
      expect(await decide(policy, 'watch.manage', { userId, channelId: 'C0OPS' }, slack)).toEqual({
        allowed: true,
      });
    }
    expect(await decide(policy, 'index.manage', { userId: 'U0LEAD', channelId: 'C0RANDOM' }, slack)).toEqual({
      allowed: true,
    });
    expect(await decide(policy, 'index.manage', { userId: 'U0SOLO', channelId: 'C0RANDOM' }, slack)).toEqual({
      allowed: true,
    });
  });

  it('refuses anyone else with who may, and where, without pinging a group', async () => {
    const decision = await decide(
      examplePolicy(),
      'watch.manage',
      { userId: 'U0CAROL', channelId: 'C0OPS' },
      slack,
    );
    expect(decision).toEqual({
      allowed: false,
      reason: 'who',
      sentence: 'Only @ops-team and @oncall can set up watches, in <#C0OPS> or <#C0INCIDENTS>.',
    });
    const index = await decide(examplePolicy(), 'index.manage', { userId: 'U0CAROL' }, slack);
    expect(index).toMatchObject({
      sentence: 'Only @ops-team and <@U0SOLO> can name, rename or forget indexes.',
    });
  });

  it('names a group Slack only knows by id as the policy names it', async () => {
    const policy = examplePolicy();
    const unnamed: Policy = {
      ...policy,
      groups: { ...policy.groups, oncall: { name: 'oncall', users: [], usergroup: { id: ONCALL } } },
    };
    const decision = await decide(unnamed, 'watch.manage', { userId: 'U0CAROL', channelId: 'C0OPS' }, slack);
    expect(decision).toMatchObject({
      sentence: 'Only @ops-team and the oncall group can set up watches, in <#C0OPS> or <#C0INCIDENTS>.',
    });
  });
});

describe('where', () => {
  it('refuses a channel outside the capability’s channels and says which to use', async () => {
    expect(
      await decide(examplePolicy(), 'accounts', { userId: 'U0ALICE', channelId: 'C0RANDOM' }, slack),
    ).toEqual({
      allowed: false,
      reason: 'where',
      sentence:
        'This channel isn’t one where you can see the messaging accounts: use <#C0OPS> or <#C0INCIDENTS>.',
    });
  });

  it('needs who alone at Home and in DMs, when the action only answers the person', async () => {
    const policy = examplePolicy();
    expect(await decide(policy, 'accounts', { userId: 'U0ALICE' }, slack)).toEqual({ allowed: true });
    expect(await decide(policy, 'accounts', { userId: 'U0ALICE', channelId: 'D0ALICE' }, slack)).toEqual({
      allowed: true,
    });
    expect(
      await decide(policy, 'accounts', { userId: 'U0CAROL', channelId: 'D0CAROL' }, slack),
    ).toMatchObject({ reason: 'who' });
  });

  it('checks every channel an action posts to, from Home too', async () => {
    const policy = examplePolicy();
    const from = (postsTo: string[], userId = 'U0ALICE') =>
      decide(policy, 'watch.manage', { userId, postsTo }, slack);
    expect(await from(['C0OPS'])).toEqual({ allowed: true });
    expect(await from(['C0RANDOM'])).toEqual({
      allowed: false,
      reason: 'where',
      sentence: '<#C0RANDOM> isn’t a channel where you can set up watches: pick <#C0OPS> or <#C0INCIDENTS>.',
    });
    expect(await from(['C0INCIDENTS'])).toEqual({
      allowed: false,
      reason: 'where',
      sentence:
        'You’re not in <#C0INCIDENTS>, so opsbot won’t post there for you: join it or pick a channel you’re in.',
    });
  });

  it('refuses a channel opsbot can’t post in, saying why', async () => {
    const policy = defaultPolicy();
    expect(await decide(policy, 'stats', { userId: 'U0ALICE', postsTo: ['C0ARCHIVED'] }, slack)).toEqual({
      allowed: false,
      reason: 'where',
      sentence: 'opsbot can’t post in <#C0ARCHIVED>: that channel is archived. Pick another channel.',
    });
  });
});

describe('a place a caller names (a workflow step’s channel), which Slack doesn’t vouch for', () => {
  const dms = membershipFrom({
    groups: { [OPS]: ['U0ALICE'] },
    dms: { U0ALICE: 'D0ALICE', U0BOB: 'D0BOB' },
    silent: ['dm:U0CAROL'],
  });
  const caller = (userId: string, channelId?: string) =>
    ({ userId, ...(channelId ? { channelId } : {}), placeNamedBy: 'caller' }) as const;

  it('is no place at all when none is named: refused where the capability is limited to channels', async () => {
    const refused = await decide(examplePolicy(), 'accounts', caller('U0ALICE'), dms);
    expect(refused).toEqual({
      allowed: false,
      reason: 'where',
      sentence:
        'This channel isn’t one where you can see the messaging accounts: use <#C0OPS> or <#C0INCIDENTS>.',
    });
    expect(await decide(examplePolicy(), 'stats', caller('U0ALICE'), dms)).toEqual({ allowed: true });
    // Slack's own word for where the person is (Home, a modal) stays their own place.
    expect(await decide(examplePolicy(), 'accounts', { userId: 'U0ALICE' }, dms)).toEqual({ allowed: true });
  });

  it('counts a DM only when it is the person’s own with opsbot, as Slack names it', async () => {
    const policy = examplePolicy();
    expect(await decide(policy, 'accounts', caller('U0ALICE', 'D0ALICE'), dms)).toEqual({ allowed: true });
    for (const [userId, dm] of [
      ['U0ALICE', 'D0BOB'],
      [NO_USER, 'D0ALICE'],
    ] as const)
      expect(await decide(policy, 'stats', caller(userId, dm), dms)).toEqual({
        allowed: false,
        reason: 'where',
        sentence: NOT_YOUR_DM,
      });
    expect(await decide(policy, 'stats', caller('U0CAROL', 'D0CAROL'), dms)).toMatchObject({
      allowed: false,
      reason: 'membership-unknown',
    });
  });
});

describe('a payload naming nobody', () => {
  it('gets only what a rule open to everyone allows, told so in one sentence', async () => {
    const policy = examplePolicy();
    expect(await decide(policy, 'index.manage', { userId: NO_USER }, slack)).toEqual({
      allowed: false,
      reason: 'who',
      sentence:
        'Slack didn’t say who sent this, and only @ops-team and <@U0SOLO> can name, rename or forget indexes.',
    });
    expect(await decide(policy, 'stats', { userId: NO_USER, channelId: 'C0RANDOM' }, slack)).toEqual({
      allowed: true,
    });
  });
});

describe('without a policy', () => {
  it('lets everyone act anywhere, and asks Slack nothing about groups', async () => {
    const asking = membershipFrom({});
    expect(
      await decide(defaultPolicy(), 'index.manage', { userId: 'U0ANYONE', channelId: 'C0ANY' }, asking),
    ).toEqual({
      allowed: true,
    });
    expect(asking.asked).toEqual([]);
  });

  it('keeps commands to ALLOWED_CHANNEL_IDS', async () => {
    const policy = defaultPolicy(['C0OPS']);
    expect(await decide(policy, 'stats', { userId: 'U0ANYONE', channelId: 'C0OPS' }, slack)).toEqual({
      allowed: true,
    });
    expect(await decide(policy, 'stats', { userId: 'U0ANYONE', channelId: 'C0RANDOM' }, slack)).toEqual({
      allowed: false,
      reason: 'where',
      sentence: 'This channel isn’t one where you can read vector index statistics: use <#C0OPS>.',
    });
  });
});

describe('when Slack can’t say', () => {
  it('refuses when group membership is unknown, never allows', async () => {
    const silent = membershipFrom({ groups: { [ONCALL]: ['U0BOB'] }, silent: [OPS] });
    expect(
      await decide(examplePolicy(), 'watch.manage', { userId: 'U0CAROL', channelId: 'C0OPS' }, silent),
    ).toEqual({
      allowed: false,
      reason: 'membership-unknown',
      sentence:
        'Slack didn’t say just now whether you’re in @ops-team, so nothing was done: try again in a minute.',
    });
    // A yes from another group is enough: nobody is refused for a question that didn't matter.
    expect(
      await decide(examplePolicy(), 'watch.manage', { userId: 'U0BOB', channelId: 'C0OPS' }, silent),
    ).toEqual({
      allowed: true,
    });
  });

  it('refuses when channel membership or opsbot’s place in the channel is unknown', async () => {
    const channelSilent = membershipFrom({ silent: ['C0OPS'] });
    expect(
      await decide(defaultPolicy(), 'stats', { userId: 'U0ALICE', postsTo: ['C0OPS'] }, channelSilent),
    ).toEqual({
      allowed: false,
      reason: 'membership-unknown',
      sentence:
        'Slack didn’t say just now whether you’re in <#C0OPS>, so nothing was done: try again in a minute.',
    });
    const postSilent = membershipFrom({ channels: { C0OPS: ['U0ALICE'] }, silent: ['post:C0OPS'] });
    expect(
      await decide(defaultPolicy(), 'stats', { userId: 'U0ALICE', postsTo: ['C0OPS'] }, postSilent),
    ).toMatchObject({
      reason: 'membership-unknown',
      sentence:
        'Slack didn’t say just now whether opsbot can post in <#C0OPS>, so nothing was done: try again in a minute.',
    });
  });

  it('refuses members of a user group whose handle was never resolved', async () => {
    const unresolved = parsePolicyText(
      'groups:\n  ops: { usergroup: ops-team }\nallow:\n  stats: { who: [ops] }\n',
      'POLICY',
    );
    if (!unresolved.ok) throw new Error(unresolved.problem);
    expect(await decide(unresolved.policy, 'stats', { userId: 'U0ALICE' }, slack)).toMatchObject({
      reason: 'membership-unknown',
    });
  });
});
