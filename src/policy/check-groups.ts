// The start-up check of the policy's user groups against Slack: a handle or id Slack doesn't know
// would refuse its members forever, so it stops start-up with one line, like a typo in the file.
// Handles are resolved to ids here; decisions then ask Slack about ids only.
import { errField, slackErrorCode } from '../errors.ts';
import { formatPath } from './parse.ts';
import type { Policy, PolicyGroup } from './types.ts';

/** What `usergroups.list` returns per group (disabled ones carry a non-zero date_delete). */
type SlackUserGroup = { id?: string; handle?: string; date_delete?: number };

type GroupCheck = { ok: true; policy: Policy } | { ok: false; problem: string };

export async function checkUserGroups(
  policy: Policy,
  listUserGroups: () => Promise<readonly SlackUserGroup[]>,
): Promise<GroupCheck> {
  const asked = Object.values(policy.groups).filter((g) => g.usergroup !== undefined);
  if (asked.length === 0) return { ok: true, policy };
  const at = (group: PolicyGroup) =>
    [
      policy.source ?? 'POLICY',
      group.line === undefined ? undefined : `line ${group.line}`,
      formatPath(['groups', group.name, 'usergroup']),
    ]
      .filter(Boolean)
      .join(', ');
  let known: readonly SlackUserGroup[];
  try {
    known = (await listUserGroups()).filter((g) => !g.date_delete);
  } catch (error) {
    const code = slackErrorCode(error) ?? errField(error).name;
    const why =
      code === 'plan_upgrade_required'
        ? 'this Slack workspace’s plan has no user groups: name the people by user ID instead'
        : code === 'missing_scope'
          ? 'opsbot needs the usergroups:read scope to check it: add it (manifest.yml has it) and reinstall'
          : `Slack didn’t list the user groups (${code}), so it couldn’t be checked: start again in a minute`;
    return { ok: false, problem: `${at(asked[0] as PolicyGroup)}: ${why}.` };
  }
  const groups: Record<string, PolicyGroup> = {};
  for (const [name, group] of Object.entries(policy.groups)) {
    const wanted = group.usergroup;
    if (wanted === undefined) {
      groups[name] = group;
      continue;
    }
    const found = known.find((g) =>
      wanted.id !== undefined ? g.id === wanted.id : g.handle === wanted.handle,
    );
    if (found?.id === undefined) {
      const named = wanted.id ?? `@${wanted.handle}`;
      return {
        ok: false,
        problem: `${at(group)}: Slack has no (enabled) user group ${named} — use its handle or its S… ID.`,
      };
    }
    groups[name] = {
      ...group,
      usergroup: { id: found.id, ...(found.handle ? { handle: found.handle } : {}) },
    };
  }
  return { ok: true, policy: { ...policy, groups } };
}
