// The command grammar's own answers, made from the router's table of subcommands: a known word
// that needs another ("`/ops search` needs one more word"), a subcommand missing what its usage
// requires, and a typo of a subcommand. Each says what was wrong, then what to type.
import type { KnownBlock } from '@slack/types';
import { didYouMean, editDistance, nearWords } from '../text/did-you-mean.ts';
import { escapeMrkdwn, quoteUserText } from '../text/mrkdwn.ts';
import { context, mrkdwnSections } from './blocks.ts';
import { exampleCode, helpBlocks, helpLine, unknownSubcommandBlocks, usageCode } from './help-view.ts';
import type { RouteMatch, Subcommand } from './router.ts';

export type Answer = { text: string; blocks: KnownBlock[] };

/** The `<…>` placeholders a usage line requires: those outside `[…]`. */
export function requiredPlaceholders(usage: string | undefined): string[] {
  const required: string[] = [];
  let optionalDepth = 0;
  for (const [token] of (usage ?? '').matchAll(/\[|\]|<[^<>\s]+>/g)) {
    if (token === '[') optionalDepth++;
    else if (token === ']') optionalDepth--;
    else if (optionalDepth === 0) required.push(token);
  }
  return required;
}

/** The placeholders still owed after `args`, or undefined when the subcommand has what it needs. */
export function missingArguments(sub: Subcommand, args: readonly string[]): string[] | undefined {
  const required = requiredPlaceholders(sub.usage);
  return args.length < required.length ? required.slice(args.length) : undefined;
}

/**
 * Whole subcommands a text is probably a typo of, fewest edits first: every word of a registered
 * path typed exactly or within two letters, at least one not exactly. The rest of the text is kept,
 * so the guess can be typed as it stands (`serach requests` → `search requests`).
 */
export function typoGuesses(words: readonly string[], paths: readonly string[][]): string[] {
  const scored: { guess: string; edits: number }[] = [];
  for (const path of paths) {
    let edits = 0;
    const typed = words.slice(0, path.length).map((w) => w.toLowerCase());
    const close = typed.every((word, i) => {
      const wanted = path[i] ?? '';
      if (word === wanted) return true;
      edits += editDistance(word, wanted);
      return nearWords(word, [wanted]).length > 0;
    });
    if (!close || edits === 0) continue;
    scored.push({ guess: [...path, ...words.slice(path.length)].join(' '), edits });
  }
  const fewest = Math.min(...scored.map((s) => s.edits));
  return [...new Set(scored.filter((s) => s.edits === fewest).map((s) => s.guess))];
}

/** What the router says to text that is no subcommand: a known start, a typo, or the help card. */
export function unknownCommandAnswer(
  command: string,
  match: Extract<RouteMatch, { kind: 'unknown' }>,
  subcommands: readonly Subcommand[],
  exampleIndex?: string,
): Answer {
  const guess = didYouMean(match.guesses.map((g) => `${command} ${g}`));
  // The known words may be a subcommand of their own (`digest`): its line is shown, not its word.
  const nextWords = [...new Set(match.next.flatMap((sub) => sub.words[match.known.length] ?? []))];
  if (nextWords.length > 0) {
    const said = usageCode(command, { words: match.known });
    const extra = match.text.trim().split(/\s+/u).slice(match.known.length).join(' ');
    const choices = nextWords.map((w) => `\`${escapeMrkdwn(w)}\``).join(' or ');
    const problem =
      extra === ''
        ? `:warning: ${said} needs one more word: ${choices}.`
        : `:warning: ${said} takes ${choices} next, not ${quoteUserText(extra, 40)}.`;
    const lines = match.next.map((sub) => helpLine(command, sub, exampleIndex));
    return { text: `${problem}${guess}`, blocks: mrkdwnSections([`${problem}${guess}`, ...lines]) };
  }
  if (guess !== '') {
    const text = `:warning: opsbot doesn't know ${quoteUserText(match.text)}.${guess}`;
    return { text, blocks: [...mrkdwnSections([text]), helpHint(command)] };
  }
  return {
    text: 'Unknown command — here is what opsbot understands.',
    blocks: unknownSubcommandBlocks(command, match.text, subcommands, exampleIndex),
  };
}

/** `/ops help wach`: no such topic; the one it probably is, or the whole card. */
export function unknownTopicAnswer(
  command: string,
  topic: readonly string[],
  guesses: readonly string[],
  subcommands: readonly Subcommand[],
  exampleIndex?: string,
): Answer {
  const text = `:warning: opsbot has no help on ${quoteUserText(topic.join(' '), 40)}.${didYouMean(guesses.map((g) => `${command} help ${g}`))}`;
  if (guesses.length > 0) return { text, blocks: [...mrkdwnSections([text]), helpHint(command)] };
  return {
    text,
    blocks: [
      ...mrkdwnSections([`${text} These are the commands it understands:`]),
      ...helpBlocks(command, subcommands, undefined, exampleIndex),
    ],
  };
}

/** `/ops stats` alone: what it still needs, then its usage and example. */
export function missingArgumentsAnswer(
  command: string,
  sub: Subcommand,
  typed: { said: readonly string[]; args: readonly string[]; missing: readonly string[] },
  exampleIndex?: string,
): Answer {
  const said = [...typed.said.map((w) => w.toLowerCase()), ...typed.args];
  const needs = typed.missing.map((p) => `\`${escapeMrkdwn(p)}\``).join(' and ');
  const usage = usageCode(command, { words: typed.said.map((w) => w.toLowerCase()), usage: sub.usage });
  const text = `:warning: ${usageCode(command, { words: said })} needs ${needs} next. Type ${usage}, e.g. ${exampleCode(command, sub, exampleIndex)}.`;
  return { text, blocks: mrkdwnSections([text]) };
}

/** More words than a subcommand takes: which, then its usage and example. */
export function extraArgumentsSentence(
  command: string,
  sub: Pick<Subcommand, 'words' | 'usage' | 'example'>,
  args: readonly string[],
  exampleIndex?: string,
): string {
  const takes = sub.usage === undefined ? 'takes no arguments' : `takes \`${escapeMrkdwn(sub.usage)}\``;
  const example =
    sub.example === sub.words.join(' ') ? '' : `, e.g. ${exampleCode(command, sub, exampleIndex)}`;
  return `${usageCode(command, { words: sub.words })} ${takes}, but got ${quoteUserText(args.join(' '))}. Type ${usageCode(command, sub)}${example}.`;
}

function helpHint(command: string): KnownBlock {
  return context(`${usageCode(command, { words: ['help'] })} lists every command.`);
}
