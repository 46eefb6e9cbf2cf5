// Everything the demo writes lands in one folder: PNG cards, the raw Block Kit JSON of every message
// and modal (paste it into Slack's Block Kit Builder), the transcript and the log. Files are numbered
// in the order they happened.
import { mkdirSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';

/** Relative to the working directory: `npm run …` runs in the project folder. */
export const DEFAULT_OUTPUT_DIR = 'demo-output';

export class DemoOutput {
  readonly dir: string;
  readonly written: string[] = [];
  #seq = 0;
  readonly #prefix: string;

  /** `prefix` keeps runs apart when several write into one folder (the CLI's files). */
  constructor(dir: string, prefix = '') {
    this.dir = dir;
    this.#prefix = prefix;
    mkdirSync(dir, { recursive: true });
  }

  /** The folder as a person would type it from where they are (demo-output/ for the default). */
  get shown(): string {
    return `${this.#display(this.dir)}/`;
  }

  /** Writes `NN-<slug>.<ext>` and returns its path as shown to the person. */
  writeNumbered(slug: string, ext: 'json' | 'png', data: string | Buffer): string {
    this.#seq += 1;
    const name = `${this.#prefix}${String(this.#seq).padStart(2, '0')}-${safeName(slug)}.${ext}`;
    return this.write(name, data);
  }

  writeJson(slug: string, value: unknown): string {
    return this.writeNumbered(slug, 'json', `${JSON.stringify(value, null, 2)}\n`);
  }

  write(name: string, data: string | Buffer): string {
    const path = join(this.dir, name);
    writeFileSync(path, data);
    this.written.push(path);
    return this.#display(path);
  }

  #display(path: string): string {
    const shown = relative(process.cwd(), path);
    return shown === '' ? '.' : shown.startsWith('..') || isAbsolute(shown) ? path : shown;
  }
}

export function safeName(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/\.png$/, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'item'
  );
}
