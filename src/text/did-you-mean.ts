// "Did you mean …?" for every word people type: subcommands, metrics, periods, index names. One
// measure of closeness (edits), one sentence, so a typo reads the same wherever it is made.
import { escapeMrkdwn } from './mrkdwn.ts';

/** A typo is at most this many edits (insert, delete, replace) from the word meant. */
const MAX_TYPO_EDITS = 2;
/** Shorter words are too close to everything to guess from (`1h` is two edits from `7d`). */
const MIN_GUESSABLE_LENGTH = 3;
/** How many guesses a sentence offers. */
const GUESSES_SHOWN = 3;

/** Edits (insert, delete, replace) from `a` to `b`. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++)
      current[j] = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    previous = current;
  }
  return previous[b.length] ?? 0;
}

type NearOptions = {
  /** The shortest typed word worth a guess; shorter ones get none. */
  minLength?: number;
  /** Fewer edits than MAX_TYPO_EDITS, for words so short that two edits reach most of them. */
  maxEdits?: number;
};

/**
 * The known words a typed one is probably a typo of, closest first: at most two edits away, never
 * the word itself. Compared without case.
 */
export function nearWords(typed: string, known: readonly string[], options: NearOptions = {}): string[] {
  const word = typed.trim().toLowerCase();
  if (word.length < (options.minLength ?? MIN_GUESSABLE_LENGTH)) return [];
  return [...new Set(known)]
    .map((candidate) => ({ candidate, edits: editDistance(candidate.toLowerCase(), word) }))
    .filter(
      ({ candidate, edits }) =>
        candidate.toLowerCase() !== word && edits <= (options.maxEdits ?? MAX_TYPO_EDITS),
    )
    .sort((a, b) => a.edits - b.edits)
    .map(({ candidate }) => candidate);
}

/** ` Did you mean `a` or `b`?` (with its leading space), or '' without guesses: for mrkdwn. */
export function didYouMean(guesses: readonly string[]): string {
  if (guesses.length === 0) return '';
  const shown = guesses.slice(0, GUESSES_SHOWN).map((g) => `\`${escapeMrkdwn(g)}\``);
  return ` Did you mean ${shown.join(' or ')}?`;
}
