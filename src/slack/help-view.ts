// The help card: every subcommand with an example, built from what features registered.
import type { KnownBlock } from '@slack/types';
import { escapeMrkdwn, quoteUserText } from '../text/mrkdwn.ts';
import { context, header, mrkdwnSections } from './blocks.ts';
import type { Subcommand } from './router.ts';

/** Where an example names a vector index: replaced by one the workspace knows (exampleText). */
export const EXAMPLE_INDEX = '{index}';
/** The index an example names while the workspace knows none: the simulator's first, a generic id. */
export const GENERIC_EXAMPLE_INDEX = 'idx-1';

/** A subcommand's example as typed after the command name, naming `exampleIndex` where it names an index. */
export function exampleText(sub: Pick<Subcommand, 'example'>, exampleIndex = GENERIC_EXAMPLE_INDEX): string {
  return sub.example.replaceAll(EXAMPLE_INDEX, exampleIndex);
}

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
  /** The index the examples name: one the workspace knows (CommandRouter.exampleIndex). */
  exampleIndex = GENERIC_EXAMPLE_INDEX,
): KnownBlock[] {
  if (note !== undefined)
    return [...buildHelpBlocks(rawCommandName, subcommands, exampleIndex), context(note)];
  let memo = memos.get(subcommands);
  if (memo === undefined || !sameEntries(memo.registered, subcommands)) {
    memo = { registered: [...subcommands], cards: new Map() };
    memos.set(subcommands, memo);
  }
  const key = `${rawCommandName} ${exampleIndex}`;
  let card = memo.cards.get(key);
  if (card === undefined) {
    // The name comes from the request, the index from the workspace; a workspace uses one or two
    // of each at a time, so a full map is a sign of something odd and simply starts over.
    if (memo.cards.size >= MAX_MEMOISED_NAMES) memo.cards.clear();
    card = deepFreeze(buildHelpBlocks(rawCommandName, subcommands, exampleIndex));
    memo.cards.set(key, card);
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

function buildHelpBlocks(
  rawCommandName: string,
  subcommands: readonly Subcommand[],
  exampleIndex: string,
): KnownBlock[] {
  const commandName = escapeMrkdwn(rawCommandName);
  const lines = subcommands.map((sub) => helpLine(rawCommandName, sub, exampleIndex));
  return [
    header('opsbot — run your cloud from Slack'),
    ...mrkdwnSections(lines.length > 0 ? lines : ['No commands are enabled.']),
    context(
      `\`${commandName} help\` shows this card; ${usageCode(rawCommandName, { words: ['help'], usage: '<topic>' })} or ${usageCode(rawCommandName, { words: ['<topic>', 'help'] })} one command's entries${topicExample(rawCommandName, subcommands)}. Replies here are visible only to you.`,
    ),
  ];
}

/** `, e.g. `/ops help search``: the first topic on the card with more than one entry. */
function topicExample(rawCommandName: string, subcommands: readonly Subcommand[]): string {
  const topic = subcommands.find((sub) => sub.words.length > 1 && sub.lateInHelp !== true)?.words[0];
  return topic === undefined ? '' : `, e.g. ${usageCode(rawCommandName, { words: ['help', topic] })}`;
}

/**
 * `/ops help watch` (or `/ops watch help`): the entries of one topic, each with its usage and
 * example, then what the policy lets the person do with them here (`here`, one line each).
 */
export function topicHelpBlocks(
  rawCommandName: string,
  topic: readonly string[],
  entries: readonly Subcommand[],
  here: readonly string[],
  exampleIndex = GENERIC_EXAMPLE_INDEX,
): KnownBlock[] {
  const commandName = escapeMrkdwn(rawCommandName);
  return [
    header(`opsbot — ${rawCommandName} ${topic.join(' ')}`),
    ...mrkdwnSections(entries.map((sub) => helpLine(rawCommandName, sub, exampleIndex))),
    ...(here.length > 0 ? mrkdwnSections([['*Here, for you*', ...here].join('\n')]) : []),
    context(`\`${commandName} help\` lists every command. Replies here are visible only to you.`),
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
export function exampleCode(
  rawCommandName: string,
  sub: Pick<Subcommand, 'example'>,
  exampleIndex = GENERIC_EXAMPLE_INDEX,
): string {
  return `\`${escapeMrkdwn(`${rawCommandName} ${exampleText(sub, exampleIndex)}`)}\``;
}

/** One subcommand as the help card lists it: usage, aliases, what it does, an example. */
export function helpLine(
  rawCommandName: string,
  sub: Subcommand,
  exampleIndex = GENERIC_EXAMPLE_INDEX,
): string {
  const alias = sub.aliases?.length
    ? ` (also ${sub.aliases.map((words) => usageCode(rawCommandName, { words })).join(', ')})`
    : '';
  // An example that only repeats the usage line teaches nothing; one with arguments does.
  const example =
    sub.example === sub.words.join(' ') ? '' : ` — e.g. ${exampleCode(rawCommandName, sub, exampleIndex)}`;
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
  exampleIndex = GENERIC_EXAMPLE_INDEX,
): KnownBlock[] {
  return [
    {
      type: 'section',
      text: {
        type: 'mrkdwn',
        text: `:warning: opsbot doesn't know ${quoteUserText(text)}. These are the commands it understands:`,
      },
    },
    ...helpBlocks(commandName, subcommands, undefined, exampleIndex),
  ];
}
