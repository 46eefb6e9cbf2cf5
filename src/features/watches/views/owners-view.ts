// The watch form's ownership fields, added to the form modal-view.ts builds: people to notify (a
// multi_users_select), user groups (Block Kit has no user-group select, so a multi_static_select of
// the workspace's groups as usergroups.list gave them, only those the policy allows) and the reminder
// interval, each within the policy's limits. Pure: no I/O.
import type { KnownBlock, ModalView } from '@slack/types';
import type { Policy } from '../../../policy/index.ts';
import { DEFAULT_REMIND_EVERY_MS, type Watch } from '../../../store/index.ts';
import { plain } from '../../../text/block-kit.ts';
import { BLOCK } from '../ids.ts';
import { remindEveryText } from '../incident.ts';

/** A user group as the form offers it. */
export type GroupOption = { id: string; handle: string };

/** Slack's limit on a select's options. */
const MAX_OPTIONS = 100;

const option = (g: GroupOption) => ({ value: g.id, text: plain(`@${g.handle}`.slice(0, 75)) });

/** The groups the policy lets a watch notify (all when it names none). */
function allowedGroups(groups: readonly GroupOption[], policy: Policy): GroupOption[] {
  const allowed = policy.limits.notifyGroupsAllowed;
  if (allowed === undefined) return [...groups];
  const usergroups = allowed.map((name) => policy.groups[name]?.usergroup);
  return groups.filter((g) => usergroups.some((u) => u?.id === g.id || (!u?.id && u?.handle === g.handle)));
}

/**
 * `view` with the ownership fields before its note, within the policy's limits. `groups`: the
 * workspace's user groups, or undefined when they could not be listed (the form then says how to
 * name a group in the text form).
 */
export function withOwners(
  view: ModalView,
  groups: readonly GroupOption[] | undefined,
  options: { command: string; policy: Policy; existing?: Watch | undefined },
): ModalView {
  const { command, policy, existing } = options;
  const { limits } = policy;
  const chosen = existing?.notify.groups ?? [];
  // A group the watch calls that the list no longer shows (disabled, or past 100) stays choosable.
  const listed = allowedGroups(groups ?? [], policy).sort((a, b) => a.handle.localeCompare(b.handle));
  const missing = chosen.filter((id) => !listed.some((g) => g.id === id)).map((id) => ({ id, handle: id }));
  const offered = [...missing, ...listed].slice(0, MAX_OPTIONS);
  const initialGroups = offered.filter((g) => chosen.includes(g.id)).map(option);
  const blocks: KnownBlock[] = [
    {
      type: 'input',
      block_id: BLOCK.notifyUsers,
      optional: true,
      label: plain('Notify these people'),
      hint: plain(
        `The alert and its reminders mention them, so Slack notifies them (at most ${limits.notifyPeople}).`,
      ),
      element: {
        type: 'multi_users_select',
        action_id: BLOCK.notifyUsers,
        max_selected_items: limits.notifyPeople,
        ...(existing === undefined || existing.notify.users.length === 0
          ? {}
          : { initial_users: existing.notify.users }),
      },
    },
    offered.length === 0
      ? {
          type: 'context',
          elements: [
            {
              type: 'mrkdwn',
              text:
                groups === undefined
                  ? `opsbot couldn’t list this workspace’s user groups; name one with \`${command} watch … notify @group\`.`
                  : 'This workspace has no user groups to notify.',
            },
          ],
        }
      : {
          type: 'input',
          block_id: BLOCK.notifyGroups,
          optional: true,
          label: plain('Notify these user groups'),
          hint: plain(`At most ${limits.notifyGroups}.`),
          element: {
            type: 'multi_static_select',
            action_id: BLOCK.notifyGroups,
            max_selected_items: limits.notifyGroups,
            placeholder: plain('@search-oncall'),
            options: offered.map(option),
            ...(initialGroups.length === 0 ? {} : { initial_options: initialGroups }),
          },
        },
    {
      type: 'input',
      block_id: BLOCK.remind,
      optional: true,
      label: plain('Remind until someone acknowledges, every'),
      hint: plain(
        `A whole number of minutes or hours, ${remindEveryText(limits.remindAtLeastMs)} or more (20m, 2h), or never.`,
      ),
      element: {
        type: 'plain_text_input',
        action_id: BLOCK.remind,
        placeholder: plain('30m'),
        initial_value: remindEveryText(
          existing === undefined ? DEFAULT_REMIND_EVERY_MS : existing.remindEveryMs,
        ),
      },
    },
  ];
  const noteAt = view.blocks.findIndex((b) => b.block_id === BLOCK.note);
  const at = noteAt === -1 ? view.blocks.length : noteAt;
  return { ...view, blocks: [...view.blocks.slice(0, at), ...blocks, ...view.blocks.slice(at)] };
}
