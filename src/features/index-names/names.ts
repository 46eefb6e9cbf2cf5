// How close a typed word is to a known name (what a name is: src/text/index-names.ts; an index is
// shown by indexLabel in src/vector-index.ts).
// Pure: no store, no Slack.

import { nearWords } from '../../text/did-you-mean.ts';
import { isVectorIndexName } from '../../text/index-names.ts';

/** Known names a typed word is probably a typo of: at most two edits away, for words of four letters or more. */
export function nearNames(typed: string, names: readonly string[]): string[] {
  const word = typed.toLowerCase();
  return isVectorIndexName(word) ? nearWords(word, names, { minLength: 4 }) : [];
}
