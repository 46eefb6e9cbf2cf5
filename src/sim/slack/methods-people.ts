import { type ApiBody, bool, dmFor, fail, firstMissing, knownUser, str } from './api-support.ts';
import type { SimContext } from './state.ts';
import type { Args } from './types.ts';

function offsetPart(tz: string, atMs: number, style: 'longOffset' | 'long'): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: tz, timeZoneName: style }).formatToParts(atMs);
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? '';
}

/** Seconds east of UTC at `atMs` (users.info `tz_offset`), DST included. */
export function tzOffsetSeconds(tz: string, atMs: number): number {
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(offsetPart(tz, atMs, 'longOffset'));
  if (!match) return 0;
  const seconds = Number(match[2]) * 3600 + Number(match[3]) * 60;
  return match[1] === '-' ? -seconds : seconds;
}

function usersInfo(args: Args, ctx: SimContext): ApiBody {
  const absent = firstMissing(args, ['user']);
  if (absent) return absent;
  const id = str(args.user) ?? '';
  if (!knownUser(ctx, id)) return fail('user_not_found');
  const config = ctx.opts.users?.[id];
  const tz = config?.tz ?? 'UTC';
  const name = config?.name ?? id.toLowerCase();
  return {
    ok: true,
    user: {
      id,
      team_id: config?.teamId ?? ctx.opts.teamId,
      name,
      real_name: name,
      deleted: ctx.state.deactivated.has(id),
      is_bot: false,
      is_app_user: false,
      tz,
      tz_label: offsetPart(tz, ctx.now(), 'long'),
      tz_offset: tzOffsetSeconds(tz, ctx.now()),
      profile: { real_name: name, display_name: name, team: config?.teamId ?? ctx.opts.teamId },
      updated: Math.floor(ctx.now() / 1000),
    },
  };
}

function conversationsOpen(args: Args, ctx: SimContext): ApiBody {
  const users = (str(args.users) ?? '').split(',').filter(Boolean);
  if (users.length === 0) {
    const channel = str(args.channel);
    return channel ? { ok: true, channel: { id: channel } } : fail('users_list_not_supplied');
  }
  const unknown = users.find((u) => !knownUser(ctx, u));
  if (unknown) return fail('user_not_found');
  // Multi-person DMs are not used by opsbot; treat the group as one conversation keyed by its members.
  const id = users.length === 1 ? dmFor(ctx, users[0] ?? '') : dmFor(ctx, users.sort().join(','));
  if (!bool(args.return_im)) return { ok: true, channel: { id } };
  return {
    ok: true,
    no_op: true,
    already_open: true,
    channel: {
      id,
      created: Math.floor(ctx.now() / 1000),
      is_im: users.length === 1,
      user: users[0],
      is_open: true,
    },
  };
}

export const peopleMethods = {
  'users.info': usersInfo,
  'conversations.open': conversationsOpen,
} as const;
