// POST /mcp: the Model Context Protocol over Streamable HTTP, stateless (any replica answers any
// call: a new server and transport per request, no session). The bearer token says who the agent
// acts for; without a token that may call, 401 with `WWW-Authenticate: Bearer` and nothing else.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { errField, sentenceFor } from '../../errors.ts';
import type { Logger } from '../../log.ts';
import type { Caller } from './tokens.ts';

/** An agent's request is small (a tool call's arguments); anything bigger is refused unread. */
export const MAX_MCP_BODY_BYTES = 256 * 1024;

export type McpHttpDeps = {
  authenticate(bearer: string | undefined): Promise<Caller | undefined>;
  serverFor(caller: Caller): McpServer;
  logger: Logger;
  /** The slash command as the workspace names it (`/ops` unless renamed), for the 401's hint. */
  commandName(): string;
};

const jsonRpcError = (
  res: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
};

function bearerOf(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

export function mcpRequestHandler(deps: McpHttpDeps) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    // Stateless: no stream to open with GET, no session to end with DELETE.
    if (req.method !== 'POST')
      return jsonRpcError(res, 405, 'Method not allowed: POST only.', { allow: 'POST' });
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > MAX_MCP_BODY_BYTES)
      return jsonRpcError(res, 413, 'Request too large.', { connection: 'close' });
    let caller: Caller | undefined;
    try {
      caller = await deps.authenticate(bearerOf(req));
    } catch (error) {
      // The token couldn't be checked (the database, most likely): nothing was done; retry.
      deps.logger.warn(
        { event: 'mcp_auth_unavailable', err: errField(error) },
        'an MCP token could not be checked',
      );
      return jsonRpcError(res, 503, sentenceFor(error, 'checking the token'), { 'retry-after': '5' });
    }
    if (caller === undefined) {
      deps.logger.info({ event: 'mcp_unauthorized' }, 'an MCP request without a token that may call; 401');
      return jsonRpcError(
        res,
        401,
        `A valid opsbot MCP token is needed: mint one with \`${deps.commandName()} mcp token <label>\`.`,
        {
          'www-authenticate': 'Bearer realm="opsbot"',
        },
      );
    }
    const server = deps.serverFor(caller);
    // No sessionIdGenerator (the SDK's `sessionIdGenerator: undefined`): stateless, no session id.
    // One JSON answer per POST rather than an event stream: every tool answers at once. The body cap
    // is given again here for a body sent chunked, which declares no length to refuse unread.
    const transport = new StreamableHTTPServerTransport({
      enableJsonResponse: true,
      maxRequestBodySize: MAX_MCP_BODY_BYTES,
    });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(req, res);
    } catch (error) {
      deps.logger.error({ event: 'mcp_request_failed', err: errField(error) }, 'an MCP request failed');
      if (!res.headersSent) jsonRpcError(res, 500, sentenceFor(error, 'answering that'));
    }
  };
}
