import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { ApiBody } from './api-support.ts';
import { asRecord } from './reference.ts';
import type { Args } from './types.ts';

export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
}

export function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
  res.end(text);
}

// Arguments Slack takes as JSON-encoded strings inside a form body (the SDK JSON.stringify's objects),
// with the error Slack answers when the string is not valid JSON.
const JSON_ARGS: Record<string, string> = {
  blocks: 'invalid_blocks_format',
  attachments: 'invalid_attachments',
  view: 'invalid_arguments',
  files: 'invalid_arguments',
  metadata: 'invalid_metadata_format',
  outputs: 'invalid_arguments',
};

export type ParsedArgs = { args: Args; token?: string } | { error: ApiBody };

/**
 * Parses a Web API request the way Slack does: form-urlencoded (what @slack/web-api sends), JSON
 * (token only via the Authorization header) or multipart, plus query parameters.
 */
export async function parseApiArgs(
  url: URL,
  headers: IncomingHttpHeaders,
  body: Buffer,
): Promise<ParsedArgs> {
  const contentType = headers['content-type'] ?? '';
  const args: Args = Object.fromEntries(url.searchParams);
  let bodyToken: string | undefined;
  if (contentType.startsWith('application/json')) {
    let parsed: unknown;
    try {
      parsed = body.length ? JSON.parse(body.toString('utf8')) : {};
    } catch {
      return { error: { ok: false, error: 'invalid_json' } };
    }
    const record = asRecord(parsed);
    if (!record) return { error: { ok: false, error: 'invalid_json' } };
    const { token: _ignored, ...rest } = record;
    Object.assign(args, rest);
  } else if (contentType.startsWith('multipart/form-data')) {
    const form = await new Response(new Uint8Array(body), {
      headers: { 'content-type': contentType },
    }).formData();
    for (const [key, value] of form) if (typeof value === 'string') args[key] = value;
  } else {
    Object.assign(args, Object.fromEntries(new URLSearchParams(body.toString('utf8'))));
  }
  if (typeof args.token === 'string') bodyToken = args.token;
  delete args.token;
  for (const [key, error] of Object.entries(JSON_ARGS)) {
    const value = args[key];
    if (typeof value !== 'string') continue;
    try {
      args[key] = JSON.parse(value);
    } catch {
      return {
        error: { ok: false, error, response_metadata: { messages: [`[ERROR] ${key} is not valid JSON`] } },
      };
    }
  }
  const bearer = /^Bearer\s+(.+)$/i.exec(headers.authorization ?? '')?.[1];
  const token = bearer ?? bodyToken;
  return token === undefined ? { args } : { args, token };
}

export function redactHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return headers.authorization ? { ...headers, authorization: 'Bearer [redacted]' } : { ...headers };
}
