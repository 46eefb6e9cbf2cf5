// A vector index id and a stats period as people type and read them. Several features take an index
// id (stats, digests, watches, the Home tab's "Stats for…") and name periods; they share these words.
import { z } from 'zod';
import type { StatsPeriod } from './api/index.ts';
import { escapeMrkdwn } from './slack/mrkdwn.ts';
import { nearWords } from './words/did-you-mean.ts';

export const INDEX_ID_MAX = 64;
/** Letters, digits, `-`, `_`, `.` and `:`, starting with a letter or digit (UUIDs and `idx-1` both fit). */
const INDEX_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]*$/;
export const INDEX_ID_RULE = `1–${INDEX_ID_MAX} letters, digits, \`-\`, \`_\`, \`.\` or \`:\`, starting with a letter or digit`;

// The client URL-encodes the id anyway; the format check answers a typo with a clear sentence
// instead of a 404 from the API.
export const indexIdSchema = z.string().min(1).max(INDEX_ID_MAX).regex(INDEX_ID);

/**
 * Whether typed text reads as an id rather than a name: a digit, a capital or a `_`, `.` or `:`
 * (`idx-1`, a UUID) — `nosuch-index` reads as a name. Decides whether "check the id" is any help.
 */
export function looksLikeIndexId(text: string): boolean {
  return /[0-9A-Z_.:]/u.test(text);
}

/** `0d6f3f5e…` for a long id (a UUID), the id itself when short enough to read whole: shown beside a name. */
export function shortIndexId(id: string): string {
  return id.length > 12 ? `${id.slice(0, 8)}…` : id;
}

/**
 * An index as every message shows it: its name in bold with the start of its id in code,
 * *catalog* (`0d6f3f5e…`), or the whole id in code when it has no name. Escaped for mrkdwn.
 */
export function indexLabel(id: string, name?: string | null): string {
  if (!name) return `\`${escapeMrkdwn(id)}\``;
  return `*${escapeMrkdwn(name)}* (\`${escapeMrkdwn(shortIndexId(id))}\`)`;
}

/** The same in plain text — a modal's option or title, a card's title and alt text, a notification: `catalog (0d6f3f5e…)`. */
export function plainIndexLabel(id: string, name?: string | null): string {
  return name ? `${name} (${shortIndexId(id)})` : id;
}

export const PERIOD_WORDS: Record<StatsPeriod, string> = {
  '1h': 'last hour',
  '3h': 'last 3 hours',
  '12h': 'last 12 hours',
  '1d': 'last 24 hours',
  '3d': 'last 3 days',
  '7d': 'last 7 days',
  '30d': 'last 30 days',
};

/** How people write a period that isn't one of the API's: `24h` is `1d`, a week is `7d` (a Map, so a typed `__proto__` finds nothing). */
const PERIOD_SYNONYMS = new Map<string, StatsPeriod>([
  ['60m', '1h'],
  ['24h', '1d'],
  ['72h', '3d'],
  ['1w', '7d'],
  ['week', '7d'],
  ['1m', '30d'],
  ['month', '30d'],
]);

/**
 * The periods a typed one probably means: `7days` → `7d`, `24h` → `1d`, `2h` → `1h` or `3h`. The
 * API's periods are two or three characters, so even short words are guessed from.
 */
export function nearPeriods(typed: string): StatsPeriod[] {
  const word = typed.trim().toLowerCase();
  // `7 days`, `7days`, `1hour`: the number and the unit's first letter.
  const spelled = /^(\d+)\s*(hours?|hrs?|days?|weeks?)$/u.exec(word);
  const short = spelled ? `${spelled[1]}${spelled[2]?.[0] === 'w' ? 'w' : spelled[2]?.[0]}` : word;
  const synonym = PERIOD_SYNONYMS.get(short) ?? PERIOD_SYNONYMS.get(word);
  if (synonym !== undefined) return [synonym];
  const periods = Object.keys(PERIOD_WORDS) as StatsPeriod[];
  if (periods.includes(short as StatsPeriod)) return [short as StatsPeriod];
  // A word without a number (`yesterday`) is no period's typo: guessing would be noise.
  if (!/\d/u.test(short)) return [];
  return nearWords(short, periods, { minLength: 2, maxEdits: 1 }) as StatsPeriod[];
}
