// What a user may type and what a button may carry.
import { z } from 'zod';
import { DEFAULT_STATS_PERIOD, STATS_PERIODS, type StatsPeriod, statsPeriodSchema } from '../../api/index.ts';
import { durationHours, indexIdSchema, nearPeriods, periodOf } from '../../vector-index.ts';

export { INDEX_ID_RULE, indexIdSchema } from '../../vector-index.ts';

export type StatsTarget = { indexId: string; period: StatsPeriod };

export type ParsedCommand =
  | {
      ok: true;
      target: StatsTarget;
      /** The period as typed when it was written another way (`7 days` for `7d`): said back once. */
      periodTyped?: string;
    }
  | { ok: false; problem: 'missing_id' | 'bad_id' | 'bad_period' | 'extra_args'; given?: string };

/** `7 days` as one word, and `last 7 days` as `7 days`: a period typed with a space is one period. */
function joinedDurations(args: readonly string[]): string[] {
  const words: string[] = [];
  for (const word of args) {
    const previous = words.at(-1);
    if (
      previous !== undefined &&
      /^\d+$/u.test(previous) &&
      durationHours(`${previous}${word}`) !== undefined
    )
      words[words.length - 1] = `${previous} ${word}`;
    else words.push(word);
  }
  return words.filter(
    (word, i) => word.toLowerCase() !== 'last' || durationHours(words[i + 1] ?? '') === undefined,
  );
}

/** Whether a word is meant as a period, exactly or not (`7d`, `7 days`, `2 days`, `7dd`): never an index. */
const readsAsPeriod = (word: string) => nearPeriods(word).length > 0;

/**
 * `<index> [period]`, in either order: `idx-1 7d` and `7d idx-1` are the same, and a period may be
 * written as people say it (`7 days`, `1 week`, `24h`).
 */
export function parseStatsCommand(args: readonly string[]): ParsedCommand {
  const words = joinedDurations(args);
  if (words.length === 1 && periodOf(words[0] ?? '') !== undefined)
    return { ok: false, problem: 'missing_id' };
  // The period is the second word unless only the first reads as one.
  const swapped = words.length >= 2 && !readsAsPeriod(words[1] ?? '') && readsAsPeriod(words[0] ?? '');
  const [id, rawPeriod, ...rest] = swapped ? [words[1], words[0], ...words.slice(2)] : words;
  if (id === undefined) return { ok: false, problem: 'missing_id' };
  if (!indexIdSchema.safeParse(id).success) return { ok: false, problem: 'bad_id', given: id };
  let period: StatsPeriod = DEFAULT_STATS_PERIOD;
  if (rawPeriod !== undefined) {
    const meant = periodOf(rawPeriod);
    if (meant === undefined) return { ok: false, problem: 'bad_period', given: rawPeriod };
    period = meant;
  }
  if (rest.length > 0) return { ok: false, problem: 'extra_args', given: rest.join(' ') };
  const written = rawPeriod !== undefined && rawPeriod.toLowerCase() !== period;
  return { ok: true, target: { indexId: id, period }, ...(written ? { periodTyped: rawPeriod } : {}) };
}

// Action values carry only the index id and the period: `7d:idx-1`. The period never holds a
// colon, so the first colon splits; 3 + 1 + 64 characters fit an option value (75).
export function encodeTarget(target: StatsTarget): string {
  return `${target.period}:${target.indexId}`;
}

const targetValueSchema = z.string().transform((value, ctx) => {
  const colon = value.indexOf(':');
  const period = statsPeriodSchema.safeParse(value.slice(0, colon));
  const indexId = indexIdSchema.safeParse(value.slice(colon + 1));
  if (colon < 0 || !period.success || !indexId.success) {
    ctx.issues.push({ code: 'custom', message: 'expected <period>:<index-id>', input: value });
    return z.NEVER;
  }
  return { indexId: indexId.data, period: period.data };
});

export function decodeTarget(value: unknown): StatsTarget | undefined {
  const parsed = targetValueSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

export const PERIOD_LIST = STATS_PERIODS.map((p) => `\`${p}\``).join(', ');
