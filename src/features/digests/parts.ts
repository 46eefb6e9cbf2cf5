// The real parts of a digest for one tick (or one preview): every (index, period) is read once
// (readsForOneRun), its report built once and its card rendered and uploaded once, however many channels include it; the
// accounts and the pending requests are read once. API calls are bounded in concurrency.
import type { StatsPeriod, VectorIndexStats } from '../../api/index.ts';
import { readsForOneRun, type StatsReader } from '../../api/shared-reads.ts';
import { errField } from '../../errors.ts';
import { type Admission, createLimiter, type Limiter } from '../../limiter.ts';
import type { Logger } from '../../log.ts';
import { memoize } from '../../memoize.ts';
import type { CardRenderer } from '../../render/index.ts';
import type { PngUpload } from '../../slack/upload.ts';
import { buildReport } from '../../stats-report/report.ts';
import type { Store } from '../../store/index.ts';
import { PERIOD_WORDS, plainIndexLabel } from '../../vector-index.ts';
import type { MessagingAccountsService } from '../messaging-accounts/index.ts';
import type { CardImage, DigestParts } from './compose.ts';

type PartsDeps = {
  /** The schedulers' shared reads for a tick; the API itself for a person's preview. */
  stats: StatsReader;
  /** The messaging accounts feature's allowlisted list. */
  accounts: MessagingAccountsService['summaries'];
  store: Pick<Store, 'listRecentRequests' | 'listWatches'>;
  renderer: CardRenderer;
  /** Uploads privately and returns the Slack file id. */
  uploadPng(upload: PngUpload): Promise<string>;
  logger: Pick<Logger, 'warn'>;
  /** Management API calls in flight at once. Default 4. */
  apiConcurrency?: number;
  /** Card renders + uploads in flight at once (files.* are Tier 4). Default 2. */
  cardConcurrency?: number;
  /**
   * The process's admission for statistics work (context.statsWork): each read and each card waits
   * its turn there with people's commands, so a tick and a burst together stay within the heap.
   */
  admission?: Pick<Admission, 'queue'>;
  /** The name the team gave an index (the index-names service). */
  indexName?(indexId: string): Promise<string | undefined>;
};

/** Statistics reads one tick keeps for the channels after the first that show them. */
const READS_KEPT = 256;

/** Enough for a digest: older pending requests are counted by the view as "…and N more". */
const PENDING_REQUESTS_READ = 50;

/** A filename Slack shows; ids are validated, but nothing odd should reach it anyway. */
function cardFilename(indexId: string, period: StatsPeriod): string {
  return `digest-${indexId.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 64)}-${period}.png`;
}

export function createTickParts(deps: PartsDeps): DigestParts {
  const api: Limiter = createLimiter(deps.apiConcurrency ?? 4);
  const cards: Limiter = createLimiter(deps.cardConcurrency ?? 2);
  // Channels in one zone share a card and a report; another zone gets its own (its times differ).
  const key = (indexId: string, period: StatsPeriod, timeZone: string) =>
    `${period}\u0000${timeZone}\u0000${indexId}`;
  const admitted: Limiter = deps.admission?.queue ?? ((task) => task());

  // A tick's reads are kept for the tick, but no more than READS_KEPT of them: a batch of 500
  // digests over a large pool of indexes held every read for minutes (the replicas' heap cap at
  // twenty times the day, bench item 9).
  const reads = readsForOneRun(
    {
      getVectorIndexStats: (indexId, period) =>
        api(() => admitted(() => deps.stats.getVectorIndexStats(indexId, period))),
    },
    READS_KEPT,
  );

  const card = memoize<[string, StatsPeriod, VectorIndexStats, string], CardImage | undefined>(
    (indexId, period, _loaded, timeZone) => key(indexId, period, timeZone),
    async (indexId, period, loaded, timeZone) => {
      try {
        return await cards(async () => {
          // The card's title and alt text name the index as every message does.
          const name = await deps.indexName?.(indexId).catch(() => undefined);
          const title = `Vector index ${plainIndexLabel(indexId, name)}`;
          const input = { indexId, period, stats: loaded, title, timeZone };
          const png = await admitted(() => deps.renderer.render(input));
          const upload: PngUpload = {
            png,
            filename: cardFilename(indexId, period),
            altText: deps.renderer.altText(input),
            title: `${title}, ${PERIOD_WORDS[period]}`,
          };
          const fileId = await deps.uploadPng(upload);
          return { fileId, altText: upload.altText, title: upload.title };
        });
      } catch (err) {
        deps.logger.warn(
          {
            event: 'digest_card_failed',
            indexId,
            period,
            err: errField(err),
          },
          'digest card could not be made; posting without it',
        );
        return undefined;
      }
    },
  );

  // Built once per (index, period) for every channel that shows it, as the read itself is.
  const reports = new Map<string, ReturnType<typeof buildReport>>();
  const report: DigestParts['report'] = (indexId, period, loaded, timeZone) => {
    const k = key(indexId, period, timeZone);
    let built = reports.get(k);
    if (built === undefined) {
      built = buildReport(indexId, period, loaded, timeZone);
      reports.set(k, built);
    }
    return built;
  };

  const accounts = memoize(
    () => 'accounts',
    () => api(async () => (await deps.accounts({ tokenHint: false })).summaries),
  );
  const pendingRequests = memoize(
    () => 'pending',
    () => deps.store.listRecentRequests({ limit: PENDING_REQUESTS_READ, states: ['pending'] }),
  );

  return {
    stats: (indexId, period) => reads.getVectorIndexStats(indexId, period),
    report,
    card,
    accounts,
    pendingRequests,
    firingWatches: async (channelId) =>
      (await deps.store.listWatches(channelId)).filter((w) => w.state.status === 'firing').length,
    ...(deps.indexName === undefined ? {} : { indexName: deps.indexName }),
  };
}
