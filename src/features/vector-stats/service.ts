// What the feature does, without Slack: fetch the statistics, reduce them to the summary, and draw
// the card, within the process's admission for statistics work (src/api/shared-reads.ts). A card
// that fails to draw costs the picture, never the numbers.
import {
  describeApiError,
  isManagementApiError,
  type ManagementClient,
  type VectorIndexStats,
} from '../../api/index.ts';
import { errField, TargetGone, UserFacingError } from '../../errors.ts';
import type { Admission } from '../../limiter.ts';
import type { Logger } from '../../log.ts';
import { sharedWhileInFlight } from '../../memoize.ts';
import { type CardRenderer, defaultCardRenderer } from '../../render/index.ts';
import type { PngUpload } from '../../slack/upload.ts';
import { buildReport, type StatsReport } from '../../stats-report/report.ts';
import type { Store } from '../../store/index.ts';
import { channelTimeZone } from '../../time/audience.ts';
import { UTC } from '../../time/words.ts';
import { PERIOD_WORDS, plainIndexLabel } from '../../vector-index.ts';
import type { IndexNamesService } from '../index-names/index.ts';
import { parseStatsCommand, type StatsTarget } from './input.ts';
import { apiErrorSentence, commandProblemNotice, notFoundSentence } from './views.ts';

/**
 * What was read of an index: the report built from its numbers and, when asked for, its card. The
 * raw series is not kept: it is dropped once both are built, so a read waiting to be posted holds
 * only the report and the PNG.
 */
export type StatsRead = { target: StatsTarget; report: StatsReport; card: PngUpload | undefined };

type ReadOptions = {
  /** Draw the card too (default); the numbers alone (Details, a step's outputs) skip it. */
  card?: boolean;
  /** The zone the report's and the card's times are in (the conversation's, src/time/audience.ts); UTC by default. */
  timeZone?: string;
  /** Or the channel it will be posted in, whose clock it is on (its digest's zone, else UTC). */
  channel?: string | undefined;
};

/** Where stats were asked for: the channel (a thread in it) the post goes to, and who asked. */
type StatsRequest = {
  /** Undefined when a workflow asked (a Workflow Builder step runs as nobody in particular). */
  userId: string | undefined;
  channel: string;
  /** Post in this message's thread (a watch's alert) rather than in the channel. */
  threadTs?: string;
};

type VectorStatsServiceDeps = {
  mgmt: Pick<ManagementClient, 'getVectorIndexStats'>;
  store: Pick<Store, 'getSubscription'>;
  commandName(): string;
  /** Shows what was read where it was asked for (outbound.ts). */
  show(read: StatsRead, where: StatsRequest, userId: string | undefined): Promise<void>;
  /** The process's admission for statistics work (context.statsWork). */
  admission: Pick<Admission, 'admit' | 'full'>;
  logger: Pick<Logger, 'error'>;
  renderer?: CardRenderer;
  /** Names to show beside ids, and the known names to offer when an id is not found. */
  indexes?: Pick<IndexNamesService, 'nameOf' | 'knownNamesHint' | 'resolve' | 'exampleIndex'>;
};

/** Safe in a filename whatever the id holds (ids are validated, but the filename is Slack-visible). */
function filenameFor(target: StatsTarget): string {
  const id = target.indexId.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 64);
  return `vector-stats-${id}-${target.period}.png`;
}

export function createVectorStatsService(deps: VectorStatsServiceDeps) {
  const renderer = deps.renderer ?? defaultCardRenderer;

  const fetch = async (target: StatsTarget): Promise<VectorIndexStats> => {
    try {
      return await deps.mgmt.getVectorIndexStats(target.indexId, target.period);
    } catch (error) {
      if (!isManagementApiError(error)) throw error;
      if (error.kind === 'not_found')
        throw new TargetGone(
          [notFoundSentence(target.indexId), await deps.indexes?.knownNamesHint(target.indexId)]
            .filter(Boolean)
            .join(' '),
          { cause: error },
        );
      throw new UserFacingError(apiErrorSentence(target.indexId, describeApiError(error)), { cause: error });
    }
  };

  /** The card; one that fails to draw costs the picture, never the numbers. */
  const draw = async (
    target: StatsTarget,
    stats: VectorIndexStats,
    report: StatsReport,
    timeZone: string,
  ) => {
    // The card's title and alt text name the index as every message does.
    const named = plainIndexLabel(target.indexId, report.name);
    const input = {
      indexId: target.indexId,
      period: target.period,
      stats,
      title: `Vector index ${named}`,
      timeZone,
    };
    try {
      const png = await renderer.render(input);
      const card: PngUpload = {
        png,
        filename: filenameFor(target),
        altText: renderer.altText(input),
        title: `Vector index ${named}, ${PERIOD_WORDS[target.period]}`,
      };
      return card;
    } catch (error) {
      deps.logger.error(
        {
          event: 'stats_card_render_failed',
          indexId: target.indexId,
          period: target.period,
          err: errField(error),
        },
        'stats card failed to render',
      );
      return undefined;
    }
  };

  // The message and its card are built from one record in one zone: one figure per thing.
  const read = sharedWhileInFlight(
    (target: StatsTarget, withCard: boolean, timeZone: string) =>
      `${target.indexId}\u0000${target.period}\u0000${withCard}\u0000${timeZone}`,
    (target: StatsTarget, withCard: boolean, timeZone: string) =>
      deps.admission.admit(async (): Promise<StatsRead> => {
        const stats = await fetch(target);
        const name = await deps.indexes?.nameOf(target.indexId);
        const built = buildReport(target.indexId, target.period, stats, timeZone);
        const report = name === undefined ? built : { ...built, name };
        return { target, report, card: withCard ? await draw(target, stats, report, timeZone) : undefined };
      }),
  );
  const args = (target: StatsTarget, options: ReadOptions) =>
    [target, options.card !== false, options.timeZone ?? UTC] as const;
  /**
   * Reads an index's stats and draws its card, through the process's one admission: past it, a
   * Busy refusal with its sentence, nothing started. An index the API doesn't know is TargetGone, a
   * failing API a UserFacingError: either way the sentence names the index, and whoever asked sees
   * it. Asks for the same (index, period, card, zone) while one is in flight share it.
   */
  const readIn = async (target: StatsTarget, { channel, ...options }: ReadOptions = {}) =>
    read(
      ...args(
        target,
        channel === undefined
          ? options
          : { ...options, timeZone: await channelTimeZone(deps.store, channel) },
      ),
    );
  /** Posts what `read` returned. */
  const post = (stats: StatsRead, where: StatsRequest) => deps.show(stats, where, where.userId);

  return {
    read: readIn,
    post,
    /** Whether `read` would be refused BUSY now: the admission is full and no such read is on its way. */
    busy: (target: StatsTarget, options: ReadOptions = {}) =>
      deps.admission.full() && !read.has(...args(target, options)),
    /**
     * Posts an index's stats and card where a person asked for them. Throws TargetGone when the
     * index doesn't exist and UserFacingError when the API fails, each with the sentence to show.
     */
    postStats: async (target: StatsTarget, where: StatsRequest) =>
      post(await readIn(target, { channel: where.channel }), where),
    /**
     * What `<index> [period]` names, read as the command reads it (a name or an id; `1h` when no
     * period); throws a UserFacingError with the command's sentence when it names nothing.
     */
    async target(index: string, period?: string): Promise<StatsTarget> {
      const parsed = parseStatsCommand(period === undefined ? [index] : [index, period]);
      if (!parsed.ok) {
        const example = await deps.indexes?.exampleIndex();
        throw new UserFacingError(commandProblemNotice(parsed, deps.commandName(), example).text);
      }
      const indexId = (await deps.indexes?.resolve(parsed.target.indexId)) ?? parsed.target.indexId;
      return { ...parsed.target, indexId };
    },
  };
}

export type VectorStatsService = ReturnType<typeof createVectorStatsService>;
