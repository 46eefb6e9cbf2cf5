// The vector-stats feature as the app sees it: register() wires the service, the outbound shower and
// the listeners, and returns the port other features build on.
import { UserFacingError } from '../../errors.ts';
import type { FeatureContext } from '../../feature-context.ts';
import { channelTimeZone } from '../../time/audience.ts';
import type { IndexNamesPort } from '../index-names/index.ts';
import { ACTION_DETAILS, ACTION_PERIOD, ACTION_REFRESH } from './ids.ts';
import { parseStatsCommand, type StatsTarget } from './input.ts';
import { registerStatsListeners } from './listeners.ts';
import { statsShower } from './outbound.ts';
import { createStatsService, type ReadOptions, type StatsRead } from './service.ts';
import { commandProblemNotice } from './views.ts';

export type { StatsTarget } from './input.ts';
export type { StatsRead } from './service.ts';

/** Where stats were asked for: the channel (a thread in it) the post goes to, and who asked. */
export type StatsRequest = {
  /** Undefined when a workflow asked (a Workflow Builder step runs as nobody in particular). */
  userId: string | undefined;
  channel: string;
  /** Post in this message's thread (a watch's alert) rather than in the channel. */
  threadTs?: string;
};

/**
 * Posts an index's stats and card where a person asked for them. Throws TargetGone when the index
 * doesn't exist and UserFacingError when the API fails, each with the sentence to show.
 */
export type StatsPoster = (target: StatsTarget, where: StatsRequest) => Promise<void>;

export type VectorStatsPort = {
  /**
   * What `<index> [period]` names, read as the command reads it (a name or an id; `1h` when no
   * period); throws a UserFacingError with the command's sentence when it names nothing.
   */
  target(index: string, period?: string): Promise<StatsTarget>;
  postStats: StatsPoster;
  /**
   * The read alone (throws as postStats does, and with the BUSY sentence past the admission), so a
   * form can say "no such index" before it closes; `{ card: false }` for the numbers only. Its times
   * are on the clock of `channel`, where it will be posted (UTC without one).
   */
  read(target: StatsTarget, options?: PortReadOptions): Promise<StatsRead>;
  /** Posts what `read` returned. */
  post(read: StatsRead, where: StatsRequest): Promise<void>;
};

export type PortReadOptions = Pick<ReadOptions, 'card'> & { channel?: string | undefined };

export function register(context: FeatureContext<{ indexNames: IndexNamesPort }>): VectorStatsPort {
  const stats = 'stats' as const;
  context.policy.protect({
    actions: { [ACTION_PERIOD]: stats, [ACTION_REFRESH]: stats, [ACTION_DETAILS]: stats },
  });
  const logger = context.logger.child({ feature: 'vector-stats' });
  const service = createStatsService({
    mgmt: context.scheduledStats,
    admission: context.statsWork,
    logger,
    indexes: context.uses.indexNames,
  });
  const show = statsShower(context, logger);
  registerStatsListeners(context, service, show);
  const post = (read: StatsRead, where: StatsRequest) => show(read, where, where.userId);
  const read = async (target: StatsTarget, { channel, ...options }: PortReadOptions = {}) =>
    service.read(target, {
      ...options,
      ...(channel === undefined ? {} : { timeZone: await channelTimeZone(context.store, channel) }),
    });
  return {
    async target(index, period) {
      const parsed = parseStatsCommand(period === undefined ? [index] : [index, period]);
      if (!parsed.ok) {
        const example = await context.uses.indexNames.exampleIndex();
        throw new UserFacingError(commandProblemNotice(parsed, context.commandName(), example).text);
      }
      return { ...parsed.target, indexId: await context.uses.indexNames.resolve(parsed.target.indexId) };
    },
    read,
    post,
    postStats: async (target, where) => post(await read(target, { channel: where.channel }), where),
  };
}
