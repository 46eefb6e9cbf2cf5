import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { type ApiBody, fail } from './api-support.ts';
import type { FaultBook } from './faults.ts';
import { receiveUpload } from './files.ts';
import { isWorkflowToken } from './function-executions.ts';
import { parseApiArgs, readBody, redactHeaders, sendJson, sendText } from './http-io.ts';
import { handleInspectRoute } from './inspect-routes.ts';
import { METHODS } from './methods.ts';
import type { RateLimiter } from './rate-limits.ts';
import { isResponseUrlPath, receiveResponse } from './response-urls.ts';
import type { SimContext } from './state.ts';
import type { Args } from './types.ts';

interface Deps {
  ctx: SimContext;
  faults: FaultBook;
  limiter: RateLimiter;
  /** A fresh Socket Mode URL (apps.connections.open). */
  openSocketUrl: () => string;
}

type Answer = { status: number; body: ApiBody; headers?: Record<string, string> };

/** Turns a queued fault into an answer; undefined means "carry on normally" (after any delay). */
async function applyFault(
  deps: Deps,
  method: string,
  okStatusForErrors: number,
  fault = deps.faults.take(method),
): Promise<Answer | undefined> {
  if (!fault) return undefined;
  if ('answerLateMs' in fault) return undefined;
  if ('delayMs' in fault && fault.delayMs) await sleep(fault.delayMs);
  if ('rateLimited' in fault) return rateLimited(deps, fault.rateLimited);
  if ('status' in fault) return { status: fault.status, body: fail('internal_error') };
  if ('error' in fault) {
    const messages =
      fault.error === 'invalid_blocks' ? ['[ERROR] simulated invalid_blocks fault'] : undefined;
    return { status: okStatusForErrors, body: fail(fault.error, messages) };
  }
  return undefined;
}

function rateLimited(deps: Deps, retryAfterSeconds: number): Answer {
  deps.ctx.state.rateLimitedCount += 1;
  return { status: 429, body: fail('ratelimited'), headers: { 'retry-after': String(retryAfterSeconds) } };
}

function record(
  deps: Deps,
  req: IncomingMessage,
  method: string,
  args: Args,
  answer: Answer,
  rawBody: string,
) {
  deps.ctx.state.calls.push({
    method,
    args,
    at: deps.ctx.now(),
    ok: answer.body.ok,
    ...(answer.body.error ? { error: answer.body.error } : {}),
    status: answer.status,
    rawBody: rawBody.replace(/(^|&)token=[^&]*/, '$1token=[redacted]'),
    headers: redactHeaders(req.headers),
  });
}

async function handleApi(deps: Deps, req: IncomingMessage, url: URL, body: Buffer): Promise<Answer> {
  const method = url.pathname.slice('/api/'.length);
  const handler = METHODS[method];
  const parsed = await parseApiArgs(url, req.headers, body);
  const args = 'args' in parsed ? parsed.args : {};
  const answer = await (async (): Promise<Answer> => {
    const socketMode = method === 'apps.connections.open';
    if (!handler && !socketMode) return { status: 200, body: fail('unknown_method') };
    if ('error' in parsed) return { status: 200, body: parsed.error };
    if (parsed.token === undefined) return { status: 200, body: fail('not_authed') };
    // Slack tells a known token of the wrong kind apart from an unknown one.
    const { botToken, appToken } = deps.ctx.opts;
    const wanted = socketMode ? appToken : botToken;
    const workflowToken = !socketMode && isWorkflowToken(deps.ctx, parsed.token);
    if (parsed.token !== wanted && !workflowToken)
      return {
        status: 200,
        body: fail(
          parsed.token === botToken || parsed.token === appToken ? 'not_allowed_token_type' : 'invalid_auth',
        ),
      };
    const queued = deps.faults.take(method);
    const fault = await applyFault(deps, method, 200, queued);
    if (fault) return fault;
    if (deps.ctx.opts.rateLimits) {
      const retryAfter = deps.limiter.retryAfter(method, args, deps.ctx.now());
      if (retryAfter !== undefined) return rateLimited(deps, retryAfter);
    }
    if (socketMode || !handler) return { status: 200, body: { ok: true, url: deps.openSocketUrl() } };
    const body = handler(args, deps.ctx, { token: parsed.token });
    if (queued === undefined || !('answerLateMs' in queued)) return { status: 200, body };
    await sleep(queued.answerLateMs);
    return queued.status === undefined
      ? { status: 200, body }
      : { status: queued.status, body: fail('internal_error') };
  })();
  record(deps, req, method, args, answer, body.toString('utf8'));
  return answer;
}

async function handleUpload(deps: Deps, req: IncomingMessage, token: string, body: Buffer): Promise<Answer> {
  const fault = await applyFault(deps, 'upload', 400);
  const result = fault
    ? undefined
    : await receiveUpload(deps.ctx, token, body, req.headers['content-type'] ?? '');
  const answer: Answer = fault ?? {
    status: result?.status ?? 500,
    body: result?.status === 200 ? { ok: true } : fail(result?.text ?? 'internal_error'),
  };
  const args = { file_id: result?.fileId, bytes: body.length, content_type: req.headers['content-type'] };
  record(deps, req, 'upload', args, answer, `[${body.length} bytes]`);
  return answer;
}

/** node:http request handler for the whole simulator. */
export function createHandler(deps: Deps): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return async (req, res) => {
    const url = new URL(req.url ?? '/', deps.ctx.baseUrl);
    const body = await readBody(req);
    if (url.pathname.startsWith('/api/')) {
      const answer = await handleApi(deps, req, url, body);
      return sendJson(res, answer.status, answer.body, answer.headers);
    }
    const upload = /^\/upload\/v1\/([a-f0-9]+)$/.exec(url.pathname);
    if (upload && req.method === 'POST') {
      const answer = await handleUpload(deps, req, upload[1] ?? '', body);
      // Real Slack answers the upload URL with plain text ("OK - <bytes>"); the SDK only checks the status.
      if (answer.status === 200) return sendText(res, 200, `OK - ${body.length}`);
      return sendJson(res, answer.status, answer.body, answer.headers);
    }
    if (isResponseUrlPath(url.pathname) && req.method === 'POST') {
      const raw = body.toString('utf8');
      const fault = await applyFault(deps, 'response_url', 400);
      const answer = fault ?? receiveResponse(deps.ctx, url.pathname, raw);
      let args: Args = {};
      try {
        args = JSON.parse(raw) as Args;
      } catch {}
      record(deps, req, 'response_url', args, answer, raw);
      return sendJson(res, answer.status, answer.body, fault?.headers);
    }
    if (url.pathname.startsWith('/_sim/')) return handleInspectRoute(deps.ctx, req, url, body, res);
    sendText(res, 404, 'not found');
  };
}
