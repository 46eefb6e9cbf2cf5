import { randomBytes } from 'node:crypto';
import { type ApiBody, blocksError, bool, fail, firstMissing, missing, str } from './api-support.ts';
import { LIMITS } from './block-kit-limits.ts';
import { withBlockIds } from './methods-chat.ts';
import { asRecord } from './reference.ts';
import type { SimContext } from './state.ts';
import { exchangeTrigger } from './triggers.ts';
import type { Args, RecordedView, SimView } from './types.ts';

const MAX_VIEW_BYTES = 250 * 1024; // block-kit-limits.json view.payload.max_bytes "250 kB"

/** Validates a view argument; returns Slack's error body, or undefined when it would be accepted. */
export function viewError(ctx: SimContext, view: unknown, surface: 'modal' | 'home'): ApiBody | undefined {
  const input = asRecord(view);
  if (!input) return missing('view');
  if (JSON.stringify(input).length > MAX_VIEW_BYTES) return fail('view_too_large');
  const external = str(input.external_id);
  if (external && [...ctx.state.liveViews.values()].some((v) => v.external_id === external)) {
    return fail('duplicate_external_id');
  }
  return blocksError(ctx, surface, input.blocks, input);
}

export function buildView(ctx: SimContext, input: Args, id: string, stack: string[]): SimView {
  return {
    ...input,
    id,
    team_id: ctx.opts.teamId,
    type: str(input.type) ?? 'modal',
    blocks: withBlockIds(ctx, input.blocks) ?? [],
    callback_id: str(input.callback_id) ?? '',
    private_metadata: str(input.private_metadata) ?? '',
    external_id: str(input.external_id) ?? '',
    state: { values: {} },
    hash: `${Math.floor(ctx.now() / 1000)}.${randomBytes(4).toString('hex')}`,
    clear_on_close: bool(input.clear_on_close),
    notify_on_close: bool(input.notify_on_close),
    root_view_id: stack[0] ?? id,
    previous_view_id: stack.at(-1) ?? null,
    app_id: ctx.opts.appId,
    app_installed_team_id: ctx.opts.teamId,
    bot_id: ctx.opts.botId,
  };
}

export function recordView(ctx: SimContext, via: RecordedView['via'], view: SimView, user: string): void {
  ctx.state.liveViews.set(view.id, view);
  ctx.state.views.push({ via, view: structuredClone(view), at: ctx.now(), ...(user ? { user } : {}) });
}

export function stackOf(ctx: SimContext, user: string): string[] {
  let stack = ctx.state.stacks.get(user);
  if (!stack) {
    stack = [];
    ctx.state.stacks.set(user, stack);
  }
  return stack;
}

function openOrPush(args: Args, ctx: SimContext, method: 'views.open' | 'views.push'): ApiBody {
  const trigger = str(args.trigger_id) ?? str(args.interactivity_pointer);
  if (!trigger) return missing('trigger_id');
  const absent = firstMissing(args, ['view']);
  if (absent) return absent;
  const invalid = viewError(ctx, args.view, 'modal');
  if (invalid) return invalid;
  const exchanged = exchangeTrigger(ctx, trigger);
  if ('error' in exchanged) return exchanged.error;
  const stack = stackOf(ctx, exchanged.user);
  if (method === 'views.open') stack.length = 0;
  else if (stack.length === 0) return fail('not_found');
  else if (stack.length >= LIMITS.viewStackDepth) return fail('push_limit_reached');
  const view = buildView(ctx, asRecord(args.view) ?? {}, ctx.nextId('V'), stack);
  stack.push(view.id);
  recordView(ctx, method, view, exchanged.user);
  return { ok: true, view };
}

function update(args: Args, ctx: SimContext): ApiBody {
  const absent = firstMissing(args, ['view']);
  if (absent) return absent;
  const viewId = str(args.view_id);
  const externalId = str(args.external_id);
  if (!viewId && !externalId) return missing('view_id');
  const current = viewId
    ? ctx.state.liveViews.get(viewId)
    : [...ctx.state.liveViews.values()].find((v) => v.external_id === externalId);
  if (!current) return fail('not_found');
  const hash = str(args.hash);
  if (hash && hash !== current.hash) return fail('hash_conflict');
  const input = asRecord(args.view) ?? {};
  const others = {
    ...input,
    external_id: input.external_id === current.external_id ? undefined : input.external_id,
  };
  const invalid = viewError(ctx, others, current.type === 'home' ? 'home' : 'modal');
  if (invalid) return invalid;
  const view: SimView = {
    ...buildView(ctx, input, current.id, []),
    root_view_id: current.root_view_id,
    previous_view_id: current.previous_view_id,
  };
  const user = ctx.state.views.findLast((v) => v.view.id === current.id)?.user ?? '';
  recordView(ctx, 'views.update', view, user);
  return { ok: true, view };
}

function publish(args: Args, ctx: SimContext): ApiBody {
  const absent = firstMissing(args, ['user_id', 'view']);
  if (absent) return absent;
  const user = str(args.user_id) ?? '';
  const invalid = viewError(ctx, args.view, 'home');
  if (invalid) return invalid;
  const existing = ctx.state.views.findLast((v) => v.via === 'views.publish' && v.user === user);
  const view = buildView(ctx, asRecord(args.view) ?? {}, existing?.view.id ?? ctx.nextId('V'), []);
  recordView(ctx, 'views.publish', view, user);
  return { ok: true, view };
}

export const viewMethods = {
  'views.open': (args: Args, ctx: SimContext) => openOrPush(args, ctx, 'views.open'),
  'views.push': (args: Args, ctx: SimContext) => openOrPush(args, ctx, 'views.push'),
  'views.update': update,
  'views.publish': publish,
} as const;
