import {
  type ApiBody,
  blocksError,
  fail,
  firstMissing,
  hasContent,
  knownUser,
  resolveChannel,
  str,
} from './api-support.ts';
import { LIMITS } from './block-kit-limits.ts';
import { asRecord } from './reference.ts';
import type { SimContext } from './state.ts';
import type { Args, SimMessage } from './types.ts';

/** Slack gives blocks without a block_id one of its own; clicks then carry it back. */
export function withBlockIds(ctx: SimContext, blocks: unknown): unknown[] | undefined {
  if (!Array.isArray(blocks)) return undefined;
  return blocks.map((b) => {
    const block = asRecord(b);
    return block && block.block_id === undefined ? { ...block, block_id: ctx.nextId('sim') } : b;
  });
}

function truncated(text: string): { text: string; warning?: ApiBody } {
  if (text.length <= LIMITS.messageTextTruncateAt) return { text };
  return {
    text: text.slice(0, LIMITS.messageTextTruncateAt),
    warning: {
      ok: true,
      warning: 'message_truncated',
      response_metadata: {
        warnings: ['message_truncated'],
        messages: [
          `[WARN] Your message was truncated but still posted. The \`text\` field accepts up to ${LIMITS.messageTextTruncateAt.toLocaleString('en-US')} characters.`,
        ],
      },
    },
  };
}

export function storeMessage(ctx: SimContext, message: SimMessage): void {
  const list = ctx.state.messages.get(message.channel) ?? [];
  list.push(message);
  ctx.state.messages.set(message.channel, list);
}

export function findMessage(ctx: SimContext, channel: string, ts: string): SimMessage | undefined {
  return ctx.state.messages.get(channel)?.find((m) => m.ts === ts);
}

/** The message object Slack returns (and puts in block_actions payloads): no simulator-only fields. */
export function slackMessage(message: SimMessage): Args {
  const { via: _via, channel: _channel, ...rest } = message;
  return rest;
}

function postMessage(args: Args, ctx: SimContext): ApiBody {
  const absent = firstMissing(args, ['channel']);
  if (absent) return absent;
  const target = resolveChannel(ctx, str(args.channel) ?? '');
  if ('error' in target) return target.error;
  if (!hasContent(args)) return fail('no_text');
  const invalid = args.blocks === undefined ? undefined : blocksError(ctx, 'message', args.blocks);
  if (invalid) return invalid;
  const { text, warning } = truncated(str(args.text) ?? '');
  const message: SimMessage = {
    type: 'message',
    channel: target.id,
    ts: ctx.nextTs(),
    text,
    user: ctx.opts.botUserId,
    bot_id: ctx.opts.botId,
    via: 'chat.postMessage',
  };
  const blocks = withBlockIds(ctx, args.blocks);
  if (blocks) message.blocks = blocks;
  if (Array.isArray(args.attachments)) message.attachments = args.attachments;
  const threadTs = str(args.thread_ts);
  if (threadTs) message.thread_ts = threadTs;
  if (args.metadata !== undefined) message.metadata = args.metadata;
  storeMessage(ctx, message);
  return { ...warning, ok: true, channel: target.id, ts: message.ts, message: slackMessage(message) };
}

function postEphemeral(args: Args, ctx: SimContext): ApiBody {
  const absent = firstMissing(args, ['channel', 'user']);
  if (absent) return absent;
  const target = resolveChannel(ctx, str(args.channel) ?? '');
  if ('error' in target) return target.error;
  const user = str(args.user) ?? '';
  if (!knownUser(ctx, user)) return fail('user_not_in_channel');
  if (!hasContent(args)) return fail('no_text');
  const invalid = args.blocks === undefined ? undefined : blocksError(ctx, 'message', args.blocks);
  if (invalid) return invalid;
  const ts = ctx.nextTs();
  const blocks = withBlockIds(ctx, args.blocks);
  const threadTs = str(args.thread_ts);
  ctx.state.ephemerals.push({
    channel: target.id,
    user,
    ts,
    text: truncated(str(args.text) ?? '').text,
    ...(blocks ? { blocks } : {}),
    ...(threadTs ? { thread_ts: threadTs } : {}),
    via: 'chat.postEphemeral',
    replaced: 0,
  });
  return { ok: true, message_ts: ts };
}

function update(args: Args, ctx: SimContext): ApiBody {
  const absent = firstMissing(args, ['channel', 'ts']);
  if (absent) return absent;
  const target = resolveChannel(ctx, str(args.channel) ?? '');
  if ('error' in target) return target.error;
  const message = findMessage(ctx, target.id, str(args.ts) ?? '');
  if (!message) return fail('message_not_found');
  if (!hasContent(args)) return fail('no_text');
  const invalid = args.blocks === undefined ? undefined : blocksError(ctx, 'message', args.blocks);
  if (invalid) return invalid;
  // Like Slack, fields left out keep their previous value.
  if (args.text !== undefined) message.text = truncated(str(args.text) ?? '').text;
  const blocks = withBlockIds(ctx, args.blocks);
  if (blocks) message.blocks = blocks;
  if (Array.isArray(args.attachments)) message.attachments = args.attachments;
  message.edited = { user: ctx.opts.botUserId, ts: ctx.nextTs() };
  return {
    ok: true,
    channel: target.id,
    ts: message.ts,
    text: message.text,
    message: slackMessage(message),
  };
}

function getPermalink(args: Args, ctx: SimContext): ApiBody {
  const absent = firstMissing(args, ['channel', 'message_ts']);
  if (absent) return absent;
  const channel = str(args.channel) ?? '';
  const ts = str(args.message_ts) ?? '';
  if (!findMessage(ctx, channel, ts))
    return fail(ctx.state.messages.has(channel) ? 'message_not_found' : 'channel_not_found');
  return {
    ok: true,
    channel,
    permalink: `https://opsbot-sim.slack.com/archives/${channel}/p${ts.replace('.', '')}`,
  };
}

function authTest(_args: Args, ctx: SimContext): ApiBody {
  return {
    ok: true,
    url: 'https://opsbot-sim.slack.com/',
    team: 'Opsbot Simulator',
    user: 'opsbot',
    team_id: ctx.opts.teamId,
    user_id: ctx.opts.botUserId,
    bot_id: ctx.opts.botId,
    is_enterprise_install: false,
  };
}

export const chatMethods = {
  'auth.test': authTest,
  'chat.postMessage': postMessage,
  'chat.postEphemeral': postEphemeral,
  'chat.update': update,
  'chat.getPermalink': getPermalink,
} as const;
