// The Slack side of a watch's owners: the form opened with the workspace's user groups listed, the
// form's ownership fields read back, and the confirmation's words about them.
import type { ModalView } from '@slack/types';
import { within } from '../../limiter.ts';
import type { WebClient } from '../../slack/web-client.ts';
import type { Watch } from '../../store/index.ts';
import { WATCH_BLOCK } from './ids.ts';
import { parseRemindEvery, remindEveryText } from './incident.ts';
import { mentionsOf } from './incident-views.ts';
import { type GroupOption, withOwners } from './owners-view.ts';
import type { Owners } from './service.ts';

type StateValues = Record<
  string,
  Record<
    string,
    { value?: string | null; selected_users?: string[]; selected_options?: Array<{ value?: string }> }
  >
>;

/** Slack lets a trigger_id open a view for 3 s: the group list gets this long, then the form opens without it. */
const GROUPS_WAIT_MS = 1_500;

/** The workspace's enabled user groups, or undefined when Slack didn't list them in time (or refused). */
async function userGroups(client: WebClient): Promise<GroupOption[] | undefined> {
  const listed = client.usergroups
    .list({ include_disabled: false })
    .then((r) =>
      (r.usergroups ?? []).flatMap((g) =>
        g.id !== undefined && g.handle !== undefined ? [{ id: g.id, handle: g.handle }] : [],
      ),
    )
    .catch(() => undefined);
  return within(listed, GROUPS_WAIT_MS, undefined);
}

export async function openWatchForm(
  client: WebClient,
  triggerId: string,
  view: ModalView,
  command: string,
  existing?: Watch,
): Promise<void> {
  const groups = await userGroups(client);
  await client.views.open({ trigger_id: triggerId, view: withOwners(view, groups, command, existing) });
}

/**
 * The form's ownership fields. `keptGroups`: the groups an edited watch calls, kept when the form
 * could not offer the list (Slack didn't answer in time).
 */
export async function readOwners(
  values: StateValues,
  keptGroups: () => Promise<string[]>,
): Promise<{ ok: true; owners: Owners } | { ok: false; problem: string }> {
  const users = values[WATCH_BLOCK.notifyUsers]?.[WATCH_BLOCK.notifyUsers]?.selected_users;
  const groupField = values[WATCH_BLOCK.notifyGroups]?.[WATCH_BLOCK.notifyGroups];
  const groups = groupField?.selected_options?.flatMap((o) => (o.value === undefined ? [] : [o.value]));
  const remindText = values[WATCH_BLOCK.remind]?.[WATCH_BLOCK.remind]?.value?.trim() ?? '';
  const remind = remindText === '' ? undefined : parseRemindEvery(remindText);
  if (remind !== undefined && !remind.ok)
    return {
      ok: false,
      problem: 'Write a whole number of seconds, minutes or hours (45s, 20m, 2h), or never.',
    };
  const owners: Owners = {};
  if (users !== undefined || groups !== undefined)
    owners.notify = { users: users ?? [], groups: groups ?? (await keptGroups()) };
  if (remind !== undefined) owners.remindEveryMs = remind.value;
  return { ok: true, owners };
}

/** ", calling @search-oncall; reminded every 30m until acknowledged" for the confirmation. */
export function confirmation(watch: Watch): string {
  const mentions = mentionsOf(watch.notify);
  const calls = mentions === '' ? '' : `, calling ${mentions}`;
  const remind =
    watch.remindEveryMs === null
      ? '; no reminders'
      : `; reminded every ${remindEveryText(watch.remindEveryMs)} until someone acknowledges`;
  return `${calls}${remind}`;
}
