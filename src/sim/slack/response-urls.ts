import { randomBytes } from 'node:crypto';
import { type ApiBody, blocksError, bool, fail, hasContent, str } from './api-support.ts';
import { findMessage, storeMessage, withBlockIds } from './methods-chat.ts';
import { asRecord } from './reference.ts';
import type { SimContext } from './state.ts';
import { TIMING } from './timing.ts';
import type { Args, ResponseUrlContext, SimResponse } from './types.ts';

/*
 * Error form (our choice, documented): Slack answers response_url misuse with a non-2xx status, which is
 * all Bolt's respond() looks at (it throws RespondError). We use the incoming-webhook conventions:
 * 404 for an unknown (no_service), expired (expired_url) or used-up (used_url) URL, 400 for a bad body
 * (invalid_payload, no_text, invalid_blocks with the same messages as chat.postMessage), and a JSON body
 * {ok:false,error} so tests can read the reason. Success is 200 {ok:true}.
 */

export function issueResponseUrl(ctx: SimContext, context: ResponseUrlContext = {}): string {
  const kind = context.messageTs ? 'actions' : 'commands';
  ctx.state.seq += 1;
  const path = `/${kind}/${ctx.opts.teamId}/${ctx.state.seq}/${randomBytes(12).toString('hex')}`;
  ctx.state.responseUrls.set(path, { issuedAt: ctx.now(), uses: 0, context });
  return `${ctx.baseUrl}${path}`;
}

export function isResponseUrlPath(path: string): boolean {
  return /^\/(commands|actions)\//.test(path);
}

function parse(raw: string): Args | undefined {
  try {
    return asRecord(JSON.parse(raw));
  } catch {
    return undefined;
  }
}

export function receiveResponse(
  ctx: SimContext,
  path: string,
  raw: string,
): { status: number; body: ApiBody } {
  const entry = ctx.state.responseUrls.get(path);
  const payload = parse(raw);
  const context = entry?.context ?? {};
  const answer = (status: number, body: ApiBody) => {
    record(ctx, path, status, body, payload ?? {}, context);
    return { status, body };
  };
  if (!entry) return answer(404, fail('no_service'));
  if (ctx.now() - entry.issuedAt > TIMING.responseUrlTtlMs) return answer(404, fail('expired_url'));
  if (entry.uses >= TIMING.responseUrlUses) return answer(404, fail('used_url'));
  if (!payload) return answer(400, fail('invalid_payload'));
  if (!bool(payload.delete_original)) {
    if (!hasContent(payload)) return answer(400, fail('no_text'));
    const invalid = payload.blocks === undefined ? undefined : blocksError(ctx, 'message', payload.blocks);
    if (invalid) return answer(400, invalid);
  }
  entry.uses += 1;
  deliver(ctx, payload, context);
  return answer(200, { ok: true });
}

function deliver(ctx: SimContext, payload: Args, context: ResponseUrlContext): void {
  const channel = context.channel ?? '';
  const original = context.messageTs;
  const text = str(payload.text) ?? '';
  const blocks = withBlockIds(ctx, payload.blocks);
  if (bool(payload.delete_original) && original) {
    if (context.isEphemeral) {
      ctx.state.ephemerals = ctx.state.ephemerals.filter(
        (e) => !(e.ts === original && e.user === context.user),
      );
    } else {
      const list = ctx.state.messages.get(channel) ?? [];
      ctx.state.messages.set(
        channel,
        list.filter((m) => m.ts !== original),
      );
    }
    return;
  }
  if (bool(payload.replace_original) && original) {
    const target = context.isEphemeral
      ? ctx.state.ephemerals.find((e) => e.ts === original && e.user === context.user)
      : findMessage(ctx, channel, original);
    if (target) {
      target.text = text;
      if (blocks) target.blocks = blocks;
      else delete target.blocks;
      if ('replaced' in target) target.replaced += 1;
      else target.edited = { user: ctx.opts.botUserId, ts: ctx.nextTs() };
      return;
    }
  }
  const threadTs = str(payload.thread_ts);
  const common = {
    ts: ctx.nextTs(),
    text,
    ...(blocks ? { blocks } : {}),
    ...(threadTs ? { thread_ts: threadTs } : {}),
  };
  if (payload.response_type === 'in_channel') {
    storeMessage(ctx, {
      type: 'message',
      channel,
      user: ctx.opts.botUserId,
      bot_id: ctx.opts.botId,
      via: 'response_url',
      ...common,
    });
  } else {
    ctx.state.ephemerals.push({
      channel,
      user: context.user ?? '',
      via: 'response_url',
      replaced: 0,
      ...common,
    });
  }
}

function record(
  ctx: SimContext,
  path: string,
  status: number,
  body: ApiBody,
  payload: Args,
  context: ResponseUrlContext,
): void {
  const response: SimResponse = {
    url: `${ctx.baseUrl}${path}`,
    at: ctx.now(),
    ok: body.ok,
    status,
    body: payload,
    ...(body.error ? { error: body.error } : {}),
    ...(context.channel ? { channel: context.channel } : {}),
    ...(context.user ? { user: context.user } : {}),
  };
  for (const key of ['response_type', 'text'] as const) {
    const value = str(payload[key]);
    if (value !== undefined) response[key] = value;
  }
  if (payload.replace_original !== undefined) response.replace_original = bool(payload.replace_original);
  if (payload.delete_original !== undefined) response.delete_original = bool(payload.delete_original);
  if (Array.isArray(payload.blocks)) response.blocks = payload.blocks;
  ctx.state.responses.push(response);
}
