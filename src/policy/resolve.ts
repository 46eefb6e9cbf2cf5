// From the checked file to the policy decisions use: group and channel-set names looked up (an
// unknown one is a start-up problem with its path), defaults filled in.
import { isChannelId, isUserGroupId, isUserId, type PolicyFile } from './schema.ts';
import {
  CAPABILITIES,
  type Capability,
  type Policy,
  type PolicyGroup,
  type Rule,
  type Where,
} from './types.ts';

export type PolicyPath = ReadonlyArray<string | number>;
export type Problem = { path: PolicyPath; message: string };

export const DEFAULT_LIMITS: Policy['limits'] = {
  notifyPeople: 10,
  notifyGroups: 3,
  notifyGroupsAllowed: undefined,
  remindAtLeastMs: 5 * 60_000,
  muteAtMostMs: 7 * 86_400_000,
  watchesPerChannel: 50,
};

const known = (names: string[]) => (names.length === 0 ? 'none are defined' : `defined: ${names.join(', ')}`);

/** Where every capability may be used when the policy doesn't say: ALLOWED_CHANNEL_IDS, or anywhere. */
function defaultWhere(allowedChannelIds: readonly string[] | undefined): Where {
  return allowedChannelIds === undefined
    ? { anywhere: true }
    : { anywhere: false, channels: [...allowedChannelIds] };
}

/** The policy without a file: everyone, anywhere (or in ALLOWED_CHANNEL_IDS), default limits. */
export function defaultPolicy(allowedChannelIds?: readonly string[]): Policy {
  const rule: Rule = { who: { everyone: true }, where: defaultWhere(allowedChannelIds) };
  return {
    source: undefined,
    groups: {},
    rules: Object.fromEntries(CAPABILITIES.map((c) => [c, rule])) as Record<Capability, Rule>,
    limits: DEFAULT_LIMITS,
  };
}

export function resolvePolicy(
  file: PolicyFile,
  source: string,
  allowedChannelIds: readonly string[] | undefined,
): Policy | Problem {
  const groups: Record<string, PolicyGroup> = {};
  for (const [name, g] of Object.entries(file.groups ?? {})) {
    if (g.usergroup === undefined && (g.users ?? []).length === 0)
      return { path: ['groups', name], message: 'names nobody — give it a usergroup and/or users' };
    const usergroup =
      g.usergroup === undefined
        ? undefined
        : isUserGroupId(g.usergroup)
          ? { id: g.usergroup }
          : { handle: g.usergroup };
    groups[name] = { name, users: g.users ?? [], ...(usergroup ? { usergroup } : {}) };
  }
  const sets = file.channels ?? {};
  const rules = { ...defaultPolicy(allowedChannelIds).rules };
  for (const [capability, rule] of Object.entries(file.allow ?? {}) as Array<
    [Capability, NonNullable<PolicyFile['allow']>[Capability]]
  >) {
    if (rule === undefined) continue;
    const base = ['allow', capability];
    let who: Rule['who'] = { everyone: true };
    if (Array.isArray(rule.who)) {
      const members = { groups: [] as string[], users: [] as string[] };
      for (const [i, name] of rule.who.entries()) {
        if (name in groups) members.groups.push(name);
        else if (isUserId(name)) members.users.push(name);
        else
          return {
            path: [...base, 'who', i],
            message: `unknown group "${name.slice(0, 40)}" (${known(Object.keys(groups))}) — or give a user ID such as U0123ABCD`,
          };
      }
      who = { everyone: false, ...members };
    }
    let where = rules[capability].where;
    if (rule.where === 'anywhere') where = { anywhere: true };
    else if (Array.isArray(rule.where)) {
      const channels: string[] = [];
      for (const [i, name] of rule.where.entries()) {
        if (name in sets) channels.push(...(sets[name] ?? []));
        else if (isChannelId(name)) channels.push(name);
        else
          return {
            path: [...base, 'where', i],
            message: `unknown channel set "${name.slice(0, 40)}" (${known(Object.keys(sets))}) — or give a channel ID such as C0123ABCD`,
          };
      }
      where = { anywhere: false, channels: [...new Set(channels)] };
    }
    rules[capability] = { who, where };
  }
  const limits = resolveLimits(file.limits, groups);
  if ('path' in limits) return limits;
  return { source, groups, rules, limits };
}

function resolveLimits(
  limits: PolicyFile['limits'],
  groups: Record<string, PolicyGroup>,
): Policy['limits'] | Problem {
  const allowed = limits?.notify_groups_allowed;
  if (Array.isArray(allowed)) {
    for (const [i, name] of allowed.entries()) {
      const group = groups[name];
      if (group === undefined)
        return {
          path: ['limits', 'notify_groups_allowed', i],
          message: `unknown group "${name.slice(0, 40)}" (${known(Object.keys(groups))})`,
        };
      if (group.usergroup === undefined)
        return {
          path: ['limits', 'notify_groups_allowed', i],
          message: `group "${name}" has no usergroup, so a watch can't notify it`,
        };
    }
  }
  return {
    notifyPeople: limits?.notify_people ?? DEFAULT_LIMITS.notifyPeople,
    notifyGroups: limits?.notify_groups ?? DEFAULT_LIMITS.notifyGroups,
    notifyGroupsAllowed: Array.isArray(allowed) ? allowed : undefined,
    remindAtLeastMs: limits?.remind_at_least ?? DEFAULT_LIMITS.remindAtLeastMs,
    muteAtMostMs: limits?.mute_at_most ?? DEFAULT_LIMITS.muteAtMostMs,
    watchesPerChannel: limits?.watches_per_channel ?? DEFAULT_LIMITS.watchesPerChannel,
  };
}
