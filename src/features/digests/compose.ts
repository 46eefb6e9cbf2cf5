// What goes into one digest, gathered through injected parts so the composer is the same for the
// scheduler, the preview and the tests. Every part may fail on its own: the digest is still built,
// and says which part is missing and why.
import { TZDate } from '@date-fns/tz/date';
import type { AccountSummary } from '../../accounts/account-text.ts';
import { describeApiError, isStatsPeriod, type StatsPeriod, type VectorIndexStats } from '../../api/index.ts';
import type { StatsReport } from '../../stats-report/report.ts';
import type { DigestSubscription, IndexRequest, Weekday } from '../../store/index.ts';
import { format } from '../../time/date-fns.ts';
import {
  type AccountAttention,
  accountsNeedingAttention,
  type PendingRequestLine,
  pendingRequestLines,
} from './attention.ts';

/** A PNG already uploaded (privately) to Slack, ready for an image block. */
export type CardImage = { fileId: string; altText: string; title: string };

/** The injected parts. Implementations memoise per tick (see parts.ts); tests pass fakes. */
export type DigestParts = {
  stats(indexId: string, period: StatsPeriod): Promise<VectorIndexStats>;
  /** The report, its times in `timeZone`: the channel's, the digest's own. */
  report(indexId: string, period: StatsPeriod, stats: VectorIndexStats, timeZone: string): StatsReport;
  /** Renders and uploads the card; undefined when it could not be made (the digest goes without it). */
  card(
    indexId: string,
    period: StatsPeriod,
    stats: VectorIndexStats,
    timeZone: string,
  ): Promise<CardImage | undefined>;
  accounts(): Promise<AccountSummary[]>;
  pendingRequests(): Promise<IndexRequest[]>;
  /** How many watches are firing in the channel (absent: the digest says nothing of watches). */
  firingWatches?(channelId: string): Promise<number>;
  /** The name the team gave an index, if any (absent: the digest shows ids). */
  indexName?(indexId: string): Promise<string | undefined>;
};

export type IndexPart = { indexId: string; name?: string | undefined } & (
  | { ok: true; report: StatsReport }
  | { ok: false; reason: string }
);

type AccountsPart =
  | { ok: true; total: number; attention: AccountAttention[] }
  | { ok: false; reason: string };

type RequestsPart = { ok: true; pending: PendingRequestLine[] } | { ok: false; reason: string };

export type DigestContent = {
  channelId: string;
  /** 'YYYY-MM-DD' in the channel's zone. */
  localDate: string;
  /** 'Monday 23 November 2026'. */
  dateText: string;
  timeZone: string;
  localTime: string;
  days: readonly Weekday[];
  period: StatsPeriod;
  indexes: IndexPart[];
  card: CardImage | undefined;
  /** Undefined when the subscription does not include the part. */
  accounts: AccountsPart | undefined;
  requests: RequestsPart | undefined;
  /** Watches firing in the channel when it was composed (0 or unknown: not mentioned). */
  firingWatches: number;
  /** When it was composed (ages are relative to this). */
  at: number;
};

type ComposeInput = {
  subscription: Pick<
    DigestSubscription,
    | 'channelId'
    | 'indexIds'
    | 'period'
    | 'localTime'
    | 'timeZone'
    | 'days'
    | 'includeAccounts'
    | 'includeRequests'
  >;
  /** The instant the digest is for (its scheduled time, or now for a preview). */
  scheduledFor: number;
  now: number;
};

function reasonOf(err: unknown): string {
  return describeApiError(err);
}

async function indexPart(parts: DigestParts, indexId: string, period: StatsPeriod, timeZone: string) {
  // A name that can't be read leaves the id alone on the line; it never costs the digest.
  const name = await parts.indexName?.(indexId).catch(() => undefined);
  try {
    const stats = await parts.stats(indexId, period);
    const part = { indexId, name, ok: true as const, report: parts.report(indexId, period, stats, timeZone) };
    return { part, stats };
  } catch (err) {
    return { part: { indexId, name, ok: false as const, reason: reasonOf(err) }, stats: undefined };
  }
}

export async function composeDigest(parts: DigestParts, input: ComposeInput): Promise<DigestContent> {
  const sub = input.subscription;
  const period: StatsPeriod = isStatsPeriod(sub.period) ? sub.period : '1d';
  const [loaded, accounts, requests, firingWatches] = await Promise.all([
    Promise.all(sub.indexIds.map((id) => indexPart(parts, id, period, sub.timeZone))),
    sub.includeAccounts ? accountsPart(parts) : Promise.resolve(undefined),
    sub.includeRequests ? requestsPart(parts, input.now) : Promise.resolve(undefined),
    // A digest is news; a failed count of watches is not worth a "missing" line.
    parts.firingWatches?.(sub.channelId).catch(() => 0) ?? Promise.resolve(0),
  ]);
  // One card per digest: the first index that answered. A combined card of several indexes would
  // be a different picture; the text already covers every index.
  const first = loaded.find((l) => l.stats !== undefined);
  let card: CardImage | undefined;
  if (first?.stats !== undefined) {
    try {
      card = await parts.card(first.part.indexId, period, first.stats, sub.timeZone);
    } catch {
      card = undefined;
    }
  }
  const local = new TZDate(input.scheduledFor, sub.timeZone);
  return {
    channelId: sub.channelId,
    localDate: format(local, 'yyyy-MM-dd'),
    dateText: format(local, 'EEEE d MMMM yyyy'),
    timeZone: sub.timeZone,
    localTime: sub.localTime,
    days: sub.days,
    period,
    indexes: loaded.map((l) => l.part),
    card,
    accounts,
    requests,
    firingWatches,
    at: input.now,
  };
}

async function accountsPart(parts: DigestParts): Promise<AccountsPart> {
  try {
    const summaries = await parts.accounts();
    return { ok: true, total: summaries.length, attention: accountsNeedingAttention(summaries) };
  } catch (err) {
    return { ok: false, reason: reasonOf(err) };
  }
}

async function requestsPart(parts: DigestParts, now: number): Promise<RequestsPart> {
  try {
    return { ok: true, pending: pendingRequestLines(await parts.pendingRequests(), now) };
  } catch {
    return { ok: false, reason: 'opsbot could not read its own request list; the details are in the log.' };
  }
}
