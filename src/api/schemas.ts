import { z } from 'zod';
import { SEARCH_PLANS, SEARCH_REGIONS, STATS_PERIODS } from './vocabulary.ts';

// The schemas of what opsbot sends, over the spec's vocabulary (vocabulary.ts, re-exported here). The records
// themselves are read by the tolerant readers in records.ts (policy and reasons in docs/management-api-decisions.md).

export * from './vocabulary.ts';

export const statsPeriodSchema = z.enum(STATS_PERIODS);

/** Body of `POST /v2/search`. Strict: this is what opsbot sends, not what the world sends back. */
export const createSearchIndexInputSchema = z.object({
  name: z.string().trim().min(1),
  region: z.enum(SEARCH_REGIONS),
  type: z.enum(SEARCH_PLANS),
});

export type CreateSearchIndexInput = z.infer<typeof createSearchIndexInputSchema>;

export type {
  AccountNumberField,
  MessagingAccount,
  MessagingAccountList,
  SearchIndex,
  StatsScalar,
  VectorIndexStats,
} from './records.ts';
export type { Point, SecretHints } from './tolerant.ts';
