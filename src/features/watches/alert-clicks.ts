// What the alert's buttons do, Slack-free. Snooze, Mute and Unmute write a watch's controls (never
// its state), keep who did it, and redraw the open alert so the channel sees who silenced it. A
// mute ends by itself, at most the policy's `mute_at_most` after the click.
// Acknowledge: the store's compare-and-set decides who owns an incident. A click on a watch removed
// meanwhile is told so in one sentence, whichever button it was.
import { errField, TargetGone, UserFacingError } from '../../errors.ts';
import type { MessageRef, Watch, WatchControlEntry, WatchIncident } from '../../store/index.ts';
import { instantOfLocal, localDateOf } from '../../time/zones.ts';
import type { WatchesServiceDeps } from './service.ts';
import { alreadyAcknowledged } from './views/incident-views.ts';

export const nothingTo = (verb: string) => `That watch was removed, so there is nothing to ${verb}.`;

/** The watch `id`, or TargetGone with `gone`, the sentence the person who clicked sees. */
export async function existingWatch(
  store: WatchesServiceDeps['store'],
  id: number,
  gone: string,
): Promise<Watch> {
  const watch = Number.isInteger(id) ? await store.getWatch(id) : undefined;
  if (watch === undefined) throw new TargetGone(gone);
  return watch;
}

/** What the alert's buttons do to a watch's controls. */
export type Control = 'snooze_hour' | 'snooze_morning' | 'mute' | 'unmute';

const VERB: Record<Control, WatchControlEntry['action']> = {
  snooze_hour: 'snooze',
  snooze_morning: 'snooze',
  mute: 'mute',
  unmute: 'unmute',
};

const HOUR = 3_600_000;
/** The audit of who silenced a watch travels with its controls: the last clicks, this many. */
const HISTORY_KEPT = 50;

export function controller(deps: WatchesServiceDeps) {
  const { store, clock, logger, slack } = deps;

  /**
   * A click on the alert's Snooze, Mute or Unmute: logs who and until when, and redraws the alert.
   * `userZone`: the clicking person's time zone, for "tomorrow 09:00" in a channel without one.
   */
  return async (
    id: number,
    control: Control,
    userId: string,
    userZone: () => Promise<string | undefined>,
    /** How long a mute lasts; never past the policy's `mute_at_most`, which it is when not given. */
    muteForMs?: number,
  ): Promise<Watch> => {
    const verb = VERB[control];
    const watch = await existingWatch(store, id, nothingTo(verb));
    const now = clock();
    const longest = deps.policy().limits.muteAtMostMs;
    const muteFor = Math.min(muteForMs ?? longest, longest);
    const changed = await controlsAfter(watch, control, userId, { now, muteFor }, userZone);
    const entry: WatchControlEntry = {
      action: verb,
      by: userId,
      at: now,
      until: verb === 'snooze' ? changed.snoozedUntil : verb === 'mute' ? (changed.mutedUntil ?? null) : null,
    };
    const controls: Watch['controls'] = {
      ...changed,
      history: [...(watch.controls.history ?? []), entry].slice(-HISTORY_KEPT),
    };
    if (!(await store.setWatchControls(watch.id, controls))) throw new TargetGone(nothingTo(verb));
    logger.info(
      {
        event: `watch_${verb}d`,
        watchId: watch.id,
        user: userId,
        until: entry.until ?? controls.snoozedUntil,
      },
      `watch ${verb}d`,
    );
    const updated = { ...watch, controls };
    const { alert, incidentId } = updated.state;
    if (alert !== null && updated.state.status === 'firing')
      await slack.showAlert(
        updated,
        alert,
        incidentId == null ? undefined : await store.getIncident(incidentId),
      );
    return updated;
  };

  async function controlsAfter(
    watch: Watch,
    control: Control,
    userId: string,
    { now, muteFor }: { now: number; muteFor: number },
    userZone: () => Promise<string | undefined>,
  ): Promise<Omit<Watch['controls'], 'history'>> {
    switch (control) {
      case 'snooze_hour':
        return { ...watch.controls, snoozedUntil: now + HOUR, snoozedBy: userId };
      case 'snooze_morning': {
        // Tomorrow 09:00 on the channel's clock (its digest's zone), else the clicking person's.
        const subscription = await store.getSubscription(watch.channelId).catch(() => undefined);
        const zone = subscription?.timeZone ?? (await userZone()) ?? 'UTC';
        const [y, m, d] = localDateOf(now + 24 * HOUR, zone)
          .split('-')
          .map(Number) as [number, number, number];
        const until = instantOfLocal({ year: y, month: m, day: d }, 9, 0, zone);
        return { ...watch.controls, snoozedUntil: until, snoozedBy: userId };
      }
      case 'mute':
        return { ...watch.controls, mutedBy: userId, mutedAt: now, mutedUntil: now + muteFor };
      case 'unmute':
        return { ...watch.controls, mutedBy: null, mutedAt: null, mutedUntil: null };
    }
  }
}

/**
 * Mutes that have ended are cleared, and a firing watch's alert is redrawn without them (Mute offered
 * again), so the channel sees the mute is over. The checker already treats them as unmuted; this is
 * what people see. Run before each round of checks.
 */
export function muteEnder(deps: WatchesServiceDeps) {
  const { store, clock, logger, slack } = deps;
  return async function endMutes(): Promise<number> {
    const now = clock();
    const ended = await store.listEndedMutes(now);
    for (const watch of ended) {
      const controls = { ...watch.controls, mutedBy: null, mutedAt: null, mutedUntil: null };
      if (!(await store.setWatchControls(watch.id, controls))) continue;
      logger.info({ event: 'watch_unmuted', watchId: watch.id, ended: true }, 'watch mute ended');
      const { alert, incidentId } = watch.state;
      if (alert === null || watch.state.status !== 'firing') continue;
      const incident = incidentId == null ? undefined : await store.getIncident(incidentId);
      await slack
        .showAlert({ ...watch, controls }, alert, incident)
        .catch((error: unknown) =>
          logger.warn(
            { event: 'watch_alert_not_updated', watchId: watch.id, err: errField(error) },
            'the open alert was not updated',
          ),
        );
    }
    return ended.length;
  };
}

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
