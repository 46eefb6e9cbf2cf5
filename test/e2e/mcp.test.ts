// An agent over MCP, through the SDK's own client, on SQLite and on PostgreSQL: a person mints a
// token in Slack, the agent calls every tool as that person, asks for an index that two people then
// approve in Slack, reads the result; the policy refuses as Slack would; a revoked token gets 401.
// The token never reaches a log line, the database or a Slack message.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_VECTOR_INDEXES } from '../../src/sim/mgmt/stats.ts';
import { SIM_IDS, type SimulatedWorkspace, startSimulatedWorkspace } from '../../src/sim/workspace.ts';
import { parsedLogs } from '../support/logs.ts';
import { agentWith, mintToken, postMcp, textOfResult } from '../support/mcp.ts';
import { eventually } from '../support/poll.ts';
import { cardFor, openDecision, textOf, waitForCard } from '../support/search-requests.ts';
import { storedWatch } from '../support/watch-steering.ts';
import { createTestSchema, TEST_DATABASE_URL, type TestSchema, withAdmin } from './database-support.ts';

const { requester, approver, secondApprover, outsider, generalChannel } = SIM_IDS;

// The outsider may connect an agent but not request indexes nor see the accounts.
const POLICY = `
groups:
  team: { users: [U0REQUESTER, U0APPROVER, U0APPROVER2] }
allow:
  search.request: { who: [team] }
  accounts: { who: [team] }
`;

type Database = {
  name: string;
  env(): Promise<Record<string, string>>;
  /** Every stored MCP token row, as the database holds it. */
  tokenRows(): Promise<unknown[]>;
  cleanup(): Promise<void>;
};

function sqlite(): Database {
  const dir = mkdtempSync(join(tmpdir(), 'opsbot-mcp-'));
  const path = join(dir, 'opsbot.sqlite');
  return {
    name: 'SQLite',
    env: async () => ({ DATABASE_PATH: path }),
    async tokenRows() {
      const db = new DatabaseSync(path, { readOnly: true });
      try {
        return db.prepare('SELECT * FROM mcp_tokens').all();
      } finally {
        db.close();
      }
    },
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

function postgres(): Database {
  let schema: TestSchema | undefined;
  return {
    name: 'PostgreSQL',
    async env() {
      schema = await createTestSchema('opsbot_mcp');
      return { DATABASE_URL: schema.urlFor() };
    },
    tokenRows: () =>
      withAdmin(async (db) => (await db.query(`SELECT * FROM "${schema?.schema}".mcp_tokens`)).rows),
    cleanup: async () => schema?.drop(),
  };
}

const databases = [sqlite, ...(TEST_DATABASE_URL === undefined ? [] : [postgres])];

const structured = (result: unknown) =>
  (result as CallToolResult).structuredContent as Record<string, unknown>;

describe.each(databases.map((make) => [make().name, make] as const))('e2e: MCP on %s', (_name, make) => {
  let ws: SimulatedWorkspace;
  let database: Database;
  let token: string;
  let agent: Client;

  beforeAll(async () => {
    database = make();
    ws = await startSimulatedWorkspace({
      env: { MCP: 'on', APPROVALS_REQUIRED: '2', POLICY, METRICS_PORT: '0', ...(await database.env()) },
    });
    token = await mintToken(ws, requester, 'ci-agent');
    agent = await agentWith(ws.url, token);
  });
  afterAll(async () => {
    await agent?.close();
    await ws?.stop();
    await database?.cleanup();
  });

  it('mints a token shown once in a modal, and keeps only its hash', async () => {
    expect(token).toMatch(/^opsbot_mcp_[A-Za-z0-9_-]{40,}$/);
    const rows = await database.tokenRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      label: 'ci-agent',
      user_id: requester,
      token_hash: createHash('sha256').update(token).digest('hex'),
    });
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('lists the person’s tokens: label, created, last used, expiry', async () => {
    const res = await ws.driver.command('mcp tokens', { userId: requester, channelId: generalChannel });
    await eventually(() => ws.slack.responses.some((r) => r.url === res.responseUrl), 'the token list');
    const list = ws.slack.responses.find((r) => r.url === res.responseUrl);
    const text = String((list as { text?: unknown }).text);
    expect(text).toContain('`ci-agent`');
    expect(text).toContain('created');
    expect(text).toContain('last used');
    expect(text).toContain('expires');
  });

  it('lists the six tools, each with a description, an input schema and truthful annotations', async () => {
    const { tools } = await agent.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      'firing_watches',
      'list_indexes',
      'messaging_accounts',
      'request_search_index',
      'search_request_status',
      'vector_index_stats',
    ]);
    for (const tool of tools) {
      expect(tool.description).toBeTruthy();
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.annotations?.destructiveHint).toBe(false);
      expect(tool.annotations?.readOnlyHint).toBe(tool.name !== 'request_search_index');
    }
  });

  it('vector_index_stats: the report as text, the numbers, and the card', async () => {
    const result = (await agent.callTool({
      name: 'vector_index_stats',
      arguments: { index: 'idx-2', period: '1d' },
    })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    expect(textOfResult(result)).toContain('Vector index idx-2, last 24 hours');
    expect(textOfResult(result)).toContain('What stands out:');
    const facts = structured(result);
    expect(facts).toMatchObject({ index: 'idx-2', period: '1d' });
    const series = facts.series as Array<Record<string, unknown>>;
    expect(series.some((s) => typeof s.first === 'number' && typeof s.max === 'number')).toBe(true);
    expect(result.content.some((part) => part.type === 'image' && part.mimeType === 'image/png')).toBe(true);
  });

  it('messaging_accounts: plans and states, never a credential', async () => {
    const result = (await agent.callTool({ name: 'messaging_accounts', arguments: {} })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    expect(textOfResult(result)).toMatch(/messaging accounts? needs? attention/);
    const shown = JSON.stringify(result);
    expect(shown).not.toMatch(/"(token|password|read_only_token)"/);
    expect((structured(result).accounts as unknown[]).length).toBeGreaterThan(0);
  });

  it('list_indexes: the indexes opsbot knows, by name and id', async () => {
    const result = (await agent.callTool({ name: 'list_indexes', arguments: {} })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    // idx-2 was read above, so opsbot knows it.
    expect(structured(result).indexes).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: 'idx-2', kind: 'vector' })]),
    );
  });

  it('firing_watches: the watches firing in channels the person may see', async () => {
    const none = (await agent.callTool({ name: 'firing_watches', arguments: {} })) as CallToolResult;
    expect(none.isError).toBeFalsy();
    expect(textOfResult(none)).toBe('No watch is firing.');
    expect(structured(none)).toEqual({ watches: [], hidden: false });

    // idx-2 costs $80 a month, above a $50 watch in #general: one check fires it.
    ws.mgmt.indexes['idx-2'] = { ...DEFAULT_VECTOR_INDEXES['idx-2'], pinned: { monthly_cost: 80 } };
    const now = Date.now();
    const watch = await ws.store.createWatch({
      ...storedWatch(generalChannel, approver, now),
      indexId: 'idx-2',
      threshold: 50,
      nextCheckAt: now - 1,
    });
    expect((await ws.opsbot.features.watches.runOnce())?.effects).toMatchObject({ fire: 1 });
    const firing = (await agent.callTool({ name: 'firing_watches', arguments: {} })) as CallToolResult;
    expect(structured(firing).watches).toEqual([
      expect.objectContaining({
        watch: watch.id,
        index: 'idx-2',
        metric: 'monthly-cost',
        channel: generalChannel,
      }),
    ]);
    expect(textOfResult(firing)).toContain(`monthly-cost on idx-2 in channel ${generalChannel}`);
  });

  it('request_search_index files as the token’s owner; two approvals in Slack create exactly one index', async () => {
    const filed = (await agent.callTool({
      name: 'request_search_index',
      arguments: { name: 'agent-search', region: 'eu-west-1', plan: 'payg', reason: 'Release notes search' },
    })) as CallToolResult;
    expect(filed.isError).toBeFalsy();
    expect(structured(filed)).toMatchObject({
      request: 1,
      state: 'pending',
      approvalsRequired: 2,
      approvals: [],
    });
    expect(textOfResult(filed)).toContain('Request #1 for agent-search (eu-west-1, payg) is pending');

    const card = textOf((await cardFor(ws, 1)).blocks);
    expect(card).toContain('<@U0REQUESTER>');
    expect(card).toContain('Asked by an agent over MCP (token `ci-agent`)');
    expect(card).toContain('Release notes search');

    for (const person of [approver, secondApprover]) {
      const modal = await openDecision(ws, person, 1, 'approve');
      await ws.driver.submitView({ userId: person, view: modal });
    }
    await waitForCard(ws, 1, (text) => text.includes('Created'));
    const creates = ws.mgmt.requests.filter((r) => r.method === 'POST' && r.path.startsWith('/v2/search'));
    expect(creates).toHaveLength(1);

    const status = (await agent.callTool({
      name: 'search_request_status',
      arguments: { request: '#1' },
    })) as CallToolResult;
    const facts = structured(status);
    expect(facts).toMatchObject({ request: 1, state: 'created', approvals: [approver, secondApprover] });
    expect(typeof facts.indexId).toBe('string');
    expect(textOfResult(status)).toContain(`index ${facts.indexId}`);
    expect(JSON.stringify(status)).not.toMatch(/"(token|password|read_only_token)"/);
  });

  it('a person the policy refuses gets the sentence Slack shows them, and no API call is made', async () => {
    const outsiderToken = await mintToken(ws, outsider, 'outsider-agent');
    const outsiderAgent = await agentWith(ws.url, outsiderToken);
    try {
      const slack = await ws.driver.command('search create x eu-west-1 free', {
        userId: outsider,
        channelId: generalChannel,
      });
      const sentence = String(JSON.parse(slack.body).text).replace(/^:warning: /, '');
      const apiBefore = ws.mgmt.requests.length;
      const cardsBefore = ws.slack.messagesIn(SIM_IDS.approvalChannel).length;
      const refused = (await outsiderAgent.callTool({
        name: 'request_search_index',
        arguments: { name: 'sneaky', region: 'eu-west-1', plan: 'free' },
      })) as CallToolResult;
      expect(refused.isError).toBe(true);
      expect(textOfResult(refused)).toBe(sentence);
      const accounts = (await outsiderAgent.callTool({
        name: 'messaging_accounts',
        arguments: {},
      })) as CallToolResult;
      expect(accounts.isError).toBe(true);
      expect(textOfResult(accounts)).toContain('can see the messaging accounts');
      expect(ws.mgmt.requests.length).toBe(apiBefore);
      expect(ws.slack.messagesIn(SIM_IDS.approvalChannel).length).toBe(cardsBefore);
      expect(await ws.store.getRequest(2)).toBeUndefined();
    } finally {
      await outsiderAgent.close();
    }
  });

  it('audits every call: one mcp_tool_called line each, and the metric by tool and outcome', async () => {
    const lines = parsedLogs(ws.logs).filter((l) => l.event === 'mcp_tool_called');
    expect(lines.length).toBeGreaterThanOrEqual(8);
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          tool: 'request_search_index',
          user: requester,
          tokenLabel: 'ci-agent',
          outcome: 'ok',
        }),
        expect.objectContaining({ tool: 'request_search_index', user: outsider, outcome: 'refused' }),
      ]),
    );
    expect(lines.every((l) => typeof l.durationMs === 'number')).toBe(true);
    const metrics = await (await fetch(`http://127.0.0.1:${ws.opsbot.metricsPort()}/metrics`)).text();
    expect(metrics).toContain('opsbot_mcp_tool_calls_total{tool="request_search_index",outcome="ok"} 1');
    expect(metrics).toContain('opsbot_mcp_tool_calls_total{tool="request_search_index",outcome="refused"} 1');
  });

  it('a refusal by the policy is logged and counted as the gate’s refusals in Slack are', async () => {
    const agentRefusals = parsedLogs(ws.logs).filter(
      (l) => l.event === 'policy_refused' && l.user === outsider && typeof l.tool === 'string',
    );
    expect(agentRefusals).toEqual([
      expect.objectContaining({ tool: 'request_search_index', capability: 'search.request', reason: 'who' }),
      expect.objectContaining({ tool: 'messaging_accounts', capability: 'accounts', reason: 'who' }),
    ]);
    const metrics = await (await fetch(`http://127.0.0.1:${ws.opsbot.metricsPort()}/metrics`)).text();
    // The outsider's `search create` in Slack and their agent's call: two refusals, one counter.
    expect(metrics).toContain('opsbot_policy_refusals_total{capability="search.request"} 2');
    expect(metrics).toContain('opsbot_policy_refusals_total{capability="accounts"} 1');
  });

  it('revoked, the token gets 401 with WWW-Authenticate: Bearer', async () => {
    const res = await ws.driver.command('mcp revoke ci-agent', {
      userId: requester,
      channelId: generalChannel,
    });
    await eventually(() => ws.slack.responses.some((r) => r.url === res.responseUrl), 'the revocation');
    const answer = await postMcp(ws.url, { authorization: `Bearer ${token}` });
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer/);
    for (const headers of [
      {},
      { authorization: 'Bearer opsbot_mcp_not-a-real-token' },
      { authorization: 'Basic x' },
    ]) {
      const refused = await postMcp(ws.url, headers);
      expect(refused.status).toBe(401);
      expect(refused.headers.get('www-authenticate')).toMatch(/^Bearer/);
    }
    await expect(agentWith(ws.url, token)).rejects.toThrow();
  });

  it('no token in a log line, a Slack message or the database', async () => {
    const secret = token.slice('opsbot_mcp_'.length);
    expect(ws.logs.join('\n')).not.toContain(secret);
    // Slack's client logs the modal's request body at debug level: the token in it is scrubbed.
    expect(ws.logs.join('\n')).toContain('opsbot_mcp_[REDACTED]');
    const posted = ws.slack.calls.filter((c) => c.method !== 'views.open');
    expect(JSON.stringify(posted)).not.toContain(secret);
    expect(JSON.stringify(ws.slack.responses)).not.toContain(secret);
    expect(JSON.stringify(await database.tokenRows())).not.toContain(secret);
  });
});
