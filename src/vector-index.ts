// A vector index id and a stats period as people type and read them. Several features take an index
// id (stats, digests, watches, the Home tab's "Stats for…") and name periods; they share these words.
import { z } from 'zod';
import type { StatsPeriod } from './api/index.ts';
import { nearWords } from './text/did-you-mean.ts';
import { escapeMrkdwn } from './text/mrkdwn.ts';

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

/** Each period's length in hours: what a typed duration (`7 days`, `24h`) is compared with. */
const PERIOD_HOURS: Record<StatsPeriod, number> = {
  '1h': 1,
  '3h': 3,
  '12h': 12,
  '1d': 24,
  '3d': 72,
  '7d': 168,
  '30d': 720,
};
const PERIODS = Object.keys(PERIOD_HOURS) as StatsPeriod[];

/** Units people write after a number, in hours (`m` is minutes, as in `60m`; a month is `mo`). */
const UNIT_HOURS: readonly [RegExp, number][] = [
  [/^(m|mins?|minutes?)$/u, 1 / 60],
  [/^(h|hrs?|hours?)$/u, 1],
  [/^(d|days?)$/u, 24],
  [/^(w|wks?|weeks?)$/u, 168],
  [/^(mo|mos|months?)$/u, 720],
];

/**
 * How long a typed duration is, in hours: `7 days`, `7days`, `1 week`, `24h`, `60m`, and a unit
 * alone as one of it (`week`, `month`); undefined when the text is no duration.
 */
export function durationHours(typed: string): number | undefined {
  const spelled = /^(\d{1,4})?\s*([a-z]+)$/u.exec(typed.trim().toLowerCase());
  if (spelled === null) return undefined;
  const [, count, unit = ''] = spelled;
  // A bare letter (`d`, `h`) says too little to be read as one of it; a word does.
  if (count === undefined && unit.length < 3) return undefined;
  const hours = UNIT_HOURS.find(([pattern]) => pattern.test(unit))?.[1];
  return hours === undefined ? undefined : Number(count ?? 1) * hours;
}

/** The period a typed one means exactly: `7d`, `7D`, `7 days`, `1 week`, `24h` (`1d`); else undefined. */
export function periodOf(typed: string): StatsPeriod | undefined {
  const word = typed.trim().toLowerCase();
  if (PERIODS.includes(word as StatsPeriod)) return word as StatsPeriod;
  const hours = durationHours(word);
  return PERIODS.find((p) => PERIOD_HOURS[p] === hours);
}

/**
 * The periods a typed one probably means: the exact one (`7 days` → `7d`, `24h` → `1d`), the two a
 * duration falls between (`2 days` → `1d` or `3d`), or a near miss of a period's spelling (`7dd`).
 */
export function nearPeriods(typed: string): StatsPeriod[] {
  const exact = periodOf(typed);
  if (exact !== undefined) return [exact];
  const hours = durationHours(typed);
  if (hours !== undefined) {
    const below = PERIODS.findLast((p) => PERIOD_HOURS[p] < hours);
    const above = PERIODS.find((p) => PERIOD_HOURS[p] > hours);
    return [below, above].filter((p): p is StatsPeriod => p !== undefined);
  }
  const word = typed.trim().toLowerCase();
  // A number alone (`7`, from `7 something`): the periods of that many of something.
  if (/^\d+$/u.test(word)) return PERIODS.filter((p) => p.slice(0, -1) === word);
  // A word without a number (`yesterday`) is no period's typo: guessing would be noise.
  if (!/\d/u.test(word)) return [];
  return nearWords(word, PERIODS, { minLength: 2, maxEdits: 1 }) as StatsPeriod[];
}
