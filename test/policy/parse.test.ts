import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPolicy, type Policy, parsePolicyText } from '../../src/policy/index.ts';

const EXAMPLE = `groups:
  ops:    { usergroup: ops-team, users: [U0123ABCD] }
  oncall: { usergroup: S0ONCALL }
channels:
  ops-rooms: [C0OPS, C0INCIDENTS]
allow:
  stats:          { who: everyone }
  accounts:       { who: [ops], where: [ops-rooms] }
  watch.manage:   { who: [ops, oncall] }
limits:
  notify_people: 4
  notify_groups_allowed: [oncall]
  remind_at_least: 45s
  mute_at_most: 2d
`;

function parsed(text: string, allowed?: string[]): Policy {
  const result = parsePolicyText(text, 'POLICY', allowed);
  if (!result.ok) throw new Error(result.problem);
  return result.policy;
}

const problem = (text: string) => {
  const result = parsePolicyText(text, 'POLICY');
  return result.ok ? 'parsed without a problem' : result.problem;
};

describe('reading a policy', () => {
  it('reads groups, channel sets, rules and limits', () => {
    const policy = parsed(EXAMPLE);
    expect(policy.groups.ops).toMatchObject({
      usergroup: { handle: 'ops-team' },
      users: ['U0123ABCD'],
      line: 2,
    });
    expect(policy.groups.oncall?.usergroup).toEqual({ id: 'S0ONCALL' });
    expect(policy.rules.accounts).toEqual({
      who: { everyone: false, groups: ['ops'], users: [] },
      where: { anywhere: false, channels: ['C0OPS', 'C0INCIDENTS'] },
    });
    expect(policy.rules['watch.manage'].who).toEqual({
      everyone: false,
      groups: ['ops', 'oncall'],
      users: [],
    });
    expect(policy.limits).toEqual({
      notifyPeople: 4,
      notifyGroups: 3,
      notifyGroupsAllowed: ['oncall'],
      remindAtLeastMs: 45_000,
      muteAtMostMs: 2 * 86_400_000,
      watchesPerChannel: 50,
    });
  });

  it('keeps every capability the policy does not name at everyone, anywhere', () => {
    const policy = parsed(EXAMPLE);
    expect(policy.rules['index.manage']).toEqual({ who: { everyone: true }, where: { anywhere: true } });
  });

  it('makes ALLOWED_CHANNEL_IDS the default where, also of a listed capability without one', () => {
    const policy = parsed(EXAMPLE, ['C0ALLOWED']);
    expect(policy.rules['digest.manage'].where).toEqual({ anywhere: false, channels: ['C0ALLOWED'] });
    expect(policy.rules['watch.manage'].where).toEqual({ anywhere: false, channels: ['C0ALLOWED'] });
    expect(policy.rules.accounts.where).toEqual({ anywhere: false, channels: ['C0OPS', 'C0INCIDENTS'] });
  });

  it('gives the default limits, and an empty policy is the default policy', () => {
    const policy = parsed('');
    expect(policy.limits).toEqual({
      notifyPeople: 10,
      notifyGroups: 3,
      notifyGroupsAllowed: undefined,
      remindAtLeastMs: 5 * 60_000,
      muteAtMostMs: 7 * 86_400_000,
      watchesPerChannel: 50,
    });
    expect(policy.rules.stats).toEqual({ who: { everyone: true }, where: { anywhere: true } });
  });

  it('reads durations in seconds, minutes, hours and days', () => {
    const limits = (value: string) => parsed(`limits: { remind_at_least: ${value} }`).limits.remindAtLeastMs;
    expect([limits('45s'), limits('5m'), limits('2h'), limits('7d')]).toEqual([
      45_000, 300_000, 7_200_000, 604_800_000,
    ]);
  });
});

describe('a malformed policy: one line with where and what', () => {
  it('names an unknown group by its path and line', () => {
    expect(problem(EXAMPLE.replace('[ops, oncall]', '[ops, oncal]'))).toBe(
      'POLICY, line 9, allow.watch.manage.who[1]: unknown group "oncal" (defined: ops, oncall) — or give a user ID such as U0123ABCD',
    );
  });

  it('names an unknown capability', () => {
    expect(problem('allow:\n  stats: { who: everyone }\n  watch.mange: { who: everyone }\n')).toBe(
      'POLICY, line 3, allow.watch.mange: unknown capability "watch.mange" — capabilities are stats, accounts, search.request, watch.manage, watch.respond, digest.manage, index.manage, agent.connect',
    );
  });

  it('names an unknown channel set', () => {
    expect(problem('channels:\n  rooms: [C0OPS]\nallow:\n  stats: { where: [rooms, romz] }\n')).toBe(
      'POLICY, line 4, allow.stats.where[1]: unknown channel set "romz" (defined: rooms) — or give a channel ID such as C0123ABCD',
    );
  });

  it('names a bad duration', () => {
    expect(problem('limits:\n  notify_people: 3\n  mute_at_most: 7 days\n')).toBe(
      'POLICY, line 3, limits.mute_at_most: is not a duration — write a whole number and a unit, like 45s, 5m, 2h or 7d',
    );
  });

  it('names an unknown key, with what may go there', () => {
    expect(problem('allow:\n  stats:\n    who: everyone\n    wher: anywhere\n')).toBe(
      'POLICY, line 4, allow.stats.wher: unknown key "wher" — expected who or where',
    );
    expect(problem('limit:\n  notify_people: 3\n')).toBe(
      'POLICY, line 1, limit: unknown key "limit" — expected groups, channels, allow or limits',
    );
  });

  it('refuses a channel name where an id belongs, and a group that names nobody', () => {
    expect(problem('channels:\n  rooms: [C0OPS, "#ops"]\n')).toBe(
      'POLICY, line 2, channels.rooms[1]: must be a channel ID such as C0123ABCD (not a #name)',
    );
    expect(problem('groups:\n  ops: {}\n')).toBe(
      'POLICY, line 2, groups.ops: names nobody — give it a usergroup and/or users',
    );
  });

  it('says what a value must be when it has the wrong shape', () => {
    expect(problem('allow:\n  stats: 4\n')).toBe(
      'POLICY, line 2, allow.stats: must be a mapping, e.g. { who: [ops], where: [ops-rooms] }',
    );
    expect(problem('limits: { notify_people: 500 }')).toBe(
      'POLICY, line 1, limits.notify_people: must be a whole number from 0 to 100',
    );
    expect(problem('allow:\n  stats: { who: everybody }\n')).toBe(
      'POLICY, line 2, allow.stats.who: must be everyone or a list of groups and user IDs',
    );
  });

  it('reports YAML that does not parse with its line', () => {
    expect(problem('allow:\n  stats: { who: [ops\n')).toBe(
      'POLICY, line 3: not valid YAML — Flow sequence in block collection must be sufficiently indented and end with a ]',
    );
  });

  it('names the file it read, and a file it could not read', () => {
    const dir = mkdtempSync(join(tmpdir(), 'policy-'));
    const file = join(dir, 'policy.yml');
    writeFileSync(file, 'allow:\n  index.manage: { who: [admins] }\n');
    const bad = loadPolicy({ file });
    expect(bad).toEqual({
      ok: false,
      problem: `POLICY_FILE ${file}, line 2, allow.index.manage.who[0]: unknown group "admins" (none are defined) — or give a user ID such as U0123ABCD`,
    });
    expect(loadPolicy({ file: join(dir, 'absent.yml') })).toEqual({
      ok: false,
      problem: `POLICY_FILE ${join(dir, 'absent.yml')} can’t be read (ENOENT): check the path and its permissions.`,
    });
  });
});
