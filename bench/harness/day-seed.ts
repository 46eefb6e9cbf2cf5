// Item 1's workspace before the morning starts: its people, its indexes, and what earlier days
// left in the database — digest subscriptions that all fall due in the same minute, and threshold
// watches. They are saved through the Store API into a SQLite file (or the PostgreSQL schema the
// replicas share), as the digest modal and the watch command save them; the app then starts on it.

import { INITIAL_STATE, NO_CONTROLS } from '../../src/features/watches/evaluate.ts';
import { createLogger } from '../../src/log.ts';
import type { SimVectorIndex } from '../../src/sim/mgmt/index.ts';
import { DEFAULT_VECTOR_INDEXES } from '../../src/sim/mgmt/stats.ts';
import { SIM_IDS } from '../../src/sim/workspace.ts';
import { openStore } from '../../src/store/index.ts';
import { localTimeOf } from '../../src/time/zones.ts';

export type DayShape = {
  people: number;
  digests: number;
  watches: number;
  /** Indexes the watches look at (every fifth one costs more than its watches allow). */
  watchIndexes: number;
  watchChannels: number;
};

const ZONES = ['Europe/Berlin', 'America/New_York', 'Asia/Tokyo', 'UTC', 'Europe/London'];
const DIGEST_POOL = 12;
/** Channels of the digests: also where people ask for a digest preview. */
export const digestChannel = (i: number) => `C0DAYDG${String(i).padStart(4, '0')}`;
export const watchChannel = (i: number) => `C0DAYWT${String(i).padStart(3, '0')}`;
export const person = (i: number) => `U0DAY${String(i).padStart(4, '0')}`;

/** The workspace's people and the time zones their profiles give. */
export function people(shape: DayShape): Record<string, { tz: string; name: string }> {
  return Object.fromEntries(
    Array.from({ length: shape.people }, (_, i) => [
      person(i),
      { tz: ZONES[i % ZONES.length] as string, name: `person${i}` },
    ]),
  );
}

const digestIndex = (i: number) => `idx-dg-${(i % DIGEST_POOL) + 1}`;
const watchIndex = (i: number) => `idx-wt-${i}`;
/** Whether watch index `i` is over its watches' threshold (then each of its watches alerts once). */
const overThreshold = (i: number) => i % 5 === 0;

/** The simulator's own indexes (what people ask about) plus the digests' and the watches'. */
export function dayIndexes(shape: DayShape): Record<string, SimVectorIndex> {
  const indexes: Record<string, SimVectorIndex> = { ...DEFAULT_VECTOR_INDEXES };
  for (let i = 0; i < DIGEST_POOL; i++) {
    indexes[digestIndex(i)] = {
      qps: 5 + i * 7,
      vectors: 50_000 * (i + 1),
      growthPerDay: 500 * (i + 1),
      dimension: 768,
    };
  }
  for (let i = 0; i < shape.watchIndexes; i++) {
    indexes[watchIndex(i)] = {
      qps: 5,
      vectors: 10_000,
      pinned: { monthly_cost: overThreshold(i) ? 500 : 20 },
    };
  }
  return indexes;
}

/** Where the day's database is: a SQLite file, or a PostgreSQL URL (the replicas'). */
export type DayDatabase = { path: string; url?: string | undefined };

/**
 * Saves `digests` subscriptions (3 indexes each, 1d, every tenth 7d; four time zones) all due at
 * `digestsDueAt`, and `watches` watches first due at `watchesDueAt`. Returns the ids of the
 * watches that will alert, so that each alert can be counted once.
 */
export async function seedDay(
  database: DayDatabase,
  shape: DayShape,
  at: { digestsDueAt: number; watchesDueAt: number },
): Promise<Set<string>> {
  const store = await openStore(
    { url: database.url, path: database.path, poolSize: 1 },
    createLogger({ level: 'silent' }),
  );
  const alerting = new Set<string>();
  try {
    for (let i = 0; i < shape.digests; i++) {
      const timeZone = ZONES[i % ZONES.length] as string;
      await store.upsertSubscription({
        channelId: digestChannel(i),
        configuredBy: person(i % shape.people),
        indexIds: [0, 1, 2].map((k) => digestIndex(i + k)),
        period: i % 10 === 0 ? '7d' : '1d',
        localTime: localTimeOf(at.digestsDueAt, timeZone),
        timeZone,
        days: [0, 1, 2, 3, 4, 5, 6],
        includeAccounts: true,
        includeRequests: true,
        nextRunAt: at.digestsDueAt,
      });
    }
    for (let i = 0; i < shape.watches; i++) {
      const watch = await store.createWatch({
        channelId: watchChannel(i % shape.watchChannels),
        indexId: watchIndex(i % shape.watchIndexes),
        metric: 'monthly_cost',
        direction: 'above',
        threshold: 100,
        forChecks: 1,
        note: null,
        createdBy: SIM_IDS.requester,
        createdAt: at.watchesDueAt,
        state: INITIAL_STATE,
        controls: NO_CONTROLS,
        nextCheckAt: at.watchesDueAt,
      });
      if (overThreshold(i % shape.watchIndexes)) alerting.add(String(watch.id));
    }
  } finally {
    await store.close();
  }
  return alerting;
}
