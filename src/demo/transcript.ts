// The transcript: printed as it happens, kept as plain text (for demo-output/transcript.txt and tests).
import { ANSI_STYLE, PLAIN_STYLE, type Style } from './slack-text.ts';

// biome-ignore lint/suspicious/noControlCharactersInRegex: removes the ANSI styling of the printed copy.
const ANSI = /\x1b\[[0-9;]*m/g;

/** Longer messages are cut in the transcript (the accounts summary runs to ~90 lines). */
const MAX_BODY_LINES = 36;

export class Transcript {
  readonly style: Style;
  /** Lines of one message shown before it is cut. */
  maxBodyLines = MAX_BODY_LINES;
  readonly #lines: string[] = [];
  readonly #print: ((line: string) => void) | undefined;

  constructor(options: { print?: (line: string) => void; color?: boolean } = {}) {
    this.style = options.color === true ? ANSI_STYLE : PLAIN_STYLE;
    this.#print = options.print;
  }

  say(line = ''): void {
    this.#print?.(line);
    this.#lines.push(line.replace(ANSI, ''));
  }

  heading(text: string): void {
    this.say('');
    this.say(this.emph(`━━ ${text} ${'━'.repeat(Math.max(4, 72 - text.length))}`));
  }

  /** Bold on a terminal; unmarked in plain text, where `*x*` would read as Slack's own bold. */
  emph(text: string): string {
    return this.style === PLAIN_STYLE ? text : this.style.bold(text);
  }

  /** Someone in the workspace does something: "@requester in #general types /ops help". */
  action(text: string): void {
    this.say(`▶ ${text}`);
  }

  /** What Slack shows: a headline, then the content, framed; a long one is cut, its file has it all. */
  shown(headline: string, body: readonly string[], file?: string): void {
    this.say(`  ↳ ${headline}`);
    const max = this.maxBodyLines;
    const cut = body.length > max ? max - 1 : body.length;
    for (const line of body.slice(0, cut)) this.say(`    │ ${line}`);
    if (cut < body.length) this.say(this.style.dim(`    │ … ${body.length - cut} more lines`));
    if (file !== undefined) this.say(this.style.dim(`    └ ${file}`));
  }

  note(text: string): void {
    this.say(this.style.dim(`  · ${text}`));
  }

  get lines(): readonly string[] {
    return this.#lines;
  }

  text(): string {
    return `${this.#lines.join('\n')}\n`;
  }
}
