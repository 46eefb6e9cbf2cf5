// The words and blocks of the indexes feature: the list, the confirmations, the problems (thrown
// by the service, shown by the guard) and the type-ahead's options. Data in, text out.
import type { KnownBlock, PlainTextOption } from '@slack/types';
import { mrkdwnSections } from '../../slack/blocks.ts';
import { usageCode } from '../../slack/help-view.ts';
import { SLACK_LIMITS } from '../../slack/limits.ts';
import { SOME_ENTRIES_HIDDEN } from '../../slack/membership.ts';
import type { IndexNameChange, IndexUsers, KnownIndex } from '../../store/index.ts';
import { didYouMean } from '../../text/did-you-mean.ts';
import { VECTOR_NAME_RULE } from '../../text/index-names.ts';
import { escapeMrkdwn, mentionChannel, mentionUser, quoteUserText, truncate } from '../../text/mrkdwn.ts';
import { instantInWords, UTC } from '../../time/words.ts';
import {
  INDEX_ID_RULE,
  indexLabel,
  looksLikeIndexId,
  plainIndexLabel,
  shortIndexId,
} from '../../vector-index.ts';

/** Slack shows at most 100 options; text and value are kept to 75 characters. */
export const MAX_OPTIONS = 100;
const OPTION_TEXT_MAX = 75;
/** How many names an "unknown name" sentence lists before pointing at the list. */
const NAMES_SHOWN = 8;

const code = (text: string) => `\`${escapeMrkdwn(text)}\``;

export function optionOf(index: Pick<KnownIndex, 'id' | 'name'>): PlainTextOption {
  return {
    text: { type: 'plain_text', text: truncate(plainIndexLabel(index.id, index.name), OPTION_TEXT_MAX) },
    value: index.id,
  };
}

/** A well-formed id opsbot hasn't read yet: offered as is, the first stats read checks it. */
export function useIdOption(id: string): PlainTextOption {
  return { text: { type: 'plain_text', text: truncate(`Use ID ${id}`, OPTION_TEXT_MAX) }, value: id };
}

function namesInWords(names: readonly string[], command: string): string {
  if (names.length === 0) return `No index has a name yet: ${nameUsage(command)} gives one a name.`;
  const shown = names.slice(0, NAMES_SHOWN).map(code).join(', ');
  const more = names.length > NAMES_SHOWN ? ` and ${names.length - NAMES_SHOWN} more` : '';
  return `Known names: ${shown}${more} (\`${escapeMrkdwn(command)} index list\` shows them all).`;
}

export function unknownIndexSentence(
  typed: string,
  names: readonly string[],
  command: string,
  near: readonly string[] = [],
): string {
  return `opsbot knows no index named ${quoteUserText(typed, 40)}, and it isn't an index id (${INDEX_ID_RULE}).${didYouMean(near)} ${namesInWords(names, command)}`;
}

export function typoSentence(
  typed: string,
  near: readonly string[],
  names: readonly string[],
  command: string,
): string {
  return `opsbot knows no index named ${quoteUserText(typed, 40)}.${didYouMean(near)} ${namesInWords(names, command)}`;
}

/**
 * Added to "couldn't find vector index …" when a read of an unseen id is refused: the known ids and
 * names it is probably a typo of, then the known names; empty when opsbot knows neither.
 */
export function knownNamesHint(names: readonly string[], near: readonly string[], command: string): string {
  const guess = didYouMean(near).trim();
  return [guess, names.length === 0 ? '' : namesInWords(names, command)].filter(Boolean).join(' ');
}

export const badNameSentence = (typed: string) =>
  `${quoteUserText(typed, 40)} can't be a name: use ${VECTOR_NAME_RULE} characters.`;

export const nameIsAnIdSentence = (name: string) =>
  `${code(name)} is already another index's id; pick a name that isn't one.`;

export const nameTakenSentence = (name: string, holderId: string) =>
  `The name ${code(name)} is taken by ${code(holderId)}; pick another or rename that one first.`;

export const noSuchNameSentence = (typed: string, names: readonly string[], command: string) =>
  `No index is named ${quoteUserText(typed, 40)}. ${namesInWords(names, command)}`;

export function inUseSentence(name: string, users: IndexUsers, command: string): string {
  const parts = [
    ...(users.watches.length > 0
      ? [
          `${users.watches.length === 1 ? 'watch' : 'watches'} ${users.watches.map((w) => `#${w.id}`).join(', ')}`,
        ]
      : []),
    ...(users.digests.length > 0
      ? [
          `the digest${users.digests.length === 1 ? '' : 's'} of ${users.digests.map(mentionChannel).join(', ')}`,
        ]
      : []),
  ];
  return `${code(name)} is still used by ${parts.join(' and ')}, so opsbot keeps it. Remove those first (${usageCode(command, { words: ['watch', 'remove'], usage: '<n>' })}, ${usageCode(command, { words: ['digest', 'remove'] })} in the channel).`;
}

/** A search index's name where a vector index is asked: what it is, and where the vector ones are. */
export const searchIndexSentence = (name: string, command: string) =>
  `${code(name)} is a search index (from a search request), not a vector index: stats, watches and digests read vector indexes. ${usageCode(command, { words: ['index', 'list'] })} shows which is which.`;

const nameUsage = (command: string) => usageCode(command, { words: ['index', 'name'], usage: '<id> <name>' });

export const namedText = (index: Pick<KnownIndex, 'id' | 'name'>, command: string) =>
  `:label: Vector index ${indexLabel(index.id, index.name)} is named. Use the name wherever an index is asked, e.g. \`${escapeMrkdwn(command)} stats ${escapeMrkdwn(index.name ?? index.id)} 7d\`.`;

export const renamedText = (from: string, index: Pick<KnownIndex, 'id' | 'name'>) =>
  `:label: ${code(from)} is now ${indexLabel(index.id, index.name)}; watches and digests follow it (they keep the id).`;

export const forgottenText = (index: Pick<KnownIndex, 'id' | 'name'>) =>
  `:wastebasket: opsbot forgot ${indexLabel(index.id, index.name)}. Reading its stats again makes it known again (without the name).`;

export type ListedIndex = { index: KnownIndex; users: IndexUsers; names: readonly IndexNameChange[] };

/** `Tue 1 Dec, 22:10 Europe/Berlin`: the list is one person's answer, on their clock, its zone said. */
const when = (at: number, timeZone: string) => escapeMrkdwn(instantInWords(at, timeZone));

/** "named by @x on …, renamed by @y on …": who gave the name first, and who changed it last. */
function namesHistoryText(changes: readonly IndexNameChange[], timeZone = UTC): string | undefined {
  const named = changes.find((c) => c.previous === null && c.name !== null);
  const renamed = changes.findLast((c) => c.previous !== null && c.name !== null);
  const parts = [
    ...(named ? [`named by ${mentionUser(named.by)} on ${when(named.at, timeZone)}`] : []),
    ...(renamed && renamed !== named
      ? [`renamed by ${mentionUser(renamed.by)} on ${when(renamed.at, timeZone)}`]
      : []),
  ];
  return parts.length === 0 ? undefined : parts.join(', ');
}

function listLine({ index, users, names }: ListedIndex, timeZone: string): string {
  // The one label, and the whole id beside it where the label shortens it (the list is where ids are copied from).
  const whole = index.name !== null && shortIndexId(index.id) !== index.id ? ` ${code(index.id)}` : '';
  const name =
    index.name === null ? `_no name_ ${code(index.id)}` : `${indexLabel(index.id, index.name)}${whole}`;
  const use = index.lastUsedAt === null ? 'not read yet' : `last used ${when(index.lastUsedAt, timeZone)}`;
  const refs = [
    ...(users.watches.length > 0 ? [`watches ${users.watches.map((w) => `#${w.id}`).join(', ')}`] : []),
    ...(users.digests.length > 0 ? [`digests in ${users.digests.map(mentionChannel).join(', ')}`] : []),
  ];
  const kind = index.kind === 'search' ? ' · search index' : '';
  const history = index.name === null ? undefined : namesHistoryText(names, timeZone);
  return `• ${name}${kind}${history === undefined ? '' : ` · ${history}`} · ${use}${refs.length > 0 ? ` · ${refs.join(' · ')}` : ''}`;
}

/** `hidden`: some watches and digests were left out because Slack didn't answer about their channels. */
export function listMessage(
  listed: readonly ListedIndex[],
  total: number,
  command: string,
  hidden = false,
  timeZone = UTC,
): { text: string; blocks: KnownBlock[] } {
  if (listed.length === 0) {
    const text = `opsbot knows no index yet: every vector index whose stats are read (${usageCode(command, { words: ['stats'], usage: '<id>' })}, a watch, a digest, Home) is remembered here.`;
    return { text, blocks: mrkdwnSections([text]) };
  }
  const head = `*Indexes opsbot knows* (most recently used first${total > listed.length ? `, ${listed.length} of ${total}` : ''}). Name one with ${nameUsage(command)}.`;
  const lines = [
    head,
    ...listed.map((entry) => listLine(entry, timeZone)),
    ...(hidden ? [`_${SOME_ENTRIES_HIDDEN}_`] : []),
  ];
  return {
    text: truncate(`Indexes opsbot knows: ${listed.length}`, SLACK_LIMITS.messageText),
    blocks: mrkdwnSections(lines),
  };
}

export const cantFindToNameSentence = (id: string) =>
  `opsbot couldn't find vector index ${quoteUserText(id)}, so it can't name it.${looksLikeIndexId(id) ? ' Check the id (letters keep their case).' : ''}`;

export const cantCheckSentence = (id: string, problem: string) =>
  `opsbot couldn't check vector index ${quoteUserText(id)}. ${escapeMrkdwn(problem)}`;
