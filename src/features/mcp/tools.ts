// opsbot's tools over MCP, for one caller (the person whose token the agent holds). Each tool calls
// the service the Slack command calls, after the audit (service.ts) asked the policy what that
// person, in their DM with opsbot, would be allowed; a refusal is the tool error with the sentence
// Slack would show. No tool decides a request, mutes a watch or changes a policy: those stay with
// people in Slack.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { accountsNeedingAttention } from '../../accounts/attention.ts';
import type { StatsPeriod } from '../../api/index.ts';
import { UserFacingError } from '../../errors.ts';
import type { Capability } from '../../policy/index.ts';
import { PERIOD_WORDS } from '../../vector-index.ts';
import { APP_VERSION } from '../../version.ts';
import { denialError } from '../search-requests/index.ts';
import type { Audited } from './service.ts';
import type { Caller } from './tokens.ts';
import {
  accountsResult,
  firingResult,
  indexesResult,
  type RequestStatus,
  requestFiledResult,
  requestStatusResult,
  statsResult,
} from './tool-results.ts';
import type { McpUses } from './uses.ts';

export type ToolDeps = {
  uses: McpUses;
  /** Wraps each call: the rate limit, the policy, the audit line and metric, refusals as tool errors. */
  audited: Audited;
  /** The slash command as the workspace names it, for the sentences Slack's own would show. */
  commandName(): string;
};

const READ = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
/** Under the form's own limit, leaving room for agentReason's words around it. */
const REASON_MAX = 400;
const PERIODS = Object.keys(PERIOD_WORDS) as [StatsPeriod, ...StatsPeriod[]];

/** Why the agent asks, as approvers read it on the card: it came through an agent, under this label. */
export function agentReason(label: string, reason: string | undefined): string {
  const said = reason?.trim();
  const via = `Asked by an agent over MCP (token \`${label}\`)`;
  return said ? `${via}: ${said}` : `${via}, which gave no reason.`;
}

export function buildServer(deps: ToolDeps, caller: Caller): McpServer {
  const { uses } = deps;
  const server = new McpServer({ name: 'opsbot', version: APP_VERSION });
  const tool = (name: string, needs: Capability | undefined, run: () => Promise<CallToolResult>) =>
    deps.audited(name, caller, needs, run);
  const seenBy = (channels: readonly string[]) => uses.seenBy(caller.userId, channels);

  server.registerTool(
    'vector_index_stats',
    {
      title: 'Vector index statistics',
      description:
        'What changed in a vector index and what stands out over a period (the report `/ops stats` posts): text, the numbers as structured content, and the stats card as a PNG.',
      inputSchema: {
        index: z.string().min(1).max(200).describe('The index’s name or id'),
        period: z.enum(PERIODS).optional().describe('How far back; 1h unless given'),
      },
      annotations: READ,
    },
    ({ index, period }) =>
      tool('vector_index_stats', 'stats', async () =>
        statsResult(await uses.vectorStats.read(await uses.vectorStats.target(index, period))),
      ),
  );

  server.registerTool(
    'messaging_accounts',
    {
      title: 'Messaging accounts',
      description:
        'Every messaging account’s plan, state and limits, and which need attention (`/ops messaging accounts`); credentials are never included.',
      annotations: READ,
    },
    () =>
      tool('messaging_accounts', 'accounts', async () => {
        const { summaries } = await uses.messagingAccounts.summaries({ tokenHint: false });
        return accountsResult(summaries, accountsNeedingAttention(summaries));
      }),
  );

  server.registerTool(
    'list_indexes',
    {
      title: 'Known indexes',
      description: 'The indexes opsbot knows (`/ops index list`): their names, ids, kinds and last use.',
      annotations: READ,
    },
    () => tool('list_indexes', undefined, async () => indexesResult(await uses.indexNames.list(seenBy))),
  );

  server.registerTool(
    'request_search_index',
    {
      title: 'Request a search index',
      description:
        'Files a search index request as the token’s owner, exactly as `/ops search create` does. It never creates the index itself: people approve it in Slack (as many as its plan needs). Answers the request number, its state and the approvals it needs; follow it with search_request_status.',
      inputSchema: {
        name: z.string().min(1).max(100).describe('The index name, e.g. product-search'),
        region: z.string().min(1).max(50).describe('The region, e.g. eu-west-1'),
        plan: z.string().min(1).max(50).describe('The plan, e.g. free or payg'),
        reason: z.string().max(REASON_MAX).optional().describe('Why it is needed: approvers read it'),
      },
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: false,
      },
    },
    ({ name, region, plan, reason }) =>
      tool('request_search_index', 'search.request', async () => {
        // Filed as the person in their DM with opsbot: the filing decides again, as for every door,
        // with the caps and who approves.
        const dm = await uses.dmOf(caller.userId);
        const filed = await uses.searchRequests.fileAs(
          { actor: caller.userId, channelId: dm },
          { name, region, plan, reason: agentReason(caller.label, reason) },
        );
        if (!filed.ok) throw new UserFacingError(filed.sentence);
        await filed.proceed();
        return requestFiledResult(await status(filed.request.id));
      }),
  );

  server.registerTool(
    'search_request_status',
    {
      title: 'Search index request status',
      description:
        'A search index request’s state and approvals so far; once created, the index id and endpoint (never its tokens).',
      inputSchema: {
        request: z
          .union([z.number().int().positive(), z.string().regex(/^#?\d+$/)])
          .describe('The request number, e.g. 12 or "#12"'),
      },
      annotations: READ,
    },
    ({ request }) =>
      tool('search_request_status', 'search.request', async () =>
        requestStatusResult(await status(Number(String(request).replace('#', '')))),
      ),
  );

  server.registerTool(
    'firing_watches',
    {
      title: 'Firing watches',
      description:
        'The threshold watches firing now, in the channels the token’s owner may see (snoozed and muted ones included).',
      annotations: READ,
    },
    () =>
      tool('firing_watches', undefined, async () => {
        const all = await uses.watches.firing();
        const { seen, unanswered } = await seenBy(all.map((w) => w.channelId));
        return firingResult(
          all.filter((w) => seen.has(w.channelId)),
          unanswered,
        );
      }),
  );

  async function status(id: number): Promise<RequestStatus> {
    const request = await uses.searchRequests.request(id);
    if (request === undefined)
      throw denialError(
        { code: 'not_found', requestId: id },
        { viewerId: caller.userId, style: 'plain', command: deps.commandName() },
      );
    const progress = (await uses.approvalProgress([id])).get(id);
    return { request, progress, described: uses.searchRequests.describe(request) };
  }

  return server;
}
