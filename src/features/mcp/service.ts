// Every tool call goes through here: the person's minute of calls, the policy — `agent.connect`
// (checked on every call, so taking it away stops the tokens too) and what the tool itself needs —
// the tool, and one `mcp_tool_called` line and count, whatever the outcome. A refusal or a failure
// is the tool error (`isError: true`) with the sentence a person would read in Slack; a refusal by
// the policy is logged and counted as the gate's own are (`policy_refused`).
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Clock } from '../../clock.ts';
import { errField, PolicyRefusal, sentenceFor, UserFacingError } from '../../errors.ts';
import type { Logger } from '../../log.ts';
import type { ActingAsPolicy, Capability } from '../../policy/index.ts';
import { logPolicyRefusal } from '../../slack/guard.ts';
import { waitSpelledOut } from '../../text/spans.ts';
import type { CallBudget } from './rate-limit.ts';
import type { Caller } from './tokens.ts';

/** `refused`: the policy or the tool said no with its sentence; `failed`: anything else went wrong. */
export type ToolOutcome = 'ok' | 'refused' | 'rate_limited' | 'failed';

export type AuditDeps = {
  logger: Logger;
  clock: Clock;
  policy: ActingAsPolicy;
  budget: CallBudget;
  /** Told of each call (the metrics count them by tool and outcome). */
  onToolCall?(tool: string, outcome: ToolOutcome): void;
};

/** Wraps one tool call: `needs` is what the tool needs of the policy besides `agent.connect`. */
export type Audited = (
  tool: string,
  caller: Caller,
  needs: Capability | undefined,
  run: () => Promise<CallToolResult>,
) => Promise<CallToolResult>;

const toolError = (text: string): CallToolResult => ({ content: [{ type: 'text', text }], isError: true });

export function createAudit(deps: AuditDeps): Audited {
  const allowed = async (caller: Caller, needs: Capability | undefined) => {
    const capabilities: Capability[] = ['agent.connect', ...(needs === undefined ? [] : [needs])];
    for (const capability of capabilities) {
      const refusal = await deps.policy(capability, { userId: caller.userId });
      if (refusal !== undefined) throw refusal;
    }
  };
  return async function audited(tool, caller, needs, run) {
    const started = deps.clock();
    let outcome: ToolOutcome = 'ok';
    let result: CallToolResult;
    const retryInMs = deps.budget(caller.userId);
    try {
      if (retryInMs !== undefined) {
        outcome = 'rate_limited';
        result = toolError(
          `That’s more calls than your MCP tokens may make in a minute: try again in ${waitSpelledOut(retryInMs)}.`,
        );
      } else {
        await allowed(caller, needs);
        result = await run();
      }
    } catch (error) {
      outcome = error instanceof UserFacingError ? 'refused' : 'failed';
      if (error instanceof PolicyRefusal)
        logPolicyRefusal(deps.logger, error, { tool, err: errField(error) });
      else if (outcome === 'failed')
        deps.logger.warn({ event: 'mcp_tool_failed', tool, err: errField(error) }, 'an MCP tool failed');
      result = toolError(sentenceFor(error, 'answering that'));
    }
    deps.logger.info(
      {
        event: 'mcp_tool_called',
        tool,
        user: caller.userId,
        tokenLabel: caller.label,
        outcome,
        durationMs: deps.clock() - started,
      },
      'MCP tool called',
    );
    deps.onToolCall?.(tool, outcome);
    return result;
  };
}
