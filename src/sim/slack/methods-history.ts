// conversations.history as Slack answers it to a bot: the channel's top-level messages newest first
// (thread replies live in conversations.replies), `oldest`/`latest` bounds exclusive, `limit` (at
// most 999) and the `metadata` of each message only with include_all_metadata — which is how opsbot
// finds a post of its own whose answer it never got (src/slack/post-once.ts).
import { type ApiBody, bool, fail, firstMissing, resolveChannel, str } from './api-support.ts';
import { slackMessage } from './methods-chat.ts';
import type { SimContext } from './state.ts';
import type { Args } from './types.ts';

const HISTORY_MAX_LIMIT = 999;

function conversationsHistory(args: Args, ctx: SimContext): ApiBody {
  const absent = firstMissing(args, ['channel']);
  if (absent) return absent;
  const target = resolveChannel(ctx, str(args.channel) ?? '');
  if ('error' in target) return target.error;
  const limit = args.limit === undefined ? 100 : Number(args.limit);
  if (!Number.isInteger(limit) || limit < 1) return fail('invalid_limit');
  const oldest = Number(str(args.oldest) ?? '0');
  const latest = args.latest === undefined ? Number.POSITIVE_INFINITY : Number(str(args.latest));
  const withMetadata = bool(args.include_all_metadata) === true;
  const inRange = (ctx.state.messages.get(target.id) ?? [])
    .filter((m) => m.thread_ts === undefined || m.thread_ts === m.ts)
    .filter((m) => Number(m.ts) > oldest && Number(m.ts) < latest)
    .reverse();
  const page = inRange.slice(0, Math.min(limit, HISTORY_MAX_LIMIT));
  return {
    ok: true,
    messages: page.map((m) => {
      const { metadata, ...rest } = slackMessage(m);
      return withMetadata && metadata !== undefined ? { ...rest, metadata } : rest;
    }),
    has_more: inRange.length > page.length,
    response_metadata: { next_cursor: '' },
  };
}

export const historyMethods = { 'conversations.history': conversationsHistory } as const;
