// The help card: every subcommand with an example, built from what features registered.
import type { KnownBlock } from '@slack/types';
import { context, header, mrkdwnSections } from './blocks.ts';
import { escapeMrkdwn, quoteUserText } from './mrkdwn.ts';
import type { Subcommand } from './router.ts';

type Memo = { registered: readonly Subcommand[]; cards: Map<string, KnownBlock[]> };

/** Per registry (the router's list), the subcommands the cards were built from and the cards. */
const memos = new WeakMap<readonly Subcommand[], Memo>();
const MAX_MEMOISED_NAMES = 16;

/**
 * The help card for a command name. `/ops help` is the cheapest and most frequent command, and its
 * card changes only when a feature registers a subcommand, so it is built once per command name and
 * registry state and then shared (frozen: a caller that tried to edit it would corrupt every answer).
 */
export function helpBlocks(
  rawCommandName: string,
  subcommands: readonly Subcommand[],
  /** A line after the commands, e.g. where the ones not shown can be used. */
  note?: string,
): KnownBlock[] {
  if (note !== undefined) return [...buildHelpBlocks(rawCommandName, subcommands), context(note)];
  let memo = memos.get(subcommands);
  if (memo === undefined || !sameEntries(memo.registered, subcommands)) {
    memo = { registered: [...subcommands], cards: new Map() };
    memos.set(subcommands, memo);
  }
  let card = memo.cards.get(rawCommandName);
  if (card === undefined) {
    // The name comes from the request; a workspace uses one or two, so a full map is a sign of
    // something odd and simply starts over rather than growing.
    if (memo.cards.size >= MAX_MEMOISED_NAMES) memo.cards.clear();
    card = deepFreeze(buildHelpBlocks(rawCommandName, subcommands));
    memo.cards.set(rawCommandName, card);
  }
  return card;
}

function sameEntries(a: readonly Subcommand[], b: readonly Subcommand[]): boolean {
  return a.length === b.length && a.every((sub, i) => sub === b[i]);
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

function buildHelpBlocks(rawCommandName: string, subcommands: readonly Subcommand[]): KnownBlock[] {
  const commandName = escapeMrkdwn(rawCommandName);
  const lines = subcommands.map((sub) => helpLine(rawCommandName, sub));
  return [
    header('opsbot — run your cloud from Slack'),
    ...mrkdwnSections(lines.length > 0 ? lines : ['No commands are enabled.']),
    context(`\`${commandName} help\` shows this card. Replies here are visible only to you.`),
  ];
}

/**
 * `/ops index name <id> <name>` in inline code, escaped: Slack reads a bare `<id>` as a link and
 * shows `id`, so every usage line — help, hints, refusals — is written by this one function.
 */
export function usageCode(
  rawCommandName: string,
  sub: { words: readonly string[]; usage?: string | undefined },
): string {
  return `\`${escapeMrkdwn([rawCommandName, ...sub.words, sub.usage].filter(Boolean).join(' '))}\``;
}

/** `/ops stats catalog 7d` in inline code, escaped: the example a usage line is followed by. */
export function exampleCode(rawCommandName: string, sub: Pick<Subcommand, 'example'>): string {
  return `\`${escapeMrkdwn(`${rawCommandName} ${sub.example}`)}\``;
}

/** One subcommand as the help card lists it: usage, aliases, what it does, an example. */
export function helpLine(rawCommandName: string, sub: Subcommand): string {
  const alias = sub.aliases?.length
    ? ` (also ${sub.aliases.map((words) => usageCode(rawCommandName, { words })).join(', ')})`
    : '';
  // An example that only repeats the usage line teaches nothing; one with arguments does.
  const example = sub.example === sub.words.join(' ') ? '' : ` — e.g. ${exampleCode(rawCommandName, sub)}`;
  return `• ${usageCode(rawCommandName, sub)}${alias}\n     ${sentence(escapeMrkdwn(sub.description))}${example}`;
}

/** Descriptions read alike on the card, whichever way a feature wrote them: capitalised, no full stop. */
function sentence(text: string): string {
  const trimmed = text.trim().replace(/\.$/, '');
  return trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
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
