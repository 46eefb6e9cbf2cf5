// The text of a slash command as Slack sends it when the command has `should_escape: true`: a name
// Slack resolves becomes an escaped reference — `<@U123|alice>` for a person, `<!subteam^S123|@ops>`
// for a user group, `<#C123|general>` for a channel, `<!here>`/`<!channel>`/`<!everyone>` — and a
// name it can't resolve stays plain text, exactly as typed. `&`, `<` and `>` arrive as HTML entities,
// as in every text Slack hands to apps, so a typed "<" can't be mistaken for a reference.
import type { SimContext } from './state.ts';

const SPECIAL = new Set(['here', 'channel', 'everyone']);

function htmlEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function userByName(ctx: SimContext, name: string): string | undefined {
  const users = ctx.opts.users ?? {};
  return Object.entries(users).find(([id, u]) => (u.name ?? id.toLowerCase()) === name)?.[0];
}

function channelByName(ctx: SimContext, name: string): string | undefined {
  const channels = ctx.opts.channels ?? {};
  return Object.entries(channels).find(([id, c]) => (c.name ?? id.toLowerCase()) === name)?.[0];
}

function mention(ctx: SimContext, name: string): string | undefined {
  const lower = name.toLowerCase();
  if (SPECIAL.has(lower)) return `<!${lower}>`;
  const group = [...ctx.state.userGroups.values()].find((g) => g.handle === lower && g.dateDelete === 0);
  if (group) return `<!subteam^${group.id}|@${group.handle}>`;
  const user = userByName(ctx, name);
  return user ? `<@${user}|${name}>` : undefined;
}

/** `@name` / `#name` (after a start or a space) as Slack escapes them for this workspace. */
export function escapeCommandText(ctx: SimContext, text: string): string {
  // A name may end with "." or "-" in prose ("ping @alice."); try the longest match first, then trim.
  return htmlEscape(text).replace(
    /(^|\s)([@#])([\w.-]+)/g,
    (whole, before: string, sigil: string, raw: string) => {
      for (let name = raw; name.length > 0; name = name.slice(0, -1)) {
        const ref = sigil === '@' ? mention(ctx, name) : channelRef(ctx, name);
        if (ref) return `${before}${ref}${raw.slice(name.length)}`;
        if (!/[.-]$/.test(name)) break;
      }
      return whole;
    },
  );
}

function channelRef(ctx: SimContext, name: string): string | undefined {
  const id = channelByName(ctx, name);
  return id ? `<#${id}|${name}>` : undefined;
}
