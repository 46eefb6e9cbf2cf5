// What a name is, how an index is shown with it, and how close a typed word is to a known name.
// Pure: no store, no Slack.
import { escapeMrkdwn } from '../../slack/mrkdwn.ts';
import { shortIndexId } from '../../vector-index.ts';

export const NAME_MAX = 40;
/** Lowercase letters, digits and hyphens, starting with a letter (so a name never reads as a period or a number). */
const NAME = /^[a-z][a-z0-9-]*$/;
export const NAME_RULE = `lowercase letters, digits and hyphens, starting with a letter, at most ${NAME_MAX}`;

export function isName(text: string): boolean {
  return text.length <= NAME_MAX && NAME.test(text);
}

/** `*catalog* (`0d6f3f5e…`)`, or the id in code when the index has no name: for mrkdwn messages. */
export function labelOf(id: string, name: string | null | undefined): string {
  const code = `\`${escapeMrkdwn(shortIndexId(id))}\``;
  return name ? `*${escapeMrkdwn(name)}* (${code})` : `\`${escapeMrkdwn(id)}\``;
}

/** The same in plain text (a modal's option, a header): `catalog · 0d6f3f5e…`. */
export function plainLabelOf(id: string, name: string | null | undefined): string {
  return name ? `${name} · ${shortIndexId(id)}` : id;
}

/** Edits (insert, delete, replace) from `a` to `b`, for telling a typo of a known name. */
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

/** Known names a typed word is probably a typo of: at most two edits away, for words of four letters or more. */
export function nearNames(typed: string, names: readonly string[]): string[] {
  const word = typed.toLowerCase();
  if (word.length < 4 || !isName(word)) return [];
  return names.filter((name) => name !== word && editDistance(name, word) <= 2);
}
