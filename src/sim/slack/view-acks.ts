import { LIMITS } from './block-kit-limits.ts';
import { buildView, recordView, stackOf, viewError } from './methods-views.ts';
import { asRecord } from './reference.ts';
import type { SimContext } from './state.ts';

type AckResult = { ok: boolean; errors?: string[] };

function problems(body: { error?: string; response_metadata?: unknown }): string[] {
  const messages = asRecord(body.response_metadata)?.messages;
  return Array.isArray(messages) ? messages.map(String) : [String(body.error)];
}

/**
 * What Slack does with the HTTP answer to a view_submission (or a view_closed): an empty ack closes
 * the submitted view, `clear` closes the stack, `update`/`push` swap in a new view (validated like
 * views.update/views.push), `errors` keeps the view open and must name input blocks of that view.
 */
export function applyViewAck(ctx: SimContext, user: string, viewId: string, ack: unknown): AckResult {
  const stack = stackOf(ctx, user);
  const current = ctx.state.liveViews.get(viewId);
  const body = asRecord(ack) ?? {};
  const action = body.response_action;
  if (action === undefined || action === 'clear') {
    const at = stack.indexOf(viewId);
    if (action === 'clear' || current?.clear_on_close === true) stack.length = 0;
    else if (at >= 0) stack.length = at;
    return { ok: true };
  }
  if (action === 'errors') {
    const inputs = new Set(
      (current?.blocks ?? [])
        .map((b) => asRecord(b))
        .filter((b) => b?.type === 'input')
        .map((b) => b?.block_id),
    );
    const keys = Object.keys(asRecord(body.errors) ?? {});
    const unknown = keys.filter((k) => !inputs.has(k));
    if (keys.length === 0) return { ok: false, errors: ['response_action errors needs an errors object'] };
    return unknown.length
      ? { ok: false, errors: unknown.map((k) => `errors names no input block: ${k}`) }
      : { ok: true };
  }
  if (action !== 'update' && action !== 'push')
    return { ok: false, errors: [`unknown response_action: ${String(action)}`] };
  const invalid = viewError(ctx, body.view, 'modal');
  if (invalid) return { ok: false, errors: problems(invalid) };
  const input = asRecord(body.view) ?? {};
  if (action === 'push') {
    if (stack.length >= LIMITS.viewStackDepth) return { ok: false, errors: ['push_limit_reached'] };
    const view = buildView(ctx, input, ctx.nextId('V'), stack);
    stack.push(view.id);
    recordView(ctx, 'response_action', view, user);
    return { ok: true };
  }
  if (!current) return { ok: false, errors: ['not_found'] };
  const view = {
    ...buildView(ctx, input, current.id, []),
    root_view_id: current.root_view_id,
    previous_view_id: current.previous_view_id,
  };
  recordView(ctx, 'response_action', view, user);
  return { ok: true };
}
