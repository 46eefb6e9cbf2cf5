// What a name is, and how close a typed word is to a known name (an index is shown by
// indexLabel in src/vector-index.ts).
// Pure: no store, no Slack.
import { nearWords } from '../../words/did-you-mean.ts';

export const NAME_MAX = 40;
/** Lowercase letters, digits and hyphens, starting with a letter (so a name never reads as a period or a number). */
const NAME = /^[a-z][a-z0-9-]*$/;
export const NAME_RULE = `lowercase letters, digits and hyphens, starting with a letter, at most ${NAME_MAX}`;

export function isName(text: string): boolean {
  return text.length <= NAME_MAX && NAME.test(text);
}

/** Known names a typed word is probably a typo of: at most two edits away, for words of four letters or more. */
export function nearNames(typed: string, names: readonly string[]): string[] {
  const word = typed.toLowerCase();
  return isName(word) ? nearWords(word, names, { minLength: 4 }) : [];
}
