// The token modal (the only place a token is ever shown, once) and the list of a person's tokens.
// `<` and `>` are written as Slack escapes them, or Slack would read `<label>` as a link.
import type { KnownBlock, ModalView } from '@slack/types';
import { context, header, section } from '../../slack/blocks.ts';
import type { McpToken } from '../../store/index.ts';
import { plain } from '../../text/block-kit.ts';
import { escapeMrkdwn } from '../../text/mrkdwn.ts';
import { VIEW } from './ids.ts';

const day = (at: number) => new Date(at).toISOString().slice(0, 10);
const when = (at: number) =>
  `<!date^${Math.floor(at / 1000)}^{date_short_pretty}|${new Date(at).toISOString().slice(0, 16).replace('T', ' ')} UTC>`;

/** The new token, shown once, with what to paste into an MCP client. */
export function tokenModal(token: string, record: McpToken, commandName: string): ModalView {
  const config = JSON.stringify(
    {
      mcpServers: {
        opsbot: {
          type: 'http',
          url: 'https://YOUR-OPSBOT-HOST/mcp',
          headers: { Authorization: `Bearer ${token}` },
        },
      },
    },
    null,
    2,
  );
  const blocks: KnownBlock[] = [
    section(
      `Your MCP token *${escapeMrkdwn(record.label)}*, valid until ${day(record.expiresAt)}. *Copy it now: opsbot shows it only this once* and keeps only its hash.`,
    ),
    section(`\`\`\`${token}\`\`\``),
    header('Connect an agent'),
    section(
      `Point an MCP client at opsbot’s \`/mcp\` endpoint with this header:\n\`Authorization: Bearer ${token}\`\nFor Cursor, Claude Code and other clients that take HTTP servers in a JSON configuration (Claude Desktop through the \`mcp-remote\` bridge: see opsbot’s MCP docs):`,
    ),
    section(`\`\`\`${config}\`\`\``),
    context(
      `The agent acts as you, under the same policy and limits; it can ask for a search index but never approve one. Revoke it with \`${commandName} mcp revoke ${escapeMrkdwn(record.label)}\`.`,
    ),
  ];
  return {
    type: 'modal',
    callback_id: VIEW.token,
    title: plain('MCP token'),
    close: plain('Done'),
    blocks,
  };
}

/** `/ops mcp tokens`: label, created, last used, expiry. */
export function tokenListText(tokens: readonly McpToken[], now: number, commandName: string): string {
  if (tokens.length === 0)
    return `You have no MCP tokens. Mint one with \`${commandName} mcp token &lt;label&gt;\`.`;
  const lines = tokens.map((t) => {
    const used = t.lastUsedAt === null ? 'never used' : `last used ${when(t.lastUsedAt)}`;
    const expiry = t.expiresAt <= now ? `*expired* ${when(t.expiresAt)}` : `expires ${when(t.expiresAt)}`;
    return `• \`${escapeMrkdwn(t.label)}\` — created ${when(t.createdAt)}, ${used}, ${expiry}`;
  });
  return [
    `Your MCP tokens (${tokens.length}):`,
    ...lines,
    `Revoke one with \`${commandName} mcp revoke &lt;label&gt;\`.`,
  ].join('\n');
}

export const revokedText = (label: string) =>
  `:white_check_mark: Token \`${escapeMrkdwn(label)}\` is revoked: an agent using it gets 401 from now on.`;
