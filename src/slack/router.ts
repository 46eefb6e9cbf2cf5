// One root command with subcommands. Features register what they answer to; the router matches
// the longest word path, so `/ops search create x` reaches "search create" with args ["x"].
// It accepts any command name, so a workspace that renames /ops keeps working.
import type { AllMiddlewareArgs, App, SlackCommandMiddlewareArgs } from '@slack/bolt';
import { within } from '../limiter.ts';
import type { Logger } from '../log.ts';
import type { Capability, PolicyLimits } from '../policy/index.ts';
import { nearWords } from '../text/did-you-mean.ts';
import { mrkdwnSections } from './blocks.ts';
import {
  type Answer,
  extraArgumentsSentence,
  missingArguments,
  missingArgumentsAnswer,
  typoGuesses,
  unknownCommandAnswer,
  unknownTopicAnswer,
} from './grammar.ts';
import { GENERIC_EXAMPLE_INDEX, helpBlocks, topicHelpBlocks } from './help-view.ts';
import { respondWithFallback } from './respond.ts';

export type CommandContext = SlackCommandMiddlewareArgs &
  Pick<AllMiddlewareArgs, 'client'> & {
    /** Words after the subcommand path, case kept. */
    args: string[];
    logger: Logger;
  };

export type Subcommand = {
  /** The words that select it, lower case: ['messaging', 'accounts']. */
  words: string[];
  aliases?: string[][];
  /** Arguments as shown in help: '<index-id> [period]'. */
  usage?: string;
  /** A full example after the command name: 'vector stats idx-1 7d'. */
  example: string;
  description: string;
  /** Must call ack() first (Slack allows 3 s), then do slow work. */
  handle(ctx: CommandContext): Promise<void>;
  /**
   * Listed after the others on the help card. Features register in the order the card shows them,
   * but one that others build on registers first (indexes): its housekeeping commands go last.
   */
  lateInHelp?: boolean;
  /** What the policy must allow the person, here, before it runs (slack/policy-gate.ts checks it). */
  capability?: Capability;
  /** What the policy's limits leave it, in a sentence, for its topic help (`remind` no oftener than …). */
  underPolicy?(limits: PolicyLimits): string;
};

export type RouteMatch =
  /** `help` alone (the card), or with a topic: `help watch`, `watch help` (its entries). */
  | { kind: 'help'; topic?: string[] }
  | { kind: 'subcommand'; sub: Subcommand; args: string[] }
  | {
      kind: 'unknown';
      text: string;
      /** The typed words that begin registered subcommands (`search` of `search create`), if any. */
      known: string[];
      /** The subcommands those words begin: what the person can type next. */
      next: Subcommand[];
      /** Whole subcommands the text is probably a typo of (`search requests` for `serach requests`). */
      guesses: string[];
    };

export class CommandRouter {
  private readonly subcommands: Subcommand[] = [];

  register(sub: Subcommand): void {
    this.subcommands.push(sub);
    this.#ordered = undefined;
  }

  /** In help-card order; the same array until the next registration (the help card is memoised on it). */
  list(): readonly Subcommand[] {
    this.#ordered ??= [
      ...this.subcommands.filter((sub) => sub.lateInHelp !== true),
      ...this.subcommands.filter((sub) => sub.lateInHelp === true),
    ];
    return this.#ordered;
  }

  #ordered: Subcommand[] | undefined;

  /**
   * The command as people in this workspace type it (`/ops`, or `/opsbot` where it was renamed):
   * the name the last slash command came with, so hints in messages that answer a click or a
   * schedule use it too. `/ops` until the first command arrives.
   */
  get commandName(): string {
    return this.#commandName;
  }

  #commandName = '/ops';

  /** `/ops vector stats` for `vector stats idx-1`: how a failed command is named to its sender. */
  describe(command: string, text: string): string {
    const match = this.match(text);
    return match.kind === 'subcommand' ? `${command} ${match.sub.words.join(' ')}` : command;
  }

  /** Remembers the name the workspace calls the command by (see commandName). */
  heard(command: string): void {
    this.#commandName = command;
  }

  /**
   * The subcommands a topic names (`watch`: watch, watch list, watch remove; `stats`: vector stats),
   * in help-card order: those with a path or alias that begins with the topic's words.
   */
  topic(words: readonly string[]): Subcommand[] {
    const topic = words.map((w) => w.toLowerCase());
    return this.list().filter((sub) =>
      [sub.words, ...(sub.aliases ?? [])].some((path) => startsWith(path, topic)),
    );
  }

  /** Topics a mistyped one probably means (`wach` → `watch`), as `help …` would take them. */
  topicGuesses(words: readonly string[]): string[] {
    const paths = this.subcommands.flatMap((sub) => [sub.words, ...(sub.aliases ?? [])]);
    const topics = paths.flatMap((path) => path.map((_, i) => path.slice(0, i + 1).join(' ')));
    return nearWords(words.join(' '), topics);
  }

  /**
   * The index help's examples name: the one the workspace knows best (set by the composition root
   * from index-names), or the generic one when it knows none or doesn't answer in time.
   */
  async exampleIndex(): Promise<string> {
    const source = this.#exampleIndex;
    if (source === undefined) return GENERIC_EXAMPLE_INDEX;
    const known = await within(
      source().catch(() => undefined),
      EXAMPLE_INDEX_WAIT_MS,
      undefined,
    );
    return known ?? GENERIC_EXAMPLE_INDEX;
  }

  useExampleIndex(source: () => Promise<string | undefined>): void {
    this.#exampleIndex = source;
  }

  #exampleIndex: (() => Promise<string | undefined>) | undefined;

  match(text: string): RouteMatch {
    const words = tokenize(text);
    const first = words[0]?.toLowerCase();
    if (first === undefined) return { kind: 'help' };
    if (isHelpWord(first))
      return words.length > 1 ? { kind: 'help', topic: words.slice(1) } : { kind: 'help' };
    // `watch help`: help on what the words before it begin, never `help` read as an argument.
    const before = words.slice(0, -1);
    if (isHelpWord(words.at(-1)?.toLowerCase()) && this.topic(before).length > 0)
      return { kind: 'help', topic: before };
    let best: { sub: Subcommand; length: number } | undefined;
    for (const sub of this.subcommands) {
      for (const path of [sub.words, ...(sub.aliases ?? [])]) {
        if (path.length > words.length) continue;
        const matches = path.every((w, i) => words[i]?.toLowerCase() === w);
        if (matches && (best === undefined || path.length > best.length)) best = { sub, length: path.length };
      }
    }
    const paths = this.subcommands.flatMap((sub) => [sub.words, ...(sub.aliases ?? [])]);
    if (best !== undefined) {
      const args = words.slice(best.length);
      // `watch lsit`: one word after a subcommand that is a typo of a longer one is not an argument.
      const said = `${words.slice(0, best.length).join(' ').toLowerCase()} `;
      const longer = args.length === 1 ? typoGuesses(words, paths).filter((g) => g.startsWith(said)) : [];
      if (longer.length > 0) return { kind: 'unknown', text, known: [], next: [], guesses: longer };
      // `digest foo`: words after one that takes none, where longer subcommands begin, are a
      // subcommand opsbot doesn't know; the answer names what may come next.
      const extending = this.list().filter(
        (sub) => sub !== best.sub && startsWith(sub.words, best.sub.words),
      );
      if (args.length > 0 && best.sub.usage === undefined && extending.length > 0)
        return { kind: 'unknown', text, known: best.sub.words, next: [best.sub, ...extending], guesses: [] };
      return { kind: 'subcommand', sub: best.sub, args };
    }
    const known = longestKnownStart(words, paths);
    const next = this.list().filter((sub) => startsWith(sub.words, known));
    return { kind: 'unknown', text, known, next, guesses: typoGuesses(words, paths) };
  }
}

/**
 * The command's text as the person typed it. Slack sends `&`, `<` and `>` as HTML entities (a
 * typed `>` arrives as `&gt;`), keeping raw `<…>` for the mentions it resolved (`<@U…|name>`); the
 * words are read once, here, for every subcommand. What is echoed back is escaped again.
 */
export function asTyped(text: string): string {
  return text.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');
}

/** How long help waits for the workspace's example index before naming the generic one. */
const EXAMPLE_INDEX_WAIT_MS = 500;

const isHelpWord = (word: string | undefined) => word === 'help' || word === '-h' || word === '--help';

function startsWith(path: readonly string[], start: readonly string[]): boolean {
  return start.length > 0 && start.every((word, i) => path[i] === word);
}

/** `['search']` for `search foo`: the longest start of the words that begins a registered path. */
function longestKnownStart(words: readonly string[], paths: readonly string[][]): string[] {
  const lower = words.map((w) => w.toLowerCase());
  for (let n = lower.length; n > 0; n--) {
    const start = lower.slice(0, n);
    if (paths.some((path) => path.length > n && startsWith(path, start))) return start;
  }
  return [];
}

export function tokenize(text: string): string[] {
  return text
    .trim()
    .split(/\s+/u)
    .filter((w) => w !== '');
}

/** The help card's commands for one person here, and a line on where the rest can be done. */
export type HelpScope = { subcommands: readonly Subcommand[]; note?: string };

type RouterOptions = {
  logger: Logger;
  /** Narrows the help card to what the person may do here (the policy); undefined: every command. */
  scopeHelp?(person: Person, subcommands: readonly Subcommand[]): Promise<HelpScope | undefined>;
  /**
   * For one topic's help: a line per capability its entries need (what the person may do with it
   * here), then what the policy's limits leave each entry (its underPolicy).
   */
  explainHere?(person: Person, entries: readonly Subcommand[]): Promise<string[]>;
};

type Person = { userId: string; channelId: string; command: string };

export function registerCommandRouter(app: App, router: CommandRouter, options: RouterOptions): void {
  app.command(/^\/.+/, async (args) => {
    const { command, ack } = args;
    router.heard(command.command);
    const match = router.match(asTyped(command.text ?? ''));
    const subcommand = match.kind === 'subcommand' ? match.sub.words.join(' ') : match.kind;
    // The bindings go in the line itself (the same JSON a child logger writes): a child logger per
    // command cost more than acking help. Only a subcommand's handler gets one, below.
    const who = { command: command.command, user: command.user_id };
    options.logger.info(
      { ...who, event: 'command', subcommand, channel: command.channel_id },
      'command received',
    );
    const person = { userId: command.user_id, channelId: command.channel_id, command: command.command };
    if (match.kind === 'help') {
      if (match.topic !== undefined) {
        await ack({
          response_type: 'ephemeral',
          ...(await topicAnswer(router, options, person, match.topic)),
        });
        return;
      }
      const exampleIndex = await router.exampleIndex();
      const scope = await options.scopeHelp?.(person, router.list());
      await ack({
        response_type: 'ephemeral',
        text: 'opsbot commands',
        blocks: helpBlocks(command.command, scope?.subcommands ?? router.list(), scope?.note, exampleIndex),
      });
      return;
    }
    if (match.kind === 'unknown') {
      const exampleIndex = await router.exampleIndex();
      await ack({
        response_type: 'ephemeral',
        ...unknownCommandAnswer(command.command, match, router.list(), exampleIndex),
      });
      return;
    }
    const missing = missingArguments(match.sub, match.args);
    if (missing !== undefined) {
      const typed = tokenize(asTyped(command.text ?? ''));
      const said = typed.slice(0, typed.length - match.args.length);
      const exampleIndex = await router.exampleIndex();
      await ack({
        response_type: 'ephemeral',
        ...missingArgumentsAnswer(
          command.command,
          match.sub,
          { said, args: match.args, missing },
          exampleIndex,
        ),
      });
      return;
    }
    if (match.sub.usage === undefined && match.args.length > 0) {
      // Said, not silently dropped: the person may think the words filtered a list.
      const exampleIndex = await router.exampleIndex();
      const text = `:warning: ${extraArgumentsSentence(command.command, match.sub, match.args, exampleIndex)}`;
      await ack({ response_type: 'ephemeral', text, blocks: mrkdwnSections([text]) });
      return;
    }
    const logger = options.logger.child(who);
    const respond = respondWithFallback(args.respond, {
      client: args.client,
      channel: command.channel_id,
      user: command.user_id,
      logger,
    });
    // A failure here is answered by the guard (slack/guard.ts), in the same words as any other.
    await match.sub.handle({ ...args, respond, args: match.args, logger });
  });
}

/** `/ops help watch`: the topic's entries and what the person may do with them here, or a guess. */
async function topicAnswer(
  router: CommandRouter,
  options: RouterOptions,
  person: Person,
  topic: string[],
): Promise<Answer> {
  const entries = router.topic(topic);
  const exampleIndex = await router.exampleIndex();
  if (entries.length === 0)
    return unknownTopicAnswer(person.command, topic, router.topicGuesses(topic), router.list(), exampleIndex);
  const here = (await options.explainHere?.(person, entries)) ?? [];
  return {
    text: `opsbot: ${person.command} ${topic.join(' ').toLowerCase()}`,
    blocks: topicHelpBlocks(
      person.command,
      topic.map((w) => w.toLowerCase()),
      entries,
      here,
      exampleIndex,
    ),
  };
}
