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
import { PERIOD_WORDS, plainIndexLabel } from '../../vector-index.ts';
import type { IndexNamesPort } from '../index-names/index.ts';
import type { StatsTarget } from './input.ts';
import { apiErrorSentence, notFoundSentence } from './views.ts';

/** What was read of an index: the numbers and the report built from them. */
export type StatsRead = { target: StatsTarget; stats: VectorIndexStats; report: StatsReport };
export type StatsView = { report: StatsReport; card: PngUpload | undefined };

export type StatsService = {
  /**
   * Reads an index's stats. An index the API doesn't know is TargetGone, a failing API a
   * UserFacingError: either way the sentence names the index, and whoever asked sees it.
   */
  read(target: StatsTarget): Promise<StatsRead>;
  /** The report with its card; a card that fails to draw costs the picture, never the numbers. */
  draw(read: StatsRead): Promise<StatsView>;
};

export type StatsServiceDeps = {
  mgmt: Pick<ManagementClient, 'getVectorIndexStats'>;
  logger: Pick<Logger, 'error'>;
  renderer?: CardRenderer;
  /** Names to show beside ids, and the known names to offer when an id is not found. */
  indexes?: Pick<IndexNamesPort, 'nameOf' | 'knownNamesHint'>;
};

/** Safe in a filename whatever the id holds (ids are validated, but the filename is Slack-visible). */
function filenameFor(target: StatsTarget): string {
  const id = target.indexId.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 64);
  return `vector-stats-${id}-${target.period}.png`;
}

export function createStatsService(deps: StatsServiceDeps): StatsService {
  const renderer = deps.renderer ?? defaultCardRenderer;
  return {
    async read(target) {
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
    },
    async draw({ target, stats, report }) {
      // The card's title and alt text name the index as every message does.
      const named = plainIndexLabel(target.indexId, report.name);
      const input = { indexId: target.indexId, period: target.period, stats, title: `Vector index ${named}` };
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
