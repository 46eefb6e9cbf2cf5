// `/ops mcp token <label>`, `/ops mcp tokens`, `/ops mcp revoke <label>`: the only code that takes
// Slack payloads for MCP. Minting needs `agent.connect`; listing and revoking one's own never do.

import type { Clock } from '../../clock.ts';
import { mrkdwnSections } from '../../slack/blocks.ts';
import type { CommandRouter } from '../../slack/router.ts';
import type { Tokens } from './tokens.ts';
import { revokedText, tokenListText, tokenModal } from './views.ts';

export function registerMcpCommands(router: CommandRouter, tokens: Tokens, clock: Clock): void {
  router.register({
    words: ['mcp', 'token'],
    usage: '<label>',
    example: 'mcp token claude-desktop',
    capability: 'agent.connect',
    description: 'mint a token for an AI agent to use opsbot over MCP as you (shown once)',
    async handle({ ack, command, client, args }) {
      await ack();
      const label = args.join(' ').trim();
      const { token, record } = await tokens.mint(command.user_id, command.team_id, label);
      try {
        await client.views.open({
          trigger_id: command.trigger_id,
          view: tokenModal(token, record, command.command),
        });
      } catch (error) {
        // Nobody saw the token: it must not live on unseen.
        await tokens.revoke(command.user_id, label);
        throw error;
      }
    },
  });

  router.register({
    words: ['mcp', 'tokens'],
    example: 'mcp tokens',
    description: 'your MCP tokens: label, created, last used, expiry',
    async handle({ ack, respond, command }) {
      await ack();
      const text = tokenListText(await tokens.list(command.user_id), clock(), command.command);
      await respond({ response_type: 'ephemeral', text, blocks: mrkdwnSections([text]) });
    },
  });

  router.register({
    words: ['mcp', 'revoke'],
    usage: '<label>',
    example: 'mcp revoke claude-desktop',
    description: 'revoke one of your MCP tokens; agents using it are refused at once',
    async handle({ ack, respond, command, args }) {
      await ack();
      const label = args.join(' ').trim();
      await tokens.revoke(command.user_id, label);
      const text = revokedText(label);
      await respond({ response_type: 'ephemeral', text, blocks: mrkdwnSections([text]) });
    },
  });
}
