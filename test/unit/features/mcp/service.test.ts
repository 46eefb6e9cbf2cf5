// The audit every tool call goes through, with the policy decided by the gate itself (as in the
// app): what the agent is answered, the outcome logged and counted, and a refusal by the policy
// logged and counted as the gate's own refusals are.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { TargetGone } from '../../../../src/errors.ts';
import { callsPerMinute } from '../../../../src/features/mcp/rate-limit.ts';
import { createAudit, type ToolOutcome } from '../../../../src/features/mcp/service.ts';
import type { Caller } from '../../../../src/features/mcp/tokens.ts';
import { actingAsPolicy, parsePolicyText } from '../../../../src/policy/index.ts';
import { createPolicyGate } from '../../../../src/slack/policy-gate.ts';
import { CommandRouter } from '../../../../src/slack/router.ts';
import { capturingLogger } from '../../../support/logs.ts';
import { membershipFrom } from '../../../support/membership.ts';

const POLICY = 'allow:\n  accounts: { who: [U0OPS] }\n';
const caller: Caller = { userId: 'U0AGENT', teamId: 'T1', label: 'ci', tokenId: 1 };
const ok: CallToolResult = { content: [{ type: 'text', text: 'done' }] };
const textOf = (result: CallToolResult) =>
  result.content.map((c) => (c.type === 'text' ? c.text : '')).join('');

function audit(limit = 60) {
  const parsed = parsePolicyText(POLICY, 'POLICY');
  if (!parsed.ok) throw new Error(parsed.problem);
  const refusalsCounted: string[] = [];
  const gate = createPolicyGate({
    policy: parsed.policy,
    membership: { ...membershipFrom({}), canSee: async () => 'unknown' },
    router: new CommandRouter(),
    onRefusal: (capability) => refusalsCounted.push(capability),
  });
  const { logger, lines } = capturingLogger();
  const calls: Array<[string, ToolOutcome]> = [];
  const now = 0;
  const audited = createAudit({
    logger,
    clock: () => now,
    policy: actingAsPolicy(gate),
    budget: callsPerMinute(limit, () => now),
    onToolCall: (tool, outcome) => calls.push([tool, outcome]),
  });
  const called = () => lines().filter((l) => l.event === 'mcp_tool_called');
  return { audited, lines, called, calls, refusalsCounted };
}

describe('an MCP tool call’s audit', () => {
  it('a refusal by the policy: the sentence Slack shows, outcome refused, policy_refused logged and counted as the gate’s', async () => {
    const { audited, lines, called, calls, refusalsCounted } = audit();
    let ran = false;
    const result = await audited('messaging_accounts', caller, 'accounts', async () => {
      ran = true;
      return ok;
    });
    expect(ran).toBe(false);
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe('Only <@U0OPS> can see the messaging accounts.');
    expect(lines().filter((l) => l.event === 'policy_refused')).toEqual([
      expect.objectContaining({
        tool: 'messaging_accounts',
        capability: 'accounts',
        user: 'U0AGENT',
        reason: 'who',
      }),
    ]);
    expect(called()).toEqual([expect.objectContaining({ tool: 'messaging_accounts', outcome: 'refused' })]);
    expect(calls).toEqual([['messaging_accounts', 'refused']]);
    expect(refusalsCounted).toEqual(['accounts']);
  });

  it('a tool’s own refusal is refused too, but not the policy’s; anything else failed', async () => {
    const { audited, lines, called } = audit();
    const gone = await audited('search_request_status', caller, undefined, async () => {
      throw new TargetGone('There is no request #9.');
    });
    expect(textOf(gone)).toBe('There is no request #9.');
    const broken = await audited('list_indexes', caller, undefined, async () => {
      throw new Error('a bug');
    });
    expect(broken.isError).toBe(true);
    expect(textOf(broken)).toContain('problem on its side');
    expect(called().map((l) => l.outcome)).toEqual(['refused', 'failed']);
    expect(lines().filter((l) => l.event === 'policy_refused')).toEqual([]);
    expect(lines().filter((l) => l.event === 'mcp_tool_failed')).toEqual([
      expect.objectContaining({ tool: 'list_indexes' }),
    ]);
  });

  it('past the minute’s calls: when to try again, in the words of every wait', async () => {
    const { audited, called } = audit(1);
    expect((await audited('list_indexes', caller, undefined, async () => ok)).isError).toBeFalsy();
    const limited = await audited('list_indexes', caller, undefined, async () => ok);
    expect(textOf(limited)).toBe(
      'That’s more calls than your MCP tokens may make in a minute: try again in a minute.',
    );
    expect(called().map((l) => l.outcome)).toEqual(['ok', 'rate_limited']);
  });
});
