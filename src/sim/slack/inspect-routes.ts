// Windows into what the simulated Slack recorded, over HTTP, read-only, for a reader that does not
// hold the simulator object: the demo's transcript and its sandbox (`npm run slack`) read what each
// person would see from here.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson, sendText } from './http-io.ts';
import type { SimContext, SimState } from './state.ts';
import type { Args } from './types.ts';

/** One recorded Web API call (or response_url post), with who it reached where the call itself does not say. */
export type SimActivity = {
  index: number;
  method: string;
  ok: boolean;
  error?: string;
  at: number;
  args: Args;
  /** response_url: the command's or click's user and channel. views.*: whose modal. */
  user?: string;
  channel?: string;
};

export type SimFileInfo = {
  id: string;
  filename: string;
  title: string;
  alt_text?: string;
  channel?: string;
  size: number;
  isImage: boolean;
  completed: boolean;
};

export type SimActivityPage = {
  /** Pass as `since` next time. */
  next: number;
  calls: SimActivity[];
  /** user id -> the bot's DM channel with them. */
  dms: Record<string, string>;
  files: SimFileInfo[];
};

/**
 * Calls from `since` on. The call log does not say which response_url or trigger a call used, so
 * both are matched, in order, with the simulator's own records of what they reached.
 */
export function activitySince(state: SimState, since: number): SimActivityPage {
  const calls: SimActivity[] = [];
  let response = 0;
  let view = 0;
  const views = state.views.filter((v) => v.via !== 'response_action');
  state.calls.forEach((call, index) => {
    const entry: SimActivity = {
      index,
      method: call.method,
      ok: call.ok,
      at: call.at,
      args: call.args,
      ...(call.error === undefined ? {} : { error: call.error }),
    };
    if (call.method === 'response_url') {
      const candidate = state.responses[response];
      // A faulted post never reached the response_url code, so it has no record to pair with.
      if (candidate !== undefined && JSON.stringify(candidate.body) === JSON.stringify(call.args)) {
        response += 1;
        if (candidate.user !== undefined) entry.user = candidate.user;
        if (candidate.channel !== undefined) entry.channel = candidate.channel;
      }
    } else if (call.method.startsWith('views.') && call.ok) {
      const user = views[view]?.user;
      view += 1;
      if (user !== undefined) entry.user = user;
    }
    if (index >= since) calls.push(entry);
  });
  const files = [...state.files.values()].map((f) => ({
    id: f.id,
    filename: f.filename,
    title: f.title,
    size: f.bytes?.length ?? 0,
    isImage: f.isImage,
    completed: f.completed,
    ...(f.alt_text === undefined ? {} : { alt_text: f.alt_text }),
    ...(f.channel === undefined ? {} : { channel: f.channel }),
  }));
  return { next: state.calls.length, calls, dms: Object.fromEntries(state.dms), files };
}

/** Serves `/_sim/…`; answers 404 for anything else under that prefix. */
export function handleInspectRoute(
  ctx: SimContext,
  req: IncomingMessage,
  url: URL,
  _body: Buffer,
  res: ServerResponse,
): void {
  if (req.method === 'GET' && url.pathname === '/_sim/calls') {
    const since = Number(url.searchParams.get('since') ?? '0');
    sendJson(res, 200, activitySince(ctx.state, Number.isInteger(since) && since > 0 ? since : 0));
    return;
  }
  const file = /^\/_sim\/files\/([A-Z0-9]+)$/.exec(url.pathname);
  if (req.method === 'GET' && file) {
    const found = ctx.state.files.get(file[1] ?? '');
    if (found?.bytes === undefined) {
      sendText(res, 404, 'no such file');
      return;
    }
    res.writeHead(200, { 'content-type': found.mimetype, 'content-length': found.bytes.length });
    res.end(found.bytes);
    return;
  }
  sendText(res, 404, 'not found');
}
