// Which watches need attention, as the Home tab lists them: firing ones, snoozed and muted included,
// and those whose channel refuses opsbot's posts (a crossing there reaches nobody).
import { type FiringFilter, isMuted, type Store } from '../../store/index.ts';
import { metricByKey } from './watchable.ts';

/** A watch that needs attention, as the Home tab lists it. */
export type FiringWatch = {
  watchId: number;
  indexId: string;
  /** The name the team gave the index, if any. */
  indexName?: string | undefined;
  /** The metric's one name, e.g. "p99-query-latency". */
  metric: string;
  channelId: string;
  /** Who set the watch up. */
  createdBy: string;
  /** When the incident started; for a watch that isn't firing, since when its channel refuses. */
  since: number;
  /** The alert message, for a link to it. */
  alert: { channel: string; ts: string } | undefined;
  snoozedUntil: number | undefined;
  muted: boolean;
  /** Who acknowledged the open incident (a user id), if anyone has. */
  acknowledgedBy?: string | undefined;
  /** Its channel refuses opsbot's posts (`watch list` says "can't post in #x"); cleared by the next post Slack takes. */
  cantPost?: boolean;
};

export async function firingWatches(
  store: Store,
  now: number,
  filter?: FiringFilter,
): Promise<FiringWatch[]> {
  const firing = await store.listFiringWatches(filter);
  // Only the incidents and names of the watches read: a tab reads what it shows.
  const incidentIds = firing.flatMap((w) => (w.state.incidentId == null ? [] : [w.state.incidentId]));
  const incidents = new Map((await store.getIncidents(incidentIds)).map((i) => [i.id, i]));
  const indexIds = [...new Set(firing.map((w) => w.indexId))];
  const known = await Promise.all(indexIds.map((id) => store.getKnownIndex(id)));
  const names = new Map(indexIds.map((id, i) => [id, known[i]?.name ?? undefined]));
  return firing.map((w) => ({
    watchId: w.id,
    indexId: w.indexId,
    indexName: names.get(w.indexId),
    metric: metricByKey(w.metric)?.name ?? w.metric,
    channelId: w.channelId,
    createdBy: w.createdBy,
    since: w.state.incidentSince ?? w.state.cantPost?.since ?? w.state.lastCheckedAt ?? w.createdAt,
    alert: w.state.alert ?? undefined,
    snoozedUntil: w.controls.snoozedUntil ?? undefined,
    muted: isMuted(w.controls, now),
    acknowledgedBy:
      w.state.incidentId == null
        ? undefined
        : (incidents.get(w.state.incidentId)?.acknowledgedBy ?? undefined),
    cantPost: w.state.cantPost != null,
  }));
}
