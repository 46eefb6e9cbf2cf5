// What a user may type and what a button may carry.
import { z } from 'zod';
import { DEFAULT_STATS_PERIOD, STATS_PERIODS, type StatsPeriod, statsPeriodSchema } from '../../api/index.ts';
import { indexIdSchema } from '../../vector-index.ts';

export { INDEX_ID_MAX, INDEX_ID_RULE, indexIdSchema } from '../../vector-index.ts';

export type StatsTarget = { indexId: string; period: StatsPeriod };

export type ParsedCommand =
  | { ok: true; target: StatsTarget }
  | { ok: false; problem: 'missing_id' | 'bad_id' | 'bad_period' | 'extra_args'; given?: string };

export function parseStatsCommand(args: readonly string[]): ParsedCommand {
  const [id, rawPeriod, ...rest] = args;
  if (id === undefined) return { ok: false, problem: 'missing_id' };
  if (!indexIdSchema.safeParse(id).success) return { ok: false, problem: 'bad_id', given: id };
  let period: StatsPeriod = DEFAULT_STATS_PERIOD;
  if (rawPeriod !== undefined) {
    // `7D` and `7d` mean the same to a person; the API wants lower case.
    const parsed = statsPeriodSchema.safeParse(rawPeriod.toLowerCase());
    if (!parsed.success) return { ok: false, problem: 'bad_period', given: rawPeriod };
    period = parsed.data;
  }
  if (rest.length > 0) return { ok: false, problem: 'extra_args', given: rest.join(' ') };
  return { ok: true, target: { indexId: id, period } };
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
