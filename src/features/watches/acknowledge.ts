// The alert's Acknowledge, Slack-free: the store's compare-and-set decides who owns an incident.
import { TargetGone, UserFacingError } from '../../errors.ts';
import type { MessageRef, WatchIncident } from '../../store/index.ts';
import { nothingTo } from './gone.ts';
import type { WatchesServiceDeps } from './service.ts';
import { alreadyAcknowledged } from './views/incident-views.ts';

export function acknowledger(deps: WatchesServiceDeps) {
  const { store, clock, logger, slack } = deps;
  /**
   * The alert's Acknowledge: the first click owns the incident (a compare-and-set in the store),
   * the alert is redrawn in place saying who, and reminders stop. A later click by someone else
   * is told who has it. `clicked`: the message clicked, when the watch no longer points at it.
   */
  return async function acknowledge(
    incidentId: number,
    userId: string,
    userName: string,
    clicked: MessageRef | undefined,
  ): Promise<WatchIncident> {
    const found = Number.isInteger(incidentId) ? await store.getIncident(incidentId) : undefined;
    if (found === undefined) throw new TargetGone(nothingTo('acknowledge'));
    const now = clock();
    const acked = await store.acknowledgeIncident(incidentId, userId, userName, now);
    if (acked === undefined) {
      const current = (await store.getIncident(incidentId)) ?? found;
      if (current.acknowledgedBy === userId) return current;
      if (current.acknowledgedBy !== null) throw new UserFacingError(alreadyAcknowledged(current, now));
      throw new UserFacingError('That incident is resolved already, so there is nothing to acknowledge.');
    }
    logger.info(
      {
        event: 'watch_acknowledged',
        watchId: acked.watchId,
        incidentId,
        user: userId,
        afterMs: now - acked.firedAt,
      },
      'watch alert acknowledged',
    );
    const watch = await store.getWatch(acked.watchId);
    const ref = watch?.state.incidentId === acked.id ? (watch.state.alert ?? clicked) : clicked;
    if (watch !== undefined && ref !== undefined) await slack.showAlert(watch, ref, acked);
    return acked;
  };
}
