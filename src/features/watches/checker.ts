// Every tick: lease the due watches, read each index's last hour once for all of its watches, and
// apply each watch's check (apply-check.ts). Slack-free: the channel is reached through the
// WatchesOutbound. Reads go through the app's shared statistics reads, so a digest tick asking for
// the same index at the same moment shares the call.
import { whyReadFailed } from '../../api/errors.ts';
import type { Point, SeriesName, VectorIndexStats } from '../../api/schemas.ts';
import type { StatsReader } from '../../api/shared-reads.ts';
import { errField } from '../../errors.ts';
import { createLimiter, forEachBounded } from '../../limiter.ts';
import type { Watch } from '../../store/index.ts';
import { type CheckDeps, type CheckEffect, checkApplier } from './apply-check.ts';
import type { Check } from './evaluate.ts';
import { currentValue, metricByKey } from './watchable.ts';

type CheckerDeps = CheckDeps & { stats: StatsReader };

const LEASE_MS = 2 * 60_000;
const BATCH = 1_000;
const API_CONCURRENCY = 4;
const WATCH_CONCURRENCY = 8;

/** What a tick of the watch checks did: the evaluation's effects, and `remind` for each reminder posted. */
type WatchTickReport = {
  checked: number;
  apiCalls: number;
  effects: Partial<Record<CheckEffect, number>>;
};

type Read = { ok: true; stats: VectorIndexStats } | { ok: false; error: unknown };

export function createWatchChecker(deps: CheckerDeps) {
  const { store, logger } = deps;
  const apply = checkApplier(deps);

  /** One tick. When `signal` aborts (the app stopping), the watches not yet checked wait out their lease. */
  async function runOnce(signal?: AbortSignal): Promise<WatchTickReport> {
    const now = deps.clock();
    const due = await store.claimDueWatches(now, deps.owner, LEASE_MS, BATCH);
    const report: WatchTickReport = { checked: due.length, apiCalls: 0, effects: {} };
    if (due.length === 0) return report;
    const applying = createLimiter(WATCH_CONCURRENCY);
    // Grouped by index: one statistics read serves every watch on it, however many there are.
    const byIndex = [...Map.groupBy(due, (w) => w.indexId)];
    await forEachBounded(byIndex, API_CONCURRENCY, async ([indexId, watches]) => {
      if (signal?.aborted) return;
      const read = await readIndex(indexId, watches, report);
      await Promise.all(
        watches.map((watch) =>
          applying(async () => {
            if (!signal?.aborted) await checkOne(watch, read, now, report);
          }),
        ),
      );
    });
    logger.info({ event: 'watch_tick', ...report }, 'watches checked');
    return report;
  }

  /** The index's last hour, read once for its watches; none when no watch on it has a metric opsbot knows. */
  async function readIndex(
    indexId: string,
    watches: Watch[],
    report: WatchTickReport,
  ): Promise<Read | undefined> {
    if (!watches.some((w) => metricByKey(w.metric) !== undefined)) return undefined;
    report.apiCalls += 1;
    return deps.stats.getVectorIndexStats(indexId, '1h').then(
      (stats): Read => ({ ok: true, stats }),
      (error: unknown): Read => ({ ok: false, error }),
    );
  }

  async function checkOne(watch: Watch, read: Read | undefined, now: number, report: WatchTickReport) {
    try {
      const { check, points } = checkOf(watch, read);
      for (const e of await apply(watch, check, points, now))
        report.effects[e] = (report.effects[e] ?? 0) + 1;
    } catch (error) {
      // The lease runs out and the next tick (here or on another replica) tries again.
      logger.error(
        { event: 'watch_check_failed', watchId: watch.id, err: errField(error) },
        'watch check failed',
      );
    }
  }

  return { runOnce };
}

/** The watch's value in the read (or why there is none), and the series its alert's chart draws. */
function checkOf(watch: Watch, read: Read | undefined): { check: Check; points: readonly Point[] } {
  const metric = metricByKey(watch.metric);
  const noData = (reason: string, points: readonly Point[] = []) => ({
    check: { kind: 'no_data', reason } as const,
    points,
  });
  if (metric === undefined || read === undefined)
    return noData(`opsbot no longer knows the metric ${watch.metric}`);
  if (!read.ok) return noData(whyReadFailed(read.error, watch.indexId));
  const value = currentValue(metric, read.stats);
  const points = metric.source === 'series' ? read.stats[metric.key as SeriesName] : [];
  if (value === undefined) return noData(`the management API didn’t report ${metric.name}`, points);
  return { check: { kind: 'value', value }, points };
}
