// An agent's side of MCP for the e2e tests: a token minted as a person mints it (`/ops mcp token`,
// read from the modal the simulator captured), and the SDK's own client over Streamable HTTP.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { SIM_IDS, type SimulatedWorkspace } from '../../src/sim/workspace.ts';
import { countViews, viewFor } from './search-requests.ts';

const TOKEN = /opsbot_mcp_[A-Za-z0-9_-]+/;

/** `/ops mcp token <label>` by `userId`; the token as the modal shows it. */
export async function mintToken(ws: SimulatedWorkspace, userId: string, label: string): Promise<string> {
  const before = countViews(ws, userId, 'mcp.token');
  await ws.driver.command(`mcp token ${label}`, { userId, channelId: SIM_IDS.generalChannel });
  const view = await viewFor(ws, userId, 'mcp.token', before);
  const token = TOKEN.exec(JSON.stringify(view.blocks))?.[0];
  if (token === undefined) throw new Error('the token modal shows no token');
  return token;
}

/** An MCP client connected to opsbot's /mcp with `token` as its bearer. */
export async function agentWith(url: string, token: string): Promise<Client> {
  const client = new Client({ name: 'opsbot-e2e-agent', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${url}/mcp`), {
    requestInit: { headers: { Authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  return client;
}

export const textOfResult = (result: unknown): string =>
  ((result as CallToolResult).content ?? [])
    .map((part) => (part.type === 'text' ? part.text : ''))
    .join('\n');

/** A raw POST to /mcp (an initialize), for what a client that doesn't get in is answered. */
export function postMcp(url: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${url}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
    }),
  });
}
