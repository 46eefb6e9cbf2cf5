// The tour's MCP step: @requester mints a token in Slack, an AI agent (the SDK's own MCP client)
// asks opsbot for a search index with it, the two approvers decide on the usual card, and the agent
// reads the result. The agent asks; people decide.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { SIM_IDS } from '../sim/workspace.ts';
import { hasAction, type TourKit, type TourStep } from './tour-kit.ts';

const { requester, approver, secondApprover, generalChannel, approvalChannel } = SIM_IDS;
const TOKEN = /opsbot_mcp_[A-Za-z0-9_-]+/;

const textOf = (result: unknown) =>
  ((result as CallToolResult).content ?? []).map((part) => (part.type === 'text' ? part.text : '')).join(' ');

async function agentCalls(k: TourKit, agent: Client, name: string, args: Record<string, unknown>) {
  k.t.action(`The agent calls ${name} ${JSON.stringify(args)}`);
  const result = (await agent.callTool({ name, arguments: args })) as CallToolResult;
  if (result.isError) throw new Error(`${name} answered an error: ${textOf(result)}`);
  k.t.note(`opsbot answers the agent: ${textOf(result)}`);
  return result;
}

export const agentStep: TourStep = {
  slug: 'agent',
  title: 'An AI agent over MCP: it asks for an index, two people approve, it reads the result',
  async run(k) {
    const views = k.ws.slack.views.length;
    await k.command(requester, generalChannel, 'mcp token tour-agent');
    const modal = await k.until('the token modal', () =>
      k.ws.slack.views.slice(views).find((v) => v.view.callback_id === 'mcp.token'),
    );
    const token = TOKEN.exec(JSON.stringify(modal.view.blocks))?.[0];
    if (token === undefined) throw new Error('the token modal shows no token');
    // The modal is the only place the token is shown: the transcript doesn't repeat it.
    await k.presenter.skipToNow();
    k.t.note(
      'A modal shows @requester the token once (opsbot keeps only its hash); they paste it into their agent.',
    );

    const agent = new Client({ name: 'tour-agent', version: '1.0.0' });
    await agent.connect(
      new StreamableHTTPClientTransport(new URL(`${k.ws.url}/mcp`), {
        requestInit: { headers: { Authorization: `Bearer ${token}` } },
      }),
    );
    try {
      const { tools } = await agent.listTools();
      k.t.note(
        `The agent connects to POST /mcp and finds ${tools.length} tools: ${tools.map((t) => t.name).join(', ')}.`,
      );
      const filed = await agentCalls(k, agent, 'request_search_index', {
        name: 'agent-search',
        region: 'eu-west-1',
        plan: 'payg',
        reason: 'Search over the release notes',
      });
      const request = (filed.structuredContent as { request?: number } | undefined)?.request;
      const card = await k.messageIn(
        approvalChannel,
        'the request card of the agent’s request',
        (m) => hasAction(m, 'search.approve') && m.text.includes('agent-search'),
      );
      await k.show();
      for (const who of [approver, secondApprover]) {
        const before = k.ws.slack.views.length;
        await k.click(who, card, 'search.approve', '[Approve] on the request card');
        const decision = await k.modalFor(who, before);
        await k.show();
        await k.submit(who, decision, {});
        await k.show();
      }
      const status = await k.until('the created index', async () => {
        const result = (await agent.callTool({
          name: 'search_request_status',
          arguments: { request },
        })) as CallToolResult;
        return (result.structuredContent as { state?: string } | undefined)?.state === 'created'
          ? result
          : undefined;
      });
      k.t.action(`The agent calls search_request_status {"request":${request}}`);
      k.t.note(`opsbot answers the agent: ${textOf(status)}`);
    } finally {
      await agent.close();
    }
  },
};
