// The vector-stats feature as the app sees it: register() wires the service, the outbound shower and
// the listeners, and returns the port other features build on.
import { UserFacingError } from '../../errors.ts';
import type { FeatureContext } from '../../feature-context.ts';
import type { IndexNamesPort } from '../index-names/index.ts';
import { ACTION_DETAILS, ACTION_PERIOD, ACTION_REFRESH } from './ids.ts';
import { parseStatsCommand, type StatsTarget } from './input.ts';
import { registerStatsListeners } from './listeners.ts';
import { createVectorStatsOutbound } from './outbound.ts';
import { createStatsService, type StatsRead, type StatsView } from './service.ts';
import { refusalNotice } from './views.ts';

export type { StatsTarget } from './input.ts';
export type { StatsRead, StatsView } from './service.ts';

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
  /** The read alone (throws as postStats does), so a form can say "no such index" before it closes. */
  read(target: StatsTarget): Promise<StatsRead>;
  /** Posts what `read` returned. */
  post(read: StatsRead, where: StatsRequest): Promise<void>;
  /** The report with its card, as a post shows them (an agent over MCP gets both). */
  draw(read: StatsRead): Promise<StatsView>;
};

export function register(context: FeatureContext<{ indexNames: IndexNamesPort }>): VectorStatsPort {
  const stats = 'stats' as const;
  context.policy.protect({
    actions: { [ACTION_PERIOD]: stats, [ACTION_REFRESH]: stats, [ACTION_DETAILS]: stats },
  });
  const logger = context.logger.child({ feature: 'vector-stats' });
  const service = createStatsService({ mgmt: context.mgmt, logger, indexes: context.uses.indexNames });
  const outbound = createVectorStatsOutbound({ ...context, client: context.app.client }, logger, service);
  registerStatsListeners({ ...context, logger, indexNames: context.uses.indexNames }, service, outbound);
  const post = (read: StatsRead, where: StatsRequest) => outbound.show(read, where, where.userId);
  return {
    async target(index, period) {
      const parsed = parseStatsCommand(period === undefined ? [index] : [index, period]);
      if (!parsed.ok) {
        const example = await context.uses.indexNames.exampleIndex();
        throw new UserFacingError(refusalNotice(parsed, context.commandName(), example).text);
      }
      return { ...parsed.target, indexId: await context.uses.indexNames.resolve(parsed.target.indexId) };
    },
    read: (target) => service.read(target),
    post,
    draw: (read) => service.draw(read),
    postStats: async (target, where) => post(await service.read(target), where),
  };
}
