// (b) Examples a person is told to type: "e.g. `/ops …`", "Try `/ops …`", "for example `/ops …`",
// "Did you mean `/ops …`?". Each is read back as the text after the command name, so it can be run
// through the same app; an example the app refuses teaches the wrong thing.
import type { SeenText } from './collect.ts';

// The words that introduce an example, just before its code span.
const INTRODUCED = /(e\.g\.|\btry|\bexample:?|\bfor instance|\blike|\bmean|\btype)[\s,:]*$/iu;
const USAGE_SYNTAX = /<[\w-]+>|\[[^\]]*\]|\||…/u;
/** How far before a code span its introduction may stand ("e.g. `…`, or `…`" counts both). */
const LOOK_BACK = 24;

/** What Slack shows for mrkdwn's entities: the example as a person would copy it. */
const asShown = (text: string) =>
  text.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');

export type Example = { command: string; where: string; shownIn: string };

/** The examples in a text: each `/ops …` code span introduced as one, the command's text after `/ops`. */
export function examplesIn(seen: SeenText, commandName: string): Example[] {
  const prefix = `${commandName} `;
  const found: Example[] = [];
  for (const match of seen.text.matchAll(/`([^`]+)`/gu)) {
    const code = asShown(match[1] ?? '');
    if (!code.startsWith(prefix)) continue;
    const before = seen.text.slice(Math.max(0, match.index - LOOK_BACK), match.index);
    // A usage line (`<index>`, `[period]`, `>|<`, `…`) shows the shape, not something to run.
    if (!INTRODUCED.test(before) || USAGE_SYNTAX.test(code)) continue;
    found.push({ command: code.slice(prefix.length).trim(), where: seen.where, shownIn: seen.text });
  }
  return found;
}

/**
 * The refusal among an answer's messages: every refusal of the app begins its message with a
 * warning sign (a digest's section that warns about an account is no refusal).
 */
export function isRefusal(texts: readonly SeenText[]): SeenText | undefined {
  return texts.find((t) => t.lead === true && t.text.trimStart().startsWith(':warning:'));
}
