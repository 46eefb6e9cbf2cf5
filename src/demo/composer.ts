// What Slack's message composer does to `@name` and `#channel` before a slash command reaches the
// app (the command has `should_escape: true`): a name the workspace knows becomes a reference
// (`<@U…|approver>`, `<!subteam^S…|@ops-approvers>`, `<#C…|team-ops>`), and `&`, `<`, `>` arrive as
// entities. Names are the demo workspace's (people.ts). Where Slack would leave an unknown name as
// plain text, the sandbox stops and lists the names it knows: a typo there is the sandbox's, not opsbot's.
import { DEMO_CHANNELS, DEMO_GROUPS, DEMO_USERS } from './people.ts';

export type Composed = { ok: true; text: string } | { ok: false; sentence: string };

const SPECIAL = new Set(['here', 'channel', 'everyone']);
/** A reference typed as Slack writes it (`<@U0APPROVER>`): passed on untouched, for those who know them. */
const RAW_REFERENCE = /(<(?:@[UW][A-Z0-9]+|#C[A-Z0-9]+|!subteam\^S[A-Z0-9]+)(?:\|[^>]*)?>)/;

const idOf = (names: Record<string, string>, name: string) =>
  Object.entries(names).find(([, known]) => known === name.toLowerCase())?.[0];

/** `<@U…|name>`, `<!subteam^S…|@name>`, `<!here>`, or undefined for a name nobody has. */
export function mentionOf(name: string): string | undefined {
  if (SPECIAL.has(name.toLowerCase())) return `<!${name.toLowerCase()}>`;
  const group = idOf(DEMO_GROUPS, name);
  if (group !== undefined) return `<!subteam^${group}|@${DEMO_GROUPS[group]}>`;
  const user = idOf(DEMO_USERS, name);
  return user === undefined ? undefined : `<@${user}|${DEMO_USERS[user]}>`;
}

export function channelRefOf(name: string): string | undefined {
  const id = idOf(DEMO_CHANNELS, name);
  return id === undefined ? undefined : `<#${id}|${DEMO_CHANNELS[id]}>`;
}

/** The user id for `@approver`, `approver` or `U0APPROVER`; undefined when nobody has that name. */
export function personId(word: string): string | undefined {
  const bare = word.replace(/^@/, '');
  if (bare in DEMO_USERS) return bare;
  return idOf(DEMO_USERS, bare);
}

/** The channel id for `#team-ops`, `team-ops` or `C0TEAMOPS` (any C… id: the simulator takes them all). */
export function channelId(word: string): string | undefined {
  const bare = word.replace(/^#/, '');
  if (/^[CGD][A-Z0-9]{2,}$/.test(bare)) return bare;
  return idOf(DEMO_CHANNELS, bare);
}

export function knownPeople(): string {
  const people = Object.values(DEMO_USERS).filter((name) => name !== 'opsbot');
  return [...people, ...Object.values(DEMO_GROUPS)].map((name) => `@${name}`).join(', ');
}

export function knownChannels(): string {
  return Object.values(DEMO_CHANNELS)
    .map((name) => `#${name}`)
    .join(', ');
}

/** The command text as opsbot receives it, or the sentence naming what isn't in the workspace. */
export function compose(typed: string): Composed {
  const unknown: string[] = [];
  const escapeNames = (segment: string) =>
    segment
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/(^|\s)([@#])([\w.-]+)/g, (whole, before: string, sigil: string, raw: string) => {
        // "ping @approver." — the longest known name wins, trailing punctuation stays text.
        for (let name = raw; name.length > 0; name = name.slice(0, -1)) {
          const ref = sigil === '@' ? mentionOf(name) : channelRefOf(name);
          if (ref !== undefined) return `${before}${ref}${raw.slice(name.length)}`;
          if (!/[.-]$/.test(name)) break;
        }
        unknown.push(`${sigil}${raw}`);
        return whole;
      });
  // split() with a capture: references typed as Slack writes them sit at the odd places, kept as they are.
  const escaped = typed
    .split(RAW_REFERENCE)
    .map((part, i) => (i % 2 === 1 ? part : escapeNames(part)))
    .join('');
  if (unknown.length === 0) return { ok: true, text: escaped };
  const people = unknown.filter((u) => u.startsWith('@'));
  const channels = unknown.filter((u) => u.startsWith('#'));
  const parts = [
    people.length > 0 ? `${people.join(', ')} isn't anyone here (people: ${knownPeople()})` : '',
    channels.length > 0 ? `${channels.join(', ')} isn't a channel here (channels: ${knownChannels()})` : '',
  ].filter((p) => p !== '');
  return { ok: false, sentence: `${parts.join('; ')}. Nothing was sent.` };
}
