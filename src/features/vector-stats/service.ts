// What the feature does, without Slack: fetch the statistics, reduce them to the summary, and draw
// the card. A card that fails to draw costs the picture, never the numbers.
import {
  describeApiError,
  isManagementApiError,
  type ManagementClient,
  type VectorIndexStats,
} from '../../api/index.ts';
import { errField, TargetGone, UserFacingError } from '../../errors.ts';
import type { Logger } from '../../log.ts';
import { type CardRenderer, defaultCardRenderer } from '../../render/index.ts';
import type { PngUpload } from '../../slack/upload.ts';
import { buildReport, type StatsReport } from '../../stats-report/report.ts';
import { UTC } from '../../time/words.ts';
import { PERIOD_WORDS, plainIndexLabel } from '../../vector-index.ts';
import type { IndexNamesService } from '../index-names/index.ts';
import { parseStatsCommand, type StatsTarget } from './input.ts';
import { apiErrorSentence, notFoundSentence, refusalNotice } from './views.ts';

/** What was read of an index: the numbers and the report built from them. */
export type StatsRead = { target: StatsTarget; stats: VectorIndexStats; report: StatsReport };
export type StatsView = { report: StatsReport; card: PngUpload | undefined };
export type VectorStatsService = ReturnType<typeof createVectorStatsService>;

/** Where stats were asked for: the channel (a thread in it) the post goes to, and who asked. */
export type StatsRequest = {
  /** Undefined when a workflow asked (a Workflow Builder step runs as nobody in particular). */
  userId: string | undefined;
  channel: string;
  /** Post in this message's thread (a watch's alert) rather than in the channel. */
  threadTs?: string;
};

export type VectorStatsServiceDeps = {
  mgmt: Pick<ManagementClient, 'getVectorIndexStats'>;
  logger: Pick<Logger, 'error'>;
  renderer?: CardRenderer;
  /** Names to show beside ids, and the known names to offer when an id is not found. */
  indexes?: Pick<IndexNamesService, 'nameOf' | 'knownNamesHint' | 'resolve' | 'exampleIndex'>;
  commandName(): string;
  /** Shows what was read where it was asked for (outbound.ts). */
  show(read: StatsRead, where: StatsRequest, userId: string | undefined): Promise<void>;
};

/** Safe in a filename whatever the id holds (ids are validated, but the filename is Slack-visible). */
function filenameFor(target: StatsTarget): string {
  const id = target.indexId.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 64);
  return `vector-stats-${id}-${target.period}.png`;
}

/** The report of what was read, its times in `timeZone` (the reader's or the channel's), its name kept. */
export function reportIn({ target, stats, report: read }: StatsRead, timeZone: string): StatsReport {
  const built = buildReport(target.indexId, target.period, stats, timeZone);
  return read.name === undefined ? built : { ...built, name: read.name };
}

export function createVectorStatsService(deps: VectorStatsServiceDeps) {
  const renderer = deps.renderer ?? defaultCardRenderer;
  /**
   * Reads an index's stats. An index the API doesn't know is TargetGone, a failing API a
   * UserFacingError: either way the sentence names the index, and whoever asked sees it.
   */
  async function read(target: StatsTarget): Promise<StatsRead> {
    try {
      const stats = await deps.mgmt.getVectorIndexStats(target.indexId, target.period);
      const name = await deps.indexes?.nameOf(target.indexId);
      const report = buildReport(target.indexId, target.period, stats);
      return { target, stats, report: name === undefined ? report : { ...report, name } };
    } catch (error) {
      if (!isManagementApiError(error)) throw error;
      if (error.kind === 'not_found')
        throw new TargetGone(
          [notFoundSentence(target.indexId), await deps.indexes?.knownNamesHint(target.indexId)]
            .filter(Boolean)
            .join(' '),
          { cause: error },
        );
      throw new UserFacingError(apiErrorSentence(target.indexId, describeApiError(error)), {
        cause: error,
      });
    }
  }
  /** Posts what `read` returned, where it was asked for. */
  const post = async (read: StatsRead, where: StatsRequest): Promise<void> =>
    deps.show(read, where, where.userId);
  return {
    read,
    post,
    /**
     * Posts an index's stats and card where a person asked for them. Throws TargetGone when the
     * index doesn't exist and UserFacingError when the API fails, each with the sentence to show.
     */
    postStats: async (target: StatsTarget, where: StatsRequest) => post(await read(target), where),
    /**
     * What `<index> [period]` names, read as the command reads it (a name or an id; `1h` when no
     * period); throws a UserFacingError with the command's sentence when it names nothing.
     */
    async target(index: string, period?: string): Promise<StatsTarget> {
      const parsed = parseStatsCommand(period === undefined ? [index] : [index, period]);
      if (!parsed.ok) {
        const example = await deps.indexes?.exampleIndex();
        throw new UserFacingError(refusalNotice(parsed, deps.commandName(), example).text);
      }
      const indexId = (await deps.indexes?.resolve(parsed.target.indexId)) ?? parsed.target.indexId;
      return { ...parsed.target, indexId };
    },
    /**
     * The report with its card, their times in `timeZone` (the conversation's, src/time/audience.ts);
     * a card that fails to draw costs the picture, never the numbers.
     */
    async draw(read: StatsRead, timeZone = UTC): Promise<StatsView> {
      const { target, stats } = read;
      // The message and its card are built from one record in one zone: one figure per thing.
      const report = reportIn(read, timeZone);
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
        return { report, card };
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
        return { report, card: undefined };
      }
    },
  };
}
