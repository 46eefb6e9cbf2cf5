// The help card: every subcommand with an example, built from what features registered.
import type { KnownBlock } from '@slack/types';
import { context, header, mrkdwnSections } from './blocks.ts';
import { escapeMrkdwn, quoteUserText } from './mrkdwn.ts';
import type { Subcommand } from './router.ts';

export function helpBlocks(rawCommandName: string, subcommands: readonly Subcommand[]): KnownBlock[] {
  const commandName = escapeMrkdwn(rawCommandName);
  const lines = subcommands.map((sub) => {
    const usage = [commandName, ...sub.words, sub.usage].filter(Boolean).join(' ');
    const alias = sub.aliases?.length
      ? ` (also \`${commandName} ${sub.aliases.map((a) => a.join(' ')).join('`, `')}\`)`
      : '';
    return `• \`${usage}\`${alias}\n     ${sub.description} — e.g. \`${commandName} ${sub.example}\``;
  });
  return [
    header('opsbot — run your cloud from Slack'),
    ...mrkdwnSections(lines.length > 0 ? lines : ['No commands are enabled.']),
    context(`\`${commandName} help\` shows this card. Replies here are visible only to you.`),
  ];
}

export function unknownSubcommandBlocks(
  commandName: string,
  text: string,
  subcommands: readonly Subcommand[],
): KnownBlock[] {
  return [
    {
      type: 'section',
      text: {
        type: 'mrkdwn',
        text: `:warning: opsbot doesn't know ${quoteUserText(text)}. These are the commands it understands:`,
      },
    },
    ...helpBlocks(commandName, subcommands),
  ];
}
