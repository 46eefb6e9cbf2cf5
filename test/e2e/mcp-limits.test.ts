// MCP's edges: off by default (404), who may mint (agent.connect), a person's minute of calls, and
// tokens that stop working — expired, or their person deactivated in Slack.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIM_IDS, type SimulatedWorkspace, startSimulatedWorkspace } from '../../src/sim/workspace.ts';
import { openHome, waitForHome } from '../support/home.ts';
import { agentWith, mintToken, postMcp, textOfResult } from '../support/mcp.ts';
import { eventually } from '../support/poll.ts';
import { countViews } from '../support/search-requests.ts';

const { requester, approver, generalChannel } = SIM_IDS;
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe('e2e: MCP off (the default)', () => {
  let ws: SimulatedWorkspace;
  beforeAll(async () => {
    ws = await startSimulatedWorkspace();
  });
  afterAll(async () => {
    await ws?.stop();
  });

  it('answers 404 at /mcp and has no mcp commands', async () => {
    expect((await postMcp(ws.url)).status).toBe(404);
    const res = await ws.driver.command('mcp token x', { userId: requester, channelId: generalChannel });
    expect(res.body).not.toContain('opsbot_mcp_');
    expect(countViews(ws, requester, 'mcp.token')).toBe(0);
  });
});

describe('e2e: MCP limits', () => {
  let ws: SimulatedWorkspace;
  let offset = 0;
  beforeAll(async () => {
    ws = await startSimulatedWorkspace({
      clock: () => Date.now() + offset,
      env: {
        MCP: 'on',
        MCP_TOKEN_TTL_DAYS: '1',
        MCP_CALLS_PER_MINUTE: '3',
        // Requests only in #general from Slack; an agent's call is decided as in the person's own DM.
        POLICY:
          'allow:\n  agent.connect: { who: [U0REQUESTER, U0APPROVER] }\n  search.request: { who: everyone, where: [C0GENERAL] }\n',
      },
    });
  });
  afterAll(async () => {
    await ws?.stop();
  });

  it('the help card lists the mcp commands with their usage', async () => {
    const res = await ws.driver.command('help', { userId: requester, channelId: generalChannel });
    for (const usage of ['mcp token &lt;label&gt;', 'mcp tokens', 'mcp revoke &lt;label&gt;'])
      expect(res.body).toContain(usage);
  });

  it('mints only for the people agent.connect names, with the sentence the policy gives', async () => {
    const res = await ws.driver.command('mcp token mine', {
      userId: SIM_IDS.outsider,
      channelId: generalChannel,
    });
    expect(JSON.parse(res.body)).toEqual({
      response_type: 'ephemeral',
      text: ':warning: Only <@U0REQUESTER> and <@U0APPROVER> can connect agents to opsbot over MCP.',
    });
    expect(countViews(ws, SIM_IDS.outsider, 'mcp.token')).toBe(0);
  });

  it('refuses a second live token under the same label', async () => {
    await mintToken(ws, approver, 'twice');
    await ws.driver.command('mcp token twice', { userId: approver, channelId: generalChannel });
    const sentence = 'You already have a token labelled `twice`: revoke it first, or pick another label.';
    await eventually(
      () => JSON.stringify([ws.slack.responses, ws.slack.ephemeralsFor(approver)]).includes(sentence),
      'the refusal',
    );
    expect(countViews(ws, approver, 'mcp.token')).toBe(1);
  });

  it('past the minute’s calls, a tool answers when to retry; the next minute it answers again', async () => {
    const agent = await agentWith(ws.url, await mintToken(ws, requester, 'busy'));
    try {
      for (let i = 0; i < 3; i++) {
        const ok = (await agent.callTool({ name: 'list_indexes', arguments: {} })) as CallToolResult;
        expect(ok.isError).toBeFalsy();
      }
      const limited = (await agent.callTool({ name: 'list_indexes', arguments: {} })) as CallToolResult;
      expect(limited.isError).toBe(true);
      expect(textOfResult(limited)).toMatch(
        /^That’s more calls than your MCP tokens may make in a minute: try again in (\d+ seconds|a minute)\.$/,
      );
      offset += MINUTE;
      const again = (await agent.callTool({ name: 'list_indexes', arguments: {} })) as CallToolResult;
      expect(again.isError).toBeFalsy();
    } finally {
      await agent.close();
    }
  });

  it('decides an agent’s request as the person in their own DM with opsbot: a channel rule doesn’t apply', async () => {
    const agent = await agentWith(ws.url, await mintToken(ws, requester, 'in-dm'));
    try {
      const filed = (await agent.callTool({
        name: 'request_search_index',
        arguments: { name: 'dm-search', region: 'eu-west-1', plan: 'payg' },
      })) as CallToolResult;
      expect(filed.isError).toBeFalsy();
      expect(filed.structuredContent).toMatchObject({ state: 'pending', name: 'dm-search' });
    } finally {
      await agent.close();
    }
  });

  it('a deactivated person’s token stops working within minutes', async () => {
    const token = await mintToken(ws, approver, 'leaver');
    const agent = await agentWith(ws.url, token);
    await agent.close();
    ws.slack.deactivate(approver);
    offset += 4 * MINUTE;
    const answer = await postMcp(ws.url, { authorization: `Bearer ${token}` });
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer/);
  });

  it('Home lists the person’s tokens and revokes one with its button', async () => {
    const token = await mintToken(ws, requester, 'from-home');
    const tab = await openHome(ws, requester);
    const text = JSON.stringify(tab.blocks);
    expect(text).toContain('Your MCP tokens');
    expect(text).toContain('`from-home`');
    expect(text).not.toContain(token);
    await ws.driver.clickInView({
      userId: requester,
      view: tab,
      actionId: 'home.revoke_mcp_token',
      value: 'from-home',
    });
    await waitForHome(ws, requester, (shown) => !shown.includes('`from-home`'));
    expect((await postMcp(ws.url, { authorization: `Bearer ${token}` })).status).toBe(401);
  });

  it('an expired token gets 401', async () => {
    const token = await mintToken(ws, requester, 'short-lived');
    expect((await postMcp(ws.url, { authorization: `Bearer ${token}` })).status).toBe(200);
    offset += DAY + MINUTE;
    expect((await postMcp(ws.url, { authorization: `Bearer ${token}` })).status).toBe(401);
  });
});
