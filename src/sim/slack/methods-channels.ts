// What the bot token may learn about channels: conversations.info (Tier 3), conversations.list
// (Tier 2), conversations.members (Tier 4) and users.conversations (Tier 3), with Slack's paging
// (cursor, limit, next_cursor) and errors (channel_not_found, user_not_found, invalid_limit,
// invalid_cursor, invalid_types). As in Slack, both lists show private channels only where the bot
// is a member too.
import { type ApiBody, bool, fail, firstMissing, knownUser, str } from './api-support.ts';
import { channelFor, conversationObject, pageOf, type SimChannel, visibleChannels } from './channels.ts';
import type { SimContext } from './state.ts';
import type { Args } from './types.ts';

// conversations.members documents no maximum; users.conversations says "max value of 999",
// conversations.list "no larger than 1000".
const MEMBERS_MAX_LIMIT = 1000;
const CONVERSATIONS_MAX_LIMIT = 999;
const LIST_MAX_LIMIT = 1000;
const TYPES = new Set(['public_channel', 'private_channel', 'mpim', 'im']);

function dmUser(ctx: SimContext, id: string): string | undefined {
  return [...ctx.state.dms.entries()].find(([, dm]) => dm === id)?.[0];
}

function conversationsInfo(args: Args, ctx: SimContext): ApiBody {
  const absent = firstMissing(args, ['channel']);
  if (absent) return absent;
  const id = str(args.channel) ?? '';
  const user = dmUser(ctx, id);
  if (user) return { ok: true, channel: { id, is_im: true, user, is_open: true } };
  const channel = channelFor(ctx, id);
  if (!channel) return fail('channel_not_found');
  return {
    ok: true,
    channel: { ...conversationObject(ctx, channel), is_member: channel.config.botIsMember !== false },
  };
}

function conversationsMembers(args: Args, ctx: SimContext): ApiBody {
  const absent = firstMissing(args, ['channel']);
  if (absent) return absent;
  const id = str(args.channel) ?? '';
  const user = dmUser(ctx, id);
  const members = user ? [user, ctx.opts.botUserId] : channelFor(ctx, id)?.members;
  if (!members) return fail('channel_not_found');
  const paged = pageOf(members, (m) => m, 'user', args, MEMBERS_MAX_LIMIT);
  if ('ok' in paged) return paged;
  return { ok: true, members: paged.page, response_metadata: { next_cursor: paged.next_cursor } };
}

/** The types a list asks for (Slack's default: public channels), or undefined for one it doesn't know. */
function typesOf(args: Args): string[] | undefined {
  const types = (str(args.types) || 'public_channel').split(',').map((t) => t.trim());
  return types.every((t) => TYPES.has(t)) ? types : undefined;
}

const typeOf = (c: SimChannel) => (c.config.isPrivate ? 'private_channel' : 'public_channel');

function conversationsList(args: Args, ctx: SimContext): ApiBody {
  const types = typesOf(args);
  if (!types) return fail('invalid_types');
  const channels = visibleChannels(ctx).filter(
    (c) => types.includes(typeOf(c)) && !(bool(args.exclude_archived) && c.archived),
  );
  const paged = pageOf(channels, (c) => c.id, 'channel', args, LIST_MAX_LIMIT);
  if ('ok' in paged) return paged;
  return {
    ok: true,
    channels: paged.page.map((c) => ({
      ...conversationObject(ctx, c),
      is_member: c.config.botIsMember !== false,
    })),
    response_metadata: { next_cursor: paged.next_cursor },
  };
}

function usersConversations(args: Args, ctx: SimContext): ApiBody {
  const user = str(args.user) || ctx.opts.botUserId;
  if (!knownUser(ctx, user)) return fail('user_not_found');
  const types = typesOf(args);
  if (!types) return fail('invalid_types');
  const channels = visibleChannels(ctx).filter(
    (c) =>
      c.members.includes(user) && types.includes(typeOf(c)) && !(bool(args.exclude_archived) && c.archived),
  );
  const paged = pageOf(channels, (c) => c.id, 'channel', args, CONVERSATIONS_MAX_LIMIT);
  if ('ok' in paged) return paged;
  return {
    ok: true,
    // Slack leaves is_member and num_members out of this method's conversation objects.
    channels: paged.page.map((c) => conversationObject(ctx, c)),
    response_metadata: { next_cursor: paged.next_cursor },
  };
}

export const channelMethods = {
  'conversations.info': conversationsInfo,
  'conversations.list': conversationsList,
  'conversations.members': conversationsMembers,
  'users.conversations': usersConversations,
} as const;
