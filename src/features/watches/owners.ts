// The text form's trailing options, `notify @search-oncall @alice` and `remind 20m|2h|never`, read
// off the end of `watch …` before the rule itself is parsed. Slack escapes the people and groups
// picked from its list (`<@U…|alice>`, `<!subteam^S…|@search-oncall>`); a plain `@name` is one it
// did not recognise, and is refused with how to pick them.
import { exampleCode } from '../../slack/help-view.ts';
import type { WatchNotify } from '../../store/index.ts';
import { quoteUserText } from '../../text/mrkdwn.ts';
import { MAX_REMIND_MS, parseRemindEvery } from './incident.ts';

export type OwnersResult =
  | {
      ok: true;
      rule: string[];
      notify?: WatchNotify;
      /** The handles Slack gave with the groups named (`@search-oncall`), by group id. */
      groupHandles?: Record<string, string>;
      remindEveryMs?: number | null;
    }
  | { ok: false; problem: string };

const OPTION = new Set(['notify', 'remind']);

const USER = /^<@([UW][A-Z0-9]+)(?:\|[^>]*)?>$/;
const GROUP = /^<!subteam\^(S[A-Z0-9]+)(?:\|@?([^>]*))?>$/;

/** The rule's words and the options after them; `command` is the slash command, for the hints. */
export function splitOwners(args: readonly string[], command: string): OwnersResult {
  const start = args.findIndex((a, i) => i > 0 && OPTION.has(a.toLowerCase()));
  if (start === -1) return { ok: true, rule: [...args] };
  // Rejoined and split again on Slack's escapes: a name inside one may hold a space.
  const tokens =
    args
      .slice(start)
      .join(' ')
      .match(/<[^>]*>|\S+/g) ?? [];
  const users: string[] = [];
  const groups: string[] = [];
  const groupHandles: Record<string, string> = {};
  let remindEveryMs: number | null | undefined;
  let notifying = false;
  let named = false;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] ?? '';
    const word = token.toLowerCase();
    if (word === 'notify') {
      if (notifying && !named) return { ok: false, problem: whoToNotify(command) };
      notifying = true;
      named = false;
      continue;
    }
    if (word === 'remind') {
      if (notifying && !named) return { ok: false, problem: whoToNotify(command) };
      notifying = false;
      const read = parseRemindEvery(tokens[i + 1] ?? '');
      if (!read.ok) return { ok: false, problem: remindProblem(tokens[i + 1]) };
      remindEveryMs = read.value;
      i += 1;
      continue;
    }
    const user = USER.exec(token)?.[1];
    const [, group, handle] = GROUP.exec(token) ?? [];
    if (notifying && user !== undefined) users.push(user);
    else if (notifying && group !== undefined) {
      groups.push(group);
      if (handle) groupHandles[group] = handle;
    } else if (notifying) return { ok: false, problem: notAPerson(token, command) };
    else
      return {
        ok: false,
        problem: `“${token.slice(0, 40)}” isn’t something a watch takes after its rule: add \`notify @someone\` or \`remind 20m\`.`,
      };
    named = true;
  }
  if (notifying && !named) return { ok: false, problem: whoToNotify(command) };
  // How many may be called is the policy's limit, checked with the form's (input.ts).
  const notify = { users: [...new Set(users)], groups: [...new Set(groups)] };
  return {
    ok: true,
    rule: args.slice(0, start),
    ...(users.length + groups.length > 0 ? { notify } : {}),
    ...(Object.keys(groupHandles).length > 0 ? { groupHandles } : {}),
    ...(remindEveryMs === undefined ? {} : { remindEveryMs }),
  };
}

function whoToNotify(command: string): string {
  return `Say who to notify after \`notify\`: type @ and pick people or a user group from Slack’s list, e.g. ${exampleCode(command, { example: 'watch idx-1 p99-query-latency > 250 notify @search-oncall' })}. Nothing was saved.`;
}

function notAPerson(token: string, command: string): string {
  const shown = token.slice(0, 40);
  if (shown.startsWith('@'))
    return `Slack didn’t recognise ${quoteUserText(shown)} as a person or user group, so opsbot can’t call them. Type @ and choose them from the list Slack shows as you type (${exampleCode(command, { example: 'watch … notify @…' })}), so the command carries who they are. Nothing was saved.`;
  if (shown.startsWith('<#') || shown.startsWith('#'))
    return 'notify takes people and user groups, not channels: the alert already goes to this channel. Nothing was saved.';
  return `${quoteUserText(shown)} isn’t a person or user group. After \`notify\`, type @ and choose them from Slack’s list. Nothing was saved.`;
}

function remindProblem(given: string | undefined): string {
  const hours = MAX_REMIND_MS / 3_600_000;
  return `\`remind\` takes a whole number of seconds, minutes or hours up to ${hours}h — like \`remind 20m\`, \`remind 2h\` — or \`remind never\`${given === undefined ? '' : `, not ${quoteUserText(given, 40)}`}. Nothing was saved.`;
}
