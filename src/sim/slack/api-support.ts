import { type BlockKitSurface, findBlockKitViolations } from './block-kit-checks.ts';
import { asRecord } from './reference.ts';
import type { SimContext } from './state.ts';
import type { Args } from './types.ts';

export type ApiBody = Args & { ok: boolean; error?: string };

export function fail(error: string, messages?: string[]): ApiBody {
  return messages ? { ok: false, error, response_metadata: { messages } } : { ok: false, error };
}

/** Slack's generic answer for a missing required argument. */
export function missing(field: string): ApiBody {
  return fail('invalid_arguments', [`[ERROR] missing required field: ${field}`]);
}

export function firstMissing(args: Args, fields: string[]): ApiBody | undefined {
  const absent = fields.find((f) => args[f] === undefined || args[f] === '');
  return absent === undefined ? undefined : missing(absent);
}

export function str(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/** Form bodies carry booleans as "true"/"1"; JSON bodies as booleans. */
export function bool(value: unknown): boolean {
  return value === true || value === 'true' || value === '1' || value === 1;
}

export function dmFor(ctx: SimContext, user: string): string {
  let id = ctx.state.dms.get(user);
  if (!id) {
    id = ctx.nextId('D');
    ctx.state.dms.set(user, id);
  }
  return id;
}

function isDm(ctx: SimContext, channel: string): boolean {
  return [...ctx.state.dms.values()].includes(channel);
}

export function knownUser(ctx: SimContext, user: string): boolean {
  return !ctx.opts.users || user in ctx.opts.users || user === ctx.opts.botUserId;
}

/**
 * Resolves the `channel` argument the way Slack does for a bot token: a user id posts to the DM,
 * an unknown channel (when channels are configured) is channel_not_found, a private channel the bot
 * is not in is invisible (channel_not_found), a public one answers not_in_channel.
 */
export function resolveChannel(ctx: SimContext, channel: string): { id: string } | { error: ApiBody } {
  if (/^[UW][A-Z0-9]+$/.test(channel)) {
    return knownUser(ctx, channel) ? { id: dmFor(ctx, channel) } : { error: fail('channel_not_found') };
  }
  if (isDm(ctx, channel) || !ctx.opts.channels) return { id: channel };
  const config = ctx.opts.channels[channel];
  if (!config) return { error: fail('channel_not_found') };
  if (config.botIsMember === false) {
    return { error: fail(config.isPrivate ? 'channel_not_found' : 'not_in_channel') };
  }
  return { id: channel };
}

/** Runs the Block Kit checks with the simulator's files and injected "still processing" failures. */
export function blocksError(
  ctx: SimContext,
  surface: BlockKitSurface,
  blocks: unknown,
  view?: unknown,
): ApiBody | undefined {
  const processing = surface === 'message' ? pendingSlackFileFailure(ctx, blocks) : undefined;
  if (processing) return invalidBlocks([processing]);
  const violations = findBlockKitViolations(surface, blocks, view, {
    resolveFile: (ref) => {
      const file = ref.id
        ? ctx.state.files.get(ref.id)
        : [...ctx.state.files.values()].find((f) => ref.url?.endsWith(`/${f.id}/${f.filename}`));
      return file?.completed ? { isImage: file.isImage } : undefined;
    },
  });
  if (violations.length === 0) return undefined;
  const reasons = violations.map((v) => `${v.reason} [json-pointer:${v.pointer}]`);
  if (violations.every((v) => v.code === 'msg_blocks_too_long')) {
    return {
      ...fail(
        'msg_blocks_too_long',
        reasons.map((r) => `[ERROR] ${r}`),
      ),
      errors: reasons,
    };
  }
  return invalidBlocks(reasons);
}

export function invalidBlocks(reasons: string[]): ApiBody {
  return {
    ...fail(
      'invalid_blocks',
      reasons.map((r) => `[ERROR] ${r}`),
    ),
    errors: reasons,
  };
}

function pendingSlackFileFailure(ctx: SimContext, blocks: unknown): string | undefined {
  if (ctx.state.slackFileFailures <= 0 || !Array.isArray(blocks)) return undefined;
  const index = blocks.findIndex((b) => {
    const block = asRecord(b);
    const id = asRecord(block?.slack_file)?.id;
    return block?.type === 'image' && typeof id === 'string' && ctx.state.files.has(id);
  });
  if (index < 0) return undefined;
  ctx.state.slackFileFailures -= 1;
  return `invalid slack file [json-pointer:/blocks/${index}/slack_file]`;
}

/** Slack answers `no_text` when a message has neither text, blocks nor attachments. */
export function hasContent(args: Args): boolean {
  const text = str(args.text);
  return (
    (text !== undefined && text !== '') ||
    (Array.isArray(args.blocks) && args.blocks.length > 0) ||
    (Array.isArray(args.attachments) && args.attachments.length > 0)
  );
}
