// Channel membership in the simulated workspace: who is in each channel, and which are archived.
// Seeded from the `channels` option (and again on reset); a test changes it at any time through
// `sim.channels`, as a person joining or leaving would. A channel configured without `members` has
// every known user in it, so tests that never mention membership see everyone as a member.
import { type ApiBody, fail } from './api-support.ts';
import type { SimContext } from './state.ts';
import type { Args } from './types.ts';

export interface SimChannelInput {
  isPrivate?: boolean;
  botIsMember?: boolean;
  name?: string;
  isArchived?: boolean;
  /** Member user ids (the bot's membership is botIsMember); unset: every known user. */
  members?: string[];
  /** Shared with another organisation (Slack Connect): its team id. */
  sharedWith?: string;
}

/** The test's hand on channel membership; every change is seen by the next API call. */
export interface ChannelsControl {
  join(channel: string, user: string): void;
  leave(channel: string, user: string): void;
  archive(channel: string): void;
  /** Who is in the channel now (undefined: every known user, the channel wasn't configured with members). */
  members(channel: string): string[] | undefined;
}

export function seedChannels(ctx: SimContext): void {
  ctx.state.channels.clear();
  for (const [id, input] of Object.entries(ctx.opts.channels ?? {})) {
    ctx.state.channels.set(id, {
      ...(input.members ? { members: [...new Set(input.members)] } : {}),
      archived: input.isArchived ?? false,
    });
  }
}

export function createChannelsControl(ctx: SimContext): ChannelsControl {
  const entry = (channel: string) => {
    const found = ctx.state.channels.get(channel);
    if (!found) throw new Error(`no channel ${channel} in the simulator; configure it in \`channels\` first`);
    return found;
  };
  return {
    join(channel, user) {
      const found = entry(channel);
      found.members = [...new Set([...(found.members ?? everyone(ctx)), user])];
    },
    leave(channel, user) {
      const found = entry(channel);
      found.members = (found.members ?? everyone(ctx)).filter((u) => u !== user);
    },
    archive(channel) {
      entry(channel).archived = true;
    },
    members: (channel) => {
      const members = ctx.state.channels.get(channel)?.members;
      return members ? [...members] : undefined;
    },
  };
}

/** Every person the workspace knows, the bot excluded (its membership is `botIsMember`). */
function everyone(ctx: SimContext): string[] {
  return Object.keys(ctx.opts.users ?? {});
}

export type SimChannel = { id: string; config: SimChannelInput; members: string[]; archived: boolean };

/**
 * A channel as the bot token sees it: undefined when Slack would answer channel_not_found (unknown
 * when channels are configured, or private without the bot). Unconfigured simulators know every id.
 */
export function channelFor(ctx: SimContext, id: string): SimChannel | undefined {
  const config = ctx.opts.channels ? ctx.opts.channels[id] : {};
  if (!config || (config.isPrivate && config.botIsMember === false)) return undefined;
  const state = ctx.state.channels.get(id);
  const people = state?.members ?? everyone(ctx);
  const members = config.botIsMember === false ? people : [...people, ctx.opts.botUserId];
  return { id, config, members, archived: state?.archived ?? false };
}

/** Every configured channel the bot can see, in the order they were configured. */
export function visibleChannels(ctx: SimContext): SimChannel[] {
  return Object.keys(ctx.opts.channels ?? {})
    .map((id) => channelFor(ctx, id))
    .filter((c): c is SimChannel => c !== undefined);
}

/** Slack's conversation object for a channel (conversations.info, users.conversations). */
export function conversationObject(ctx: SimContext, channel: SimChannel): Args {
  const name = channel.config.name ?? channel.id.toLowerCase();
  const shared = channel.config.sharedWith;
  return {
    id: channel.id,
    name,
    name_normalized: name,
    is_channel: !channel.config.isPrivate,
    is_group: false,
    is_im: false,
    is_mpim: false,
    is_private: channel.config.isPrivate ?? false,
    is_archived: channel.archived,
    is_shared: shared !== undefined,
    is_ext_shared: shared !== undefined,
    shared_team_ids: shared ? [ctx.opts.teamId, shared] : [ctx.opts.teamId],
    context_team_id: ctx.opts.teamId,
  };
}

/**
 * One page of `items` as Slack pages collections: `limit` (default 100, 1..max) items from `cursor`,
 * and `response_metadata.next_cursor` (empty on the last page). The cursor is opaque base64 naming
 * the next item, like Slack's (`dXNlcjpVMDYxTkZUVDI=` is `user:U061NFTT2`).
 */
export function pageOf<T>(
  items: readonly T[],
  idOf: (item: T) => string,
  kind: string,
  args: Args,
  maxLimit: number,
): { page: T[]; next_cursor: string } | ApiBody {
  const limit = args.limit === undefined || args.limit === '' ? 100 : Number(args.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > maxLimit) return fail('invalid_limit');
  let start = 0;
  const cursor = typeof args.cursor === 'string' ? args.cursor : '';
  if (cursor !== '') {
    const [prefix, id] = Buffer.from(cursor, 'base64').toString('utf8').split(':');
    start = prefix === kind ? items.findIndex((item) => idOf(item) === id) : -1;
    if (start < 0) return fail('invalid_cursor');
  }
  const page = items.slice(start, start + limit);
  const next = items[start + limit];
  const nextCursor = next === undefined ? '' : Buffer.from(`${kind}:${idOf(next)}`).toString('base64');
  return { page, next_cursor: nextCursor };
}
