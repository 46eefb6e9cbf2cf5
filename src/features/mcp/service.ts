// Every tool call goes through here: the person's minute of calls, the policy's word on agents
// (`agent.connect`, checked on every call, so taking it away stops the tokens too), the tool itself,
// and one `mcp_tool_called` line and count, whatever the outcome. A refusal or a failure is the
// tool error (`isError: true`) with the sentence a person would read in Slack.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Clock } from '../../clock.ts';
import { errField, sentenceFor, UserFacingError } from '../../errors.ts';
import type { Logger } from '../../log.ts';
import type { ActingAsPolicy } from '../../policy/index.ts';
import type { CallBudget } from './rate-limit.ts';
import type { Caller } from './tokens.ts';

export type ToolOutcome = 'ok' | 'refused' | 'rate_limited' | 'failed';

export type AuditDeps = {
  logger: Logger;
  clock: Clock;
  policy: ActingAsPolicy;
  budget: CallBudget;
  /** Told of each call (the metrics count them by tool and outcome). */
  onToolCall?(tool: string, outcome: ToolOutcome): void;
};

const toolError = (text: string): CallToolResult => ({ content: [{ type: 'text', text }], isError: true });

export function createAudit(deps: AuditDeps) {
  return async function audited(
    tool: string,
    caller: Caller,
    run: () => Promise<CallToolResult>,
  ): Promise<CallToolResult> {
    const started = deps.clock();
    let outcome: ToolOutcome = 'ok';
    let result: CallToolResult;
    const retryIn = deps.budget(caller.userId);
    try {
      if (retryIn !== undefined) {
        outcome = 'rate_limited';
        result = toolError(
          `That’s more calls than your MCP tokens may make in a minute: try again in ${retryIn} s.`,
        );
      } else {
        const refusal = await deps.policy('agent.connect', { userId: caller.userId });
        if (refusal !== undefined) throw new UserFacingError(refusal);
        result = await run();
      }
    } catch (error) {
      outcome = error instanceof UserFacingError ? 'refused' : 'failed';
      if (outcome === 'failed')
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
