// The Home tab's MCP tokens: each with its dates and a Revoke button (shown while MCP is on).

import type { KnownBlock } from '@slack/types';
import { context, header, section } from '../../slack/blocks.ts';
import { plain } from '../../text/block-kit.ts';
import { escapeMrkdwn } from '../../text/mrkdwn.ts';
import { instantInWords } from '../../time/words.ts';
import { ACTION } from './ids.ts';
import type { HomeData } from './types.ts';

/** Slack's limit on a view's blocks leaves room for this many tokens beside the other sections. */
const TOKENS_SHOWN = 10;

export function tokensSection(data: HomeData): KnownBlock[] {
  if (data.tokens === undefined) return [];
  const title: KnownBlock[] = [{ type: 'divider' }, header('Your MCP tokens')];
  if (!data.tokens.ok)
    return [
      ...title,
      section(':warning: opsbot couldn’t read this just now; it will show again when you reopen this tab.'),
    ];
  const tokens = data.tokens.value;
  const mint = `Mint one for an AI agent with \`${data.commandName} mcp token &lt;label&gt;\`.`;
  if (tokens.length === 0) return [...title, section(`You have no MCP tokens. ${mint}`)];
  const when = (at: number) => instantInWords(at, data.timeZone);
  const rows = tokens.slice(0, TOKENS_SHOWN).map(
    (t): KnownBlock => ({
      type: 'section',
      text: {
        type: 'mrkdwn',
        text: `\`${escapeMrkdwn(t.label)}\` — created ${when(t.createdAt)}, ${t.lastUsedAt === null ? 'never used' : `last used ${when(t.lastUsedAt)}`}, ${t.expiresAt <= data.now ? 'expired' : 'expires'} ${when(t.expiresAt)}`,
      },
      accessory: {
        type: 'button',
        action_id: ACTION.revokeToken,
        value: t.label,
        style: 'danger',
        text: plain('Revoke'),
        confirm: {
          title: { type: 'plain_text', text: 'Revoke this token?' },
          text: {
            type: 'mrkdwn',
            text: `An agent using \`${escapeMrkdwn(t.label)}\` gets 401 from then on.`,
          },
          confirm: { type: 'plain_text', text: 'Revoke' },
          deny: { type: 'plain_text', text: 'Keep it' },
        },
      },
    }),
  );
  const more =
    tokens.length > TOKENS_SHOWN
      ? [context(`…and ${tokens.length - TOKENS_SHOWN} more: \`${data.commandName} mcp tokens\`.`)]
      : [];
  return [...title, ...rows, ...more, context(mint)];
}
