// A channel that refuses a watch's posts: opsbot not in a private channel, the channel archived or
// gone, the workspace restricting it. Only a person can fix that, so trying again when the lease
// lapses helps nobody: the check keeps what it evaluated and waits its interval, an alert nobody saw
// opens no incident, the watch's creator is told once, and the flag clears with the next post Slack
// takes.
import { cantPostReason, errField, slackErrorCode } from '../../errors.ts';
import type { Logger } from '../../log.ts';
import type { Store, Watch, WatchState } from '../../store/index.ts';
import type { WatchesOutbound } from './service.ts';
import { cantPostNote } from './views/views.ts';
import type { ShownWatch } from './views/watch-words.ts';

/** Slack's code when `error` says opsbot can't post in the channel (src/errors.ts's CANT_POST); else undefined. */
function cantPostCode(error: unknown): string | undefined {
  return cantPostReason(error) === undefined ? undefined : slackErrorCode(error);
}

/** Runs the check's posts: undefined when they all went out, Slack's code when the channel refused one. */
export async function refusedWhile(post: () => Promise<void>): Promise<string | undefined> {
  try {
    await post();
    return undefined;
  } catch (error) {
    const code = cantPostCode(error);
    if (code === undefined) throw error;
    return code;
  }
}

/**
 * The evaluated state as it stands without its alert: a fire the channel never saw is not a fire yet,
 * so the breaches are kept and the next check that finds the value still past the threshold fires
 * again (with the incident starting at the first breach).
 */
function unfired(told: WatchState, before: WatchState): WatchState {
  return {
    ...told,
    status: 'ok',
    incidentSince: before.incidentSince,
    incidentId: before.incidentId ?? null,
    notifiedValue: before.notifiedValue,
    notifiedAt: before.notifiedAt,
    alert: before.alert,
  };
}

type CantPostDeps = {
  store: Pick<Store, 'discardIncident'>;
  logger: Pick<Logger, 'warn'>;
  slack: Pick<WatchesOutbound, 'tellCreator'>;
  commandName: () => string;
  shown: (watch: Watch) => Promise<ShownWatch>;
};

/** What one check had to say when the channel refused it. */
type Refused = {
  watch: Watch;
  /** The state evaluated and told so far. */
  told: WatchState;
  /** The check fired, and its alert is among what the channel refused. */
  firedUnseen: boolean;
  code: string;
  now: number;
};

/** The state to save after the channel refused a post: flagged, an unseen fire undone; the creator told the first time. */
export async function afterCantPost(deps: CantPostDeps, refused: Refused): Promise<WatchState> {
  const { watch, code, now } = refused;
  const before = watch.state;
  let told = refused.told;
  if (refused.firedUnseen) {
    const opened = told.incidentId;
    if (opened != null && opened !== before.incidentId) await deps.store.discardIncident(opened);
    told = unfired(told, before);
  }
  const flagged = { ...told, cantPost: { code, since: before.cantPost?.since ?? now } };
  deps.logger.warn(
    { event: 'watch_cant_post', watchId: watch.id, channel: watch.channelId, code },
    'the watch’s channel refused its post',
  );
  if (before.cantPost == null) await tellCreator(deps, watch, code);
  return flagged;
}

async function tellCreator(deps: CantPostDeps, watch: Watch, code: string): Promise<void> {
  try {
    await deps.slack.tellCreator(watch, cantPostNote(await deps.shown(watch), code, deps.commandName()));
  } catch (error) {
    deps.logger.warn(
      { event: 'watch_cant_post_dm_failed', watchId: watch.id, err: errField(error) },
      'could not tell the watch’s creator',
    );
  }
}

/** The channel as one check uses it: `onPosted` hears of each call Slack took (so the flag can clear). */
export function counted(slack: WatchesOutbound, onPosted: () => void): WatchesOutbound {
  const calls = Object.entries(slack).map(
    ([name, call]: [string, (...args: never[]) => Promise<unknown>]) => [
      name,
      async (...args: never[]) => {
        const answer = await call(...args);
        onPosted();
        return answer;
      },
    ],
  );
  return Object.fromEntries(calls) as WatchesOutbound;
}
