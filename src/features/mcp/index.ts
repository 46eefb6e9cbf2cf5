// The mcp feature as the app sees it: opsbot's tools for AI agents over the Model Context Protocol
// (POST /mcp), each acting as the person whose token the agent holds, through the services of the
// features whose commands do the same, under the same policy. Off unless MCP=on: then nothing is
// registered and /mcp answers 404.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FeatureContext } from '../../feature-context.ts';
import { actingAsPolicy } from '../../policy/index.ts';
import { channelsSeenBy } from '../../slack/membership.ts';
import { mcpRequestHandler } from './http.ts';
import { registerMcpCommands } from './listeners.ts';
import { ownDms, slackActivity } from './people.ts';
import { callsPerMinute } from './rate-limit.ts';
import { createAudit, type ToolOutcome } from './service.ts';
import { createTokens } from './tokens.ts';
import { buildServer } from './tools.ts';
import type { McpUses } from './uses.ts';

export type { ToolOutcome } from './service.ts';

export type McpFeatureUses = Omit<McpUses, 'approvalProgress' | 'seenBy' | 'dmOf'> & {
  /** Told of each tool call (the composition root counts them). */
  onToolCall?(tool: string, outcome: ToolOutcome): void;
};

/**
 * Serves POST /mcp (undefined while MCP is off: the server answers 404), and a person's tokens as
 * `/ops mcp tokens` lists and `/ops mcp revoke` revokes them (Home shows them).
 */
export type McpService = ReturnType<typeof register>;

export function register(context: FeatureContext<McpFeatureUses>) {
  const { config, clock, store } = context;
  if (!config.mcp.enabled) return { handle: undefined, tokens: undefined };
  const logger = context.logger.child({ feature: 'mcp' });
  const policy = actingAsPolicy(context.policy);
  const tokens = createTokens({
    store,
    clock,
    ttlDays: config.mcp.tokenTtlDays,
    isActive: slackActivity(() => context.app.client, clock),
  });
  registerMcpCommands(context.router, tokens, clock);

  const { onToolCall, ...services } = context.uses;
  const uses: McpUses = {
    ...services,
    approvalProgress: (ids) => store.approvalProgress(ids),
    dmOf: ownDms(() => context.app.client),
    seenBy: (userId, channels) => channelsSeenBy(context.policy.membership, userId, channels),
  };
  const audited = createAudit({
    logger,
    clock,
    policy,
    budget: callsPerMinute(config.mcp.callsPerMinute, clock),
    ...(onToolCall === undefined ? {} : { onToolCall }),
  });
  const serve = mcpRequestHandler({
    authenticate: (bearer) => tokens.authenticate(bearer),
    serverFor: (caller) => buildServer({ uses, audited, commandName: context.commandName }, caller),
    logger,
    commandName: context.commandName,
  });
  // Inside the work tracker: a shutdown waits for the calls in flight.
  return {
    handle: (req: IncomingMessage, res: ServerResponse) => void context.work.run(() => serve(req, res)),
    tokens: { list: tokens.list, revoke: tokens.revoke },
  };
}
