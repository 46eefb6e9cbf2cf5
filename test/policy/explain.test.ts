import { describe, expect, it } from 'vitest';
import {
  allowedHere,
  checkUserGroups,
  explain,
  explanationLines,
  groupAnswers,
  parsePolicyText,
} from '../../src/policy/index.ts';
import { membershipFrom } from '../support/membership.ts';

const TEXT = `groups:
  ops:    { usergroup: ops-team }
  oncall: { usergroup: S0ONCALL }
channels:
  ops-rooms: [C0OPS]
allow:
  accounts:      { who: [ops], where: [ops-rooms] }
  digest.manage: { who: everyone, where: [ops-rooms] }
  index.manage:  { who: [oncall] }
`;

const SLACK_GROUPS = [
  { id: 'S0OPSTEAM', handle: 'ops-team' },
  { id: 'S0ONCALL', handle: 'oncall' },
  { id: 'S0OLD', handle: 'old-team', date_delete: 1_700_000_000 },
];

async function checkedPolicy(text = TEXT) {
  const parsed = parsePolicyText(text, 'POLICY_FILE policy.yml');
  if (!parsed.ok) throw new Error(parsed.problem);
  const checked = await checkUserGroups(parsed.policy, async () => SLACK_GROUPS);
  if (!checked.ok) throw new Error(checked.problem);
  return checked.policy;
}

describe('/ops policy explains', () => {
  it('what the person may do here, where else, and who may do the rest', async () => {
    const policy = await checkedPolicy();
    const slack = membershipFrom({ groups: { S0OPSTEAM: ['U0ALICE'], S0ONCALL: [] } });
    const standings = explain(
      policy,
      { userId: 'U0ALICE', channelId: 'C0RANDOM' },
      await groupAnswers(policy, 'U0ALICE', slack),
    );
    expect(explanationLines(standings)).toEqual([
      '✓ You can read vector index statistics here.',
      '➜ You can see the messaging accounts in <#C0OPS>.',
      '✓ You can request search indexes here.',
      '✓ You can set up watches here.',
      '✓ You can acknowledge, snooze or mute alerts here.',
      '➜ You can set up digests in <#C0OPS>.',
      '✗ Only @oncall can name, rename or forget indexes.',
      '✓ You can connect agents to opsbot over MCP here.',
    ]);
    expect(allowedHere(standings)).toEqual([
      'stats',
      'search.request',
      'watch.manage',
      'watch.respond',
      'agent.connect',
    ]);
  });

  it('says when Slack did not answer, rather than guessing', async () => {
    const policy = await checkedPolicy();
    const slack = membershipFrom({ silent: ['S0OPSTEAM', 'S0ONCALL'] });
    const lines = explanationLines(
      explain(
        policy,
        { userId: 'U0ALICE', channelId: 'C0OPS' },
        await groupAnswers(policy, 'U0ALICE', slack),
      ),
    );
    expect(lines[1]).toBe(
      '? Slack didn’t say just now whether you’re among @ops-team, who can see the messaging accounts: ask again in a minute.',
    );
  });
});

describe('the start-up check of user groups', () => {
  it('resolves handles to ids, so decisions ask Slack by id', async () => {
    const policy = await checkedPolicy();
    expect(policy.groups.ops?.usergroup).toEqual({ id: 'S0OPSTEAM', handle: 'ops-team' });
    expect(policy.groups.oncall?.usergroup).toEqual({ id: 'S0ONCALL', handle: 'oncall' });
  });

  it('stops start-up with one line for a group Slack doesn’t know or has disabled', async () => {
    const problem = async (text: string) => {
      const parsed = parsePolicyText(text, 'POLICY_FILE policy.yml');
      if (!parsed.ok) throw new Error(parsed.problem);
      const checked = await checkUserGroups(parsed.policy, async () => SLACK_GROUPS);
      return checked.ok ? 'accepted' : checked.problem;
    };
    expect(await problem('groups:\n  ops: { users: [U0A1] }\n  eng:\n    usergroup: eng-team\n')).toBe(
      'POLICY_FILE policy.yml, line 4, groups.eng.usergroup: Slack has no (enabled) user group @eng-team — use its handle or its S… ID.',
    );
    expect(await problem('groups:\n  old: { usergroup: S0OLD }\n')).toBe(
      'POLICY_FILE policy.yml, line 2, groups.old.usergroup: Slack has no (enabled) user group S0OLD — use its handle or its S… ID.',
    );
  });

  it('stops start-up when Slack can’t list the groups, saying why', async () => {
    const parsed = parsePolicyText('groups:\n  ops: { usergroup: ops-team }\n', 'POLICY');
    if (!parsed.ok) throw new Error(parsed.problem);
    const noPlan = Object.assign(new Error('An API error occurred: plan_upgrade_required'), {
      code: 'slack_webapi_platform_error',
      data: { ok: false, error: 'plan_upgrade_required' },
    });
    const checked = await checkUserGroups(parsed.policy, async () => {
      throw noPlan;
    });
    expect(checked).toEqual({
      ok: false,
      problem:
        'POLICY, line 2, groups.ops.usergroup: this Slack workspace’s plan has no user groups: name the people by user ID instead.',
    });
  });
});
