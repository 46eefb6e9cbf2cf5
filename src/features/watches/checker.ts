// Every tick: lease the due watches, read each index's last hour once for all of its watches,
// evaluate, and tell the channel what changed. Slack-free: the channel is reached through a
// WatchSlack port. Reads go through the app's shared statistics reads, so a digest tick asking for
// the same index at the same moment shares the call.
import { isManagementApiError } from '../../api/errors.ts';
import type { Point, SeriesName, VectorIndexStats } from '../../api/schemas.ts';
import type { StatsReader } from '../../api/shared-reads.ts';
import { errField } from '../../errors.ts';
import { createLimiter, forEachBounded } from '../../limiter.ts';
import type { Logger } from '../../log.ts';
import type { MessageRef, Store, Watch, WatchIncident, WatchState } from '../../store/index.ts';
import { type Check, type Effect, evaluate, isSilenced } from './evaluate.ts';
import { nextReminderAt, reminderDue, worstAfter } from './incident.ts';
import { currentValue, metricByKey } from './watchable.ts';

/** What the watches feature needs from Slack; src/features/watches/slack.ts implements it. */
export type WatchSlack = {
  /** `points`: the metric's last hour, drawn with the threshold (scalars have none). */
  postAlert(watch: Watch, points: readonly Point[], incident?: WatchIncident): Promise<MessageRef>;
  showAlert(watch: Watch, ref: MessageRef, incident?: WatchIncident): Promise<void>;
  /** The alert once resolved: with the incident's record, its story (never a mention). */
  showResolved(watch: Watch, ref: MessageRef, incident?: WatchIncident): Promise<void>;
  /** The open alert of a watch someone changed (`by`): its incident is closed. */
  showChanged(watch: Watch, ref: MessageRef, by: string): Promise<void>;
  /** The open alert of a watch someone removed (`by`): it gets no more updates. */
  showRemoved(watch: Watch, ref: MessageRef, by: string): Promise<void>;
  postInThread(ref: MessageRef, text: string): Promise<void>;
  postNoData(watch: Watch, reason: string): Promise<MessageRef>;
  showDataBack(watch: Watch, ref: MessageRef): Promise<void>;
};

export type CheckerDeps = {
  store: Store;
  stats: StatsReader;
  clock: () => number;
  logger: Logger;
  slack: WatchSlack;
  intervalMs: number;
  /** This process, as the store's leases name it. */
  owner: string;
  notes: {
    recovered(watch: Watch, now: number): string;
    worse(watch: Watch, previous: number | null): string;
    /** The threaded reminder of an unacknowledged incident, with the watch's mentions. */
    reminder(watch: Watch, incident: WatchIncident, now: number): string;
  };
};

const LEASE_MS = 2 * 60_000;
const BATCH = 1_000;
const API_CONCURRENCY = 4;
const WATCH_CONCURRENCY = 8;

/** What a tick did: the evaluation's effects, and `remind` for each reminder posted. */
export type TickReport = {
  checked: number;
  apiCalls: number;
  effects: Partial<Record<Effect | 'remind', number>>;
};

type Read = { ok: true; stats: VectorIndexStats } | { ok: false; error: unknown };

export function createWatchChecker(deps: CheckerDeps) {
  const { store, logger } = deps;

  /** One tick. When `signal` aborts (the app stopping), the watches not yet checked wait out their lease. */
  async function runOnce(signal?: AbortSignal): Promise<TickReport> {
    const now = deps.clock();
    const due = await store.claimDueWatches(now, deps.owner, LEASE_MS, BATCH);
    const report: TickReport = { checked: due.length, apiCalls: 0, effects: {} };
    if (due.length === 0) return report;
    const applying = createLimiter(WATCH_CONCURRENCY);
    // Grouped by index: one statistics read serves every watch on it, however many there are.
    const byIndex = [...Map.groupBy(due, (w) => w.indexId)];
    await forEachBounded(byIndex, API_CONCURRENCY, async ([indexId, watches]) => {
      if (signal?.aborted) return;
      let read: Read | undefined;
      if (watches.some((w) => metricByKey(w.metric) !== undefined)) {
        report.apiCalls += 1;
        read = await deps.stats.getVectorIndexStats(indexId, '1h').then(
          (stats): Read => ({ ok: true, stats }),
          (error: unknown): Read => ({ ok: false, error }),
        );
      }
      await Promise.all(
        watches.map((watch) =>
          applying(async () => {
            if (signal?.aborted) return;
            try {
              const { check, points } = checkOf(watch, read);
              const effects = await apply(watch, check, points, now);
              for (const e of effects) report.effects[e] = (report.effects[e] ?? 0) + 1;
            } catch (error) {
              // The lease runs out and the next tick (here or on another replica) tries again.
              logger.error(
                { event: 'watch_check_failed', watchId: watch.id, err: errField(error) },
                'watch check failed',
              );
            }
          }),
        ),
      );
    });
    logger.info({ event: 'watch_tick', ...report }, 'watches checked');
    return report;
  }

  function checkOf(watch: Watch, read: Read | undefined): { check: Check; points: readonly Point[] } {
    const metric = metricByKey(watch.metric);
    if (metric === undefined || read === undefined)
      return {
        check: { kind: 'no_data', reason: `opsbot no longer knows the metric ${watch.metric}` },
        points: [],
      };
    if (!read.ok) return { check: { kind: 'no_data', reason: noDataReason(watch, read.error) }, points: [] };
    const value = currentValue(metric, read.stats);
    const points = metric.source === 'series' ? read.stats[metric.key as SeriesName] : [];
    return value === undefined
      ? { check: { kind: 'no_data', reason: `the management API didn’t report ${metric.label}` }, points }
      : { check: { kind: 'value', value }, points };
  }

  async function apply(
    watch: Watch,
    check: Check,
    points: readonly Point[],
    now: number,
  ): Promise<Array<Effect | 'remind'>> {
    const rule = { direction: watch.direction, threshold: watch.threshold, forChecks: watch.forChecks };
    const previous = watch.state;
    const { state, effects } = evaluate(rule, previous, check, now);
    const next: Watch = { ...watch, state };
    const quiet = isSilenced(watch.controls, now);
    const told: WatchState = { ...state };
    const facts = { watchId: watch.id, channel: watch.channelId, indexId: watch.indexId, silenced: quiet };
    let incident = await openIncidentOf(previous, check, now);
    for (const effect of effects) {
      if (effect === 'fire') {
        incident = await store.openIncident({
          watchId: watch.id,
          firedAt: state.incidentSince ?? now,
          direction: watch.direction,
          threshold: watch.threshold,
          worstValue: check.kind === 'value' ? check.value : watch.threshold,
          worstAt: now,
          nextReminderAt: nextReminderAt(now, watch.remindEveryMs),
        });
        told.incidentId = incident.id;
        logger.info({ event: 'watch_fire', ...facts, incidentId: incident.id }, 'watch fired');
      } else if (effect === 'resolve') {
        if (incident !== undefined) incident = (await store.resolveIncident(incident.id, now)) ?? incident;
        if (previous.alert !== null) {
          await deps.slack.showResolved(next, previous.alert, incident);
          await deps.slack.postInThread(previous.alert, deps.notes.recovered(next, now));
        }
        logger.info({ event: 'watch_resolve', ...facts }, 'watch resolved');
      } else if (effect === 'worse') {
        if (previous.alert !== null && !quiet)
          await deps.slack.postInThread(previous.alert, deps.notes.worse(next, previous.notifiedValue));
        logger.info({ event: 'watch_worse', ...facts }, 'watch markedly worse');
      } else if (effect === 'no_data') {
        if (!quiet)
          told.noDataAlert = await deps.slack.postNoData(next, check.kind === 'no_data' ? check.reason : '');
        logger.info({ event: 'watch_no_data', ...facts }, 'watch has no data');
      } else if (effect === 'data_back') {
        if (previous.noDataAlert !== null) await deps.slack.showDataBack(next, previous.noDataAlert);
        told.noDataAlert = null;
        logger.info({ event: 'watch_data_back', ...facts }, 'watch has data again');
      }
    }
    if (effects.includes('resolve')) told.alert = null;
    // A firing watch without its alert: it fired while snoozed or muted (or its post failed); the
    // channel hears of it as soon as it may.
    const done: Array<Effect | 'remind'> = [...effects];
    if (told.status === 'firing' && told.alert === null && !quiet) {
      told.alert = await deps.slack.postAlert({ ...next, state: told }, points, incident);
      if (!effects.includes('fire')) {
        // The late alert calls everyone already: the next reminder counts from it.
        if (incident?.nextReminderAt != null)
          await store.claimIncidentReminder(
            incident.id,
            incident.nextReminderAt,
            now,
            nextReminderAt(now, watch.remindEveryMs),
          );
        logger.info(
          { event: 'watch_alert_posted_late', ...facts },
          'alert posted once the watch could speak',
        );
      }
    } else if (
      told.status === 'firing' &&
      told.alert !== null &&
      incident !== undefined &&
      reminderDue(incident, now, quiet) &&
      (await remind({ ...next, state: told }, told.alert, incident, now))
    ) {
      done.push('remind');
    }
    const saved = await store.saveWatchState(watch.id, deps.owner, told, now + deps.intervalMs);
    if (!saved)
      logger.warn({ event: 'watch_lease_lost', watchId: watch.id }, 'watch lease lost before saving');
    return done;
  }

  /**
   * The open incident of a watch that was firing, its worst value brought up to this check's. The
   * check holds the watch's lease, so it is the only writer of the worst value.
   */
  async function openIncidentOf(previous: WatchState, check: Check, now: number) {
    if (previous.status !== 'firing' || previous.incidentId == null) return undefined;
    const incident = await store.getIncident(previous.incidentId);
    if (incident === undefined || check.kind !== 'value') return incident;
    const worse = worstAfter(incident, check.value, now);
    if (worse === undefined) return incident;
    await store.setIncidentWorst(incident.id, worse.worstValue, worse.worstAt);
    return { ...incident, ...worse };
  }

  /**
   * One threaded reminder, exactly once: the store's compare-and-set on the due time decides, so a
   * replica (or a restart) that read the same due time posts nothing. Claimed before the post, so a
   * failed post waits for the next interval rather than risking two.
   */
  async function remind(watch: Watch, alert: MessageRef, incident: WatchIncident, now: number) {
    const due = incident.nextReminderAt;
    if (due === null) return false;
    const next = nextReminderAt(now, watch.remindEveryMs);
    if (!(await store.claimIncidentReminder(incident.id, due, now, next))) return false;
    await deps.slack.postInThread(alert, deps.notes.reminder(watch, incident, now));
    logger.info(
      {
        event: 'watch_reminded',
        watchId: watch.id,
        channel: watch.channelId,
        incidentId: incident.id,
        reminders: incident.reminders + 1,
      },
      'reminder posted',
    );
    return true;
  }

  return { runOnce };
}

function noDataReason(watch: Watch, error: unknown): string {
  if (!isManagementApiError(error)) return 'opsbot couldn’t read the statistics';
  switch (error.kind) {
    case 'not_found':
      return `the management API has no vector index ${watch.indexId} (404)`;
    case 'auth':
      return 'the management API refused opsbot’s credentials';
    case 'timeout':
      return 'the management API didn’t answer in time';
    case 'rate_limited':
      return 'the management API is rate-limiting opsbot';
    case 'invalid_response':
      return 'the management API answered in a form opsbot doesn’t understand';
    default:
      return 'the management API couldn’t be reached';
  }
}
