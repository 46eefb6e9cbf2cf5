// How a refusal and `/ops policy` name people, groups and channels. A user group is named by its
// handle as plain text (`@ops-team`), never as `<!subteam^S…>`: that form notifies every member, and
// a refusal must not page a team. People and channels use Slack's `<@U…>` and `<#C…>`, which render
// as names without notifying anyone in an ephemeral message or the person's own DM.

import { listWords } from '../text/lists.ts';
import { escapeMrkdwn, mentionChannel, mentionUser } from '../text/mrkdwn.ts';
import type { Policy, Where, Who } from './types.ts';

/** `@ops-team`, or `the oncall group` when only its S… id is known. */
export function groupWords(policy: Policy, name: string): string {
  const group = policy.groups[name];
  const handle = group?.usergroup?.handle;
  if (handle !== undefined && handle !== '') return `@${escapeMrkdwn(handle)}`;
  return `the ${escapeMrkdwn(name)} group`;
}

/** Who may, in words: "@ops-team and <@U0123ABCD>"; "everyone". */
export function whoWords(policy: Policy, who: Who): string {
  if (who.everyone) return 'everyone';
  const named = [...who.groups.map((g) => groupWords(policy, g)), ...who.users.map(mentionUser)];
  return named.length === 0 ? 'nobody' : listWords(named, 'and');
}

/** The channels where, in words: "<#C1> or <#C2>"; "any channel". */
export function whereWords(where: Where): string {
  if (where.anywhere) return 'any channel';
  return where.channels.length === 0 ? 'no channel' : listWords(where.channels.map(mentionChannel), 'or');
}
