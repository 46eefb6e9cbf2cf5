// Slack user groups (`usergroups.list`, `usergroups.users.list`) with a membership a test changes at
// any time: the next call sees the change, as it would in Slack a moment after an admin edits the group.
// Shapes follow Slack's usergroup object and the two methods' references (both Tier 2, scope
// `usergroups:read`); a workspace whose plan has no user groups answers `plan_upgrade_required`.
import { type ApiBody, bool, fail, firstMissing, str } from './api-support.ts';
import type { SimContext } from './state.ts';
import type { Args, SimUserGroup, UserGroupInput, UserGroupsControl } from './types.ts';

const GROUP_ID = /^S[A-Z0-9]+$/;
// Handles are lowercase names Slack lets people type after "@" (letters, digits, . _ -).
const HANDLE = /^[a-z0-9][a-z0-9._-]*$/;

const seconds = (ms: number): number => Math.floor(ms / 1000);

function checkInput(id: string, input: UserGroupInput): void {
  if (!GROUP_ID.test(id)) throw new Error(`user group ids start with S (Slack's subteam ids), got ${id}`);
  if (!HANDLE.test(input.handle))
    throw new Error(`user group handle must be like ops-approvers, got ${input.handle}`);
}

/** The test's hand on the workspace's user groups. */
export function createUserGroupsControl(ctx: SimContext): UserGroupsControl {
  const groups = () => ctx.state.userGroups;
  const get = (id: string): SimUserGroup => {
    const group = groups().get(id);
    if (!group) throw new Error(`no user group ${id} in the simulator; set it first`);
    return group;
  };
  const touch = (group: SimUserGroup) => {
    group.dateUpdate = seconds(ctx.now());
  };
  return {
    set(id, input) {
      checkInput(id, input);
      const taken = [...groups().values()].find((g) => g.handle === input.handle && g.id !== id);
      if (taken) throw new Error(`handle @${input.handle} is already used by ${taken.id}`);
      const now = seconds(ctx.now());
      const previous = groups().get(id);
      groups().set(id, {
        id,
        handle: input.handle,
        name: input.name ?? previous?.name ?? input.handle,
        description: input.description ?? previous?.description ?? '',
        users: [...new Set(input.users ?? [])],
        dateCreate: previous?.dateCreate ?? now,
        dateUpdate: now,
        dateDelete: input.disabled ? now : 0,
      });
    },
    addMember(id, user) {
      const group = get(id);
      if (!group.users.includes(user)) group.users.push(user);
      touch(group);
    },
    removeMember(id, user) {
      const group = get(id);
      group.users = group.users.filter((u) => u !== user);
      touch(group);
    },
    disable(id) {
      const group = get(id);
      group.dateDelete = seconds(ctx.now());
      touch(group);
    },
    enable(id) {
      const group = get(id);
      group.dateDelete = 0;
      touch(group);
    },
    remove(id) {
      groups().delete(id);
    },
    setPlanHasUserGroups(available) {
      ctx.state.userGroupsAvailable = available;
    },
    get: (id) => {
      const group = groups().get(id);
      return group ? structuredClone(group) : undefined;
    },
    byHandle: (handle) => {
      const group = [...groups().values()].find((g) => g.handle === handle.replace(/^@/, ''));
      return group ? structuredClone(group) : undefined;
    },
    all: () => structuredClone([...groups().values()]),
  };
}

/** A usergroup object as Slack returns it (dates in Unix seconds; date_delete non-zero when disabled). */
function usergroupObject(ctx: SimContext, group: SimUserGroup, args: Args): Args {
  const object: Args = {
    id: group.id,
    team_id: ctx.opts.teamId,
    is_usergroup: true,
    is_subteam: true,
    name: group.name,
    description: group.description,
    handle: group.handle,
    is_external: false,
    date_create: group.dateCreate,
    date_update: group.dateUpdate,
    date_delete: group.dateDelete,
    auto_type: null,
    auto_provision: false,
    enterprise_subteam_id: '',
    created_by: 'USLACKBOT',
    updated_by: 'USLACKBOT',
    deleted_by: group.dateDelete ? 'USLACKBOT' : null,
    prefs: { channels: [], groups: [] },
  };
  if (bool(args.include_users)) object.users = [...group.users];
  if (bool(args.include_count) || bool(args.include_users)) object.user_count = group.users.length;
  return object;
}

function planError(ctx: SimContext): ApiBody | undefined {
  return ctx.state.userGroupsAvailable ? undefined : fail('plan_upgrade_required');
}

function usergroupsList(args: Args, ctx: SimContext): ApiBody {
  const refused = planError(ctx);
  if (refused) return refused;
  const withDisabled = bool(args.include_disabled);
  const usergroups = [...ctx.state.userGroups.values()]
    .filter((g) => withDisabled || g.dateDelete === 0)
    .map((g) => usergroupObject(ctx, g, args));
  return { ok: true, usergroups };
}

function usergroupsUsersList(args: Args, ctx: SimContext): ApiBody {
  const absent = firstMissing(args, ['usergroup']);
  if (absent) return absent;
  const refused = planError(ctx);
  if (refused) return refused;
  const group = ctx.state.userGroups.get(str(args.usergroup) ?? '');
  // A disabled group is only visible with include_disabled; without it Slack has nothing by that id.
  if (!group || (group.dateDelete !== 0 && !bool(args.include_disabled))) return fail('no_such_subteam');
  return { ok: true, users: [...group.users] };
}

export const userGroupMethods = {
  'usergroups.list': usergroupsList,
  'usergroups.users.list': usergroupsUsersList,
} as const;
