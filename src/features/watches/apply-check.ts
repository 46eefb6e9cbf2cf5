// One watch's check applied, step by step: the evaluation, what each of its effects records and
// tells the channel (in the order evaluate() gives them), the alert a firing watch still owes or its
// due reminder, and the state saved under the watch's lease — also when the channel refuses
// (channel-refuses.ts).
import type { Point } from '../../api/schemas.ts';
import type { MessageRef, Watch, WatchIncident, WatchState } from '../../store/index.ts';
import { afterCantPost, counted, refusedWhile } from './channel-refuses.ts';
import { type Check, type Effect, evaluate, isSilenced } from './evaluate.ts';
import { nextReminderAt, reminderDue, worstAfter } from './incident.ts';
import type { WatchesOutbound, WatchesServiceDeps } from './service.ts';
import { reminderText } from './views/incident-views.ts';
import { recoveredNote, worseNote } from './views/views.ts';

export type CheckDeps = Pick<
  WatchesServiceDeps,
  'store' | 'clock' | 'logger' | 'slack' | 'commandName' | 'shown'
> & {
  intervalMs: number;
  /** This process, as the store's leases name it. */
  owner: string;
};

/** What a check did: its evaluation's effects, and `remind` when it posted a reminder. */
export type CheckEffect = Effect | 'remind';

/** One check under way. `told` is the state to save: the evaluated one with the messages posted for it. */
type Step = {
  /** The watch as leased, its state the one before this check. */
  watch: Watch;
  /** The watch with the evaluated state. */
  next: Watch;
  check: Check;
  points: readonly Point[];
  now: number;
  effects: Effect[];
  /** Snoozed or muted: evaluated and saved, but the channel hears nothing. */
  quiet: boolean;
  told: WatchState;
  incident: WatchIncident | undefined;
  /** The log line's fields. */
  facts: { watchId: number; channel: string; indexId: string; silenced: boolean };
  /** The channel, through which `posted` learns that Slack took one of this check's posts. */
  slack: WatchesOutbound;
  posted: boolean;
};

export function checkApplier(deps: CheckDeps) {
  const { store, logger } = deps;
  const onEffect = effectSteps(deps);

  return async function apply(watch: Watch, check: Check, points: readonly Point[], now: number) {
    const rule = { direction: watch.direction, threshold: watch.threshold, forChecks: watch.forChecks };
    const { state, effects } = evaluate(rule, watch.state, check, now);
    const quiet = isSilenced(watch.controls, now);
    const next = { ...watch, state };
    const incident = await openIncidentOf(watch.state, check, now);
    const facts = { watchId: watch.id, channel: watch.channelId, indexId: watch.indexId, silenced: quiet };
    const step = { watch, next, check, points, now, effects, quiet, incident, facts, posted: false };
    const slack = counted(deps.slack, () => {
      step.posted = true;
    });
    return postAndSave(Object.assign(step, { told: { ...state }, slack }));
  };

  /**
   * Everything the check tells the channel, then its state saved: the one place where the posts and
   * the saved state meet. A channel that refuses is told to the watch's creator and the state saved
   * with it; any other post that throws leaves the state unsaved, the lease runs out and a later
   * tick evaluates again.
   */
  async function postAndSave(step: Step): Promise<CheckEffect[]> {
    const done: CheckEffect[] = [...step.effects];
    const refused = await refusedWhile(async () => {
      for (const effect of step.effects) await onEffect[effect](step);
      if (await alertOrRemind(step)) done.push('remind');
    });
    const { watch, now } = step;
    const firedUnseen = refused !== undefined && done.includes('fire') && step.told.alert === null;
    const told =
      refused === undefined
        ? cleared(step)
        : await afterCantPost(deps, { watch, told: step.told, firedUnseen, code: refused, now });
    const saved = await store.saveWatchState(watch.id, deps.owner, told, now + deps.intervalMs);
    if (!saved)
      logger.warn({ event: 'watch_lease_lost', watchId: watch.id }, 'watch lease lost before saving');
    return firedUnseen ? done.filter((effect) => effect !== 'fire') : done;
  }

  /** The state told, its channel's flag cleared once Slack took one of this check's posts. */
  function cleared(step: Step): WatchState {
    const flagged = step.watch.state.cantPost != null;
    if (flagged && step.posted)
      logger.info({ event: 'watch_can_post_again', ...step.facts }, 'the watch’s channel takes posts again');
    return flagged && step.posted ? { ...step.told, cantPost: null } : step.told;
  }

  /** A firing watch without its alert posts it; one with its alert, a due reminder (true when posted). */
  async function alertOrRemind(step: Step): Promise<boolean> {
    const { told, incident, now, quiet } = step;
    if (told.status !== 'firing') return false;
    if (told.alert === null) {
      if (!quiet) await postAlert(step);
      return false;
    }
    return (
      incident !== undefined &&
      reminderDue(incident, now, quiet) &&
      remind(step, { ...step.next, state: told }, told.alert, incident)
    );
  }

  /**
   * The alert of a firing watch: it fired just now, or while snoozed or muted (or its post failed),
   * and the channel hears of it as soon as it may.
   */
  async function postAlert(step: Step): Promise<void> {
    const { watch, told, incident, now } = step;
    told.alert = await step.slack.postAlert({ ...step.next, state: told }, step.points, incident);
    if (step.effects.includes('fire')) return;
    // The late alert calls everyone already: the next reminder counts from it.
    if (incident?.nextReminderAt != null)
      await store.claimIncidentReminder(
        incident.id,
        incident.nextReminderAt,
        now,
        nextReminderAt(now, watch.remindEveryMs),
      );
    logger.info(
      { event: 'watch_alert_posted_late', ...step.facts },
      'alert posted once the watch could speak',
    );
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
  async function remind(step: Step, watch: Watch, alert: MessageRef, incident: WatchIncident) {
    const { now } = step;
    const due = incident.nextReminderAt;
    if (due === null) return false;
    const next = nextReminderAt(now, watch.remindEveryMs);
    if (!(await store.claimIncidentReminder(incident.id, due, now, next))) return false;
    // Named as every message names an index.
    await step.slack.postInThread(alert, reminderText(await deps.shown(watch), incident, now));
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
}

/** Each effect's step: what it records in the store and says in the channel. */
function effectSteps(deps: CheckDeps): Record<Effect, (step: Step) => Promise<void>> {
  const { store, logger } = deps;
  return {
    async fire(step) {
      const { watch, told, check, now } = step;
      step.incident = await store.openIncident({
        watchId: watch.id,
        firedAt: told.incidentSince ?? now,
        direction: watch.direction,
        threshold: watch.threshold,
        worstValue: check.kind === 'value' ? check.value : watch.threshold,
        worstAt: now,
        nextReminderAt: nextReminderAt(now, watch.remindEveryMs),
      });
      told.incidentId = step.incident.id;
      logger.info({ event: 'watch_fire', ...step.facts, incidentId: step.incident.id }, 'watch fired');
    },
    async resolve(step) {
      const { alert } = step.watch.state;
      if (step.incident !== undefined)
        step.incident = (await store.resolveIncident(step.incident.id, step.now)) ?? step.incident;
      // Over, whether or not the channel takes the update: the next fire posts an alert of its own.
      step.told.alert = null;
      if (alert !== null) {
        await step.slack.showResolved(step.next, alert, step.incident);
        await step.slack.postInThread(alert, recoveredNote(step.next, step.now));
      }
      logger.info({ event: 'watch_resolve', ...step.facts }, 'watch resolved');
    },
    async worse(step) {
      const { alert, notifiedValue } = step.watch.state;
      if (alert !== null && !step.quiet)
        await step.slack.postInThread(alert, worseNote(step.next, notifiedValue));
      logger.info({ event: 'watch_worse', ...step.facts }, 'watch markedly worse');
    },
    async no_data(step) {
      const reason = step.check.kind === 'no_data' ? step.check.reason : '';
      if (!step.quiet) step.told.noDataAlert = await step.slack.postNoData(step.next, reason);
      logger.info({ event: 'watch_no_data', ...step.facts }, 'watch has no data');
    },
    async data_back(step) {
      const { noDataAlert } = step.watch.state;
      step.told.noDataAlert = null;
      if (noDataAlert !== null) await step.slack.showDataBack(step.next, noDataAlert);
      logger.info({ event: 'watch_data_back', ...step.facts }, 'watch has data again');
    },
  };
}
