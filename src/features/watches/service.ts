// What the watches feature does, Slack-free: set up, change, silence and remove watches, and say
// which are firing. A click or a submission on a watch that no longer exists ends in TargetGone,
// with the sentence the person sees. The channel is reached through the WatchesOutbound declared
// here, which outbound.ts implements over the Web API.
import type { Point } from '../../api/schemas.ts';
import type { Clock } from '../../clock.ts';
import { errField, TargetGone, UserFacingError } from '../../errors.ts';
import type { Logger } from '../../log.ts';
import type { Policy } from '../../policy/index.ts';
import {
  CapReachedError,
  type FiringFilter,
  type MessageRef,
  type Store,
  type Watch,
  type WatchDefinition,
  type WatchIncident,
  type WatchNotify,
} from '../../store/index.ts';
import { escapeMrkdwn } from '../../text/mrkdwn.ts';
import { channelTimeZone } from '../../time/audience.ts';
import { acknowledger, controller, existingWatch, muteEnder, nothingTo } from './alert-clicks.ts';
import { INITIAL_STATE, NO_CONTROLS } from './evaluate.ts';
import { firingWatches } from './firing.ts';
import type { WatchSpec } from './input.ts';
import type { WatchList } from './views/list-view.ts';
import { channelFullSentence } from './views/views.ts';
import type { ShownWatch } from './views/watch-words.ts';

/** What the watches feature tells a channel; outbound.ts implements it. */
export type WatchesOutbound = {
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
  /** A DM to whoever set the watch up: its channel refuses opsbot's posts. */
  tellCreator(watch: Watch, text: string): Promise<void>;
};

/** Who a watch calls and how often it reminds; what is omitted stays as it is (or the default). */
export type Owners = { notify?: WatchNotify; remindEveryMs?: number | null };

export type WatchesServiceDeps = {
  store: Store;
  clock: Clock;
  logger: Logger;
  slack: WatchesOutbound;
  /** The slash command as the workspace names it, for the hints in sentences. */
  commandName(): string;
  /** The watch with its index's name, for the messages that show it. */
  shown(watch: Watch): Promise<ShownWatch>;
  /** The policy in force: its limits (watches per channel, mute) apply here. */
  policy(): Policy;
};

export type WatchesService = ReturnType<typeof createWatchesService>;

export function createWatchesService(deps: WatchesServiceDeps) {
  const { store, clock } = deps;
  const channelFull = channelFullCheck(deps);
  return {
    channelFull,
    ...watchSaver(deps),

    /** The watch the Edit button fills the form with. */
    forEdit: (id: number) => existingWatch(store, id, nothingTo('edit')),

    /** The watch whose alert's Open stats was clicked. */
    forStats: (id: number) =>
      existingWatch(store, id, 'That watch was removed, so its alert has no stats to open any more.'),

    /** `watch list`: the channel's watches, its time zone, and each watch's last incident. */
    async list(channelId: string): Promise<WatchList> {
      const watches = await store.listWatches(channelId);
      const incidents = await store.lastIncidents(channelId);
      return {
        watches: await Promise.all(watches.map(deps.shown)),
        timeZone: await channelTimeZone(store, channelId),
        lastIncidents: new Map(incidents.map((i) => [i.watchId, i])),
      };
    },

    acknowledge: acknowledger(deps),

    /** `watch remove <n>`: only a watch of the channel it is typed in. */
    remove: remover(deps),

    control: controller(deps),

    /** Clears the mutes that have ended and redraws their open alerts; how many ended. */
    endMutes: muteEnder(deps),

    /** Watches that need attention (snoozed and muted ones included), oldest trouble first. */
    firing: (filter?: FiringFilter) => firingWatches(store, clock(), filter),
    /** How many need attention in each channel (of one person's watches, when named). */
    firingCounts: (createdBy?: string) => store.countFiringWatches(createdBy),
  };
}

type ChannelFull = (channelId: string, editing?: number) => Promise<string | undefined>;

/** The sentence refusing one more watch in `channelId` (not counting `editing`), or undefined. */
function channelFullCheck(deps: WatchesServiceDeps): ChannelFull {
  return async (channelId, editing) => {
    const limit = deps.policy().limits.watchesPerChannel;
    const others = (await deps.store.listWatches(channelId)).filter((w) => w.id !== editing);
    return others.length >= limit ? channelFullSentence(limit, deps.commandName()) : undefined;
  };
}

/** The form's submission: a new watch, or a changed rule saved over an existing one. */
function watchSaver(deps: WatchesServiceDeps) {
  const { store, clock, logger, slack } = deps;
  /** The store counted the channel's watches in the write and found it full: the person is told. */
  const refuseWhenFull = (error: unknown): never => {
    if (error instanceof CapReachedError)
      throw new UserFacingError(channelFullSentence(error.max, deps.commandName()));
    throw error;
  };
  return {
    async create(
      spec: WatchSpec,
      channelId: string,
      userId: string,
      note: string | null,
      owners: Owners = {},
    ): Promise<Watch> {
      const now = clock();
      const limit = deps.policy().limits.watchesPerChannel;
      // The channel's cap is counted in the insert's own transaction: watches created at once, on
      // one replica or several, can't pass it together.
      const watch = await store
        .createWatch({
          ...definitionOf(spec, channelId, note, owners),
          createdBy: userId,
          createdAt: now,
          state: INITIAL_STATE,
          controls: NO_CONTROLS,
          nextCheckAt: now,
          maxInChannel: limit,
        })
        .catch(refuseWhenFull);
      logger.info(
        { event: 'watch_created', watchId: watch.id, channel: channelId, user: userId, metric: watch.metric },
        'watch created',
      );
      return deps.shown(watch);
    },

    /** The form saved over an existing watch: a new rule starts a new state; an open alert says so. */
    async edit(
      id: number,
      spec: WatchSpec,
      channelId: string,
      userId: string,
      note: string | null,
      owners: Owners = {},
    ): Promise<Watch> {
      const before = await store.getWatch(id);
      const limit = deps.policy().limits.watchesPerChannel;
      const watch =
        before === undefined
          ? undefined
          : await store
              .updateWatch(
                id,
                { ...definitionOf(spec, channelId, note, owners), maxInChannel: limit },
                INITIAL_STATE,
                clock(),
              )
              .catch(refuseWhenFull);
      if (before === undefined || watch === undefined)
        throw new TargetGone(
          // Plain text: the sentence shows in the form, where Slack doesn't render mrkdwn.
          `That watch was removed meanwhile, so there is nothing to save. Close the form and set it up again with ${deps.commandName()} watch.`,
        );
      // The open incident ends with the rule it belonged to.
      if (before.state.status === 'firing' && before.state.incidentId != null)
        await store.resolveIncident(before.state.incidentId, clock());
      await tellAlert(logger, before, (ref) => slack.showChanged(watch, ref, userId));
      logger.info({ event: 'watch_edited', watchId: id, user: userId, metric: watch.metric }, 'watch edited');
      return deps.shown(watch);
    },
  };
}

function remover(deps: WatchesServiceDeps) {
  const { store, logger, slack } = deps;
  return async (args: readonly string[], channelId: string, userId: string): Promise<Watch> => {
    const id = Number(args[0]);
    const watch = Number.isInteger(id) && args.length === 1 ? await store.getWatch(id) : undefined;
    if (watch === undefined || watch.channelId !== channelId)
      throw new UserFacingError(
        // What was typed is echoed escaped: a copied `<n>` would otherwise vanish in Slack.
        `There is no watch ${escapeMrkdwn(args.join(' ')) || '(no number given)'} in this channel. \`${deps.commandName()} watch list\` shows their numbers.`,
      );
    const removed = await store.deleteWatch(id);
    if (removed === undefined)
      throw new TargetGone(`Watch #${id} was removed meanwhile, so there is nothing left to remove.`);
    await tellAlert(logger, removed, (ref) => slack.showRemoved(removed, ref, userId));
    logger.info({ event: 'watch_removed', watchId: id, user: userId }, 'watch removed');
    return deps.shown(removed);
  };
}

/** An open alert's message is told of a change; the change itself is saved already, so a failure is only logged. */
async function tellAlert(logger: Logger, watch: Watch, show: (ref: MessageRef) => Promise<void>) {
  const alert = watch.state.status === 'firing' ? watch.state.alert : null;
  if (alert === null) return;
  await show(alert).catch((error: unknown) =>
    logger.warn(
      { event: 'watch_alert_not_updated', watchId: watch.id, err: errField(error) },
      'the open alert was not updated',
    ),
  );
}

/** What the form (or the text form) sets of a watch. */
function definitionOf(
  spec: WatchSpec,
  channelId: string,
  note: string | null,
  owners: Owners,
): WatchDefinition {
  return {
    ...owners,
    channelId,
    indexId: spec.indexId,
    metric: spec.metric.key,
    direction: spec.direction,
    threshold: spec.threshold,
    forChecks: spec.forChecks,
    note,
  };
}
