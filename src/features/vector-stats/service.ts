// What the feature does, without Slack: fetch the statistics, reduce them to the summary, and draw
// the card. A card that fails to draw costs the picture, never the numbers.
import type { ManagementClient, StatsPeriod, VectorIndexStats } from '../../api/index.ts';
import type { Logger } from '../../log.ts';
import { altTextFor, renderStatsCard } from '../../render/index.ts';
import type { PngUpload } from '../../slack/upload.ts';
import type { StatsTarget } from './input.ts';
import { buildReport, type StatsReport } from './report.ts';
import { PERIOD_WORDS } from './time-range.ts';

export type CardInput = { indexId: string; period: StatsPeriod; stats: VectorIndexStats };

export type CardRenderer = {
  render(input: CardInput): Promise<Buffer>;
  altText(input: CardInput): string;
};

/** The render module's card: a card that fails to draw (or whose canvas fails to load) throws. */
export const defaultCardRenderer: CardRenderer = { render: renderStatsCard, altText: altTextFor };

export type StatsView = { report: StatsReport; card: PngUpload | undefined };

export type VectorStatsDeps = {
  mgmt: Pick<ManagementClient, 'getVectorIndexStats'>;
  logger: Pick<Logger, 'warn' | 'error'>;
  renderer?: CardRenderer;
};

/** Safe in a filename whatever the id holds (ids are validated, but the filename is Slack-visible). */
function filenameFor(target: StatsTarget): string {
  const id = target.indexId.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 64);
  return `vector-stats-${id}-${target.period}.png`;
}

/** The report alone (no card), for the details. Throws what the management client throws. */
export async function loadStatsReport(
  deps: Pick<VectorStatsDeps, 'mgmt'>,
  target: StatsTarget,
): Promise<StatsReport> {
  const stats = await deps.mgmt.getVectorIndexStats(target.indexId, target.period);
  return buildReport(target.indexId, target.period, stats);
}

/** Throws what the management client throws (ManagementApiError); the caller words it. */
export async function loadStatsView(deps: VectorStatsDeps, target: StatsTarget): Promise<StatsView> {
  const stats = await deps.mgmt.getVectorIndexStats(target.indexId, target.period);
  const report = buildReport(target.indexId, target.period, stats);
  const renderer = deps.renderer ?? defaultCardRenderer;
  const input: CardInput = { indexId: target.indexId, period: target.period, stats };
  try {
    const png = await renderer.render(input);
    const card: PngUpload = {
      png,
      filename: filenameFor(target),
      altText: renderer.altText(input),
      title: `Vector index ${target.indexId}, ${PERIOD_WORDS[target.period]}`,
    };
    return { report, card };
  } catch (err) {
    deps.logger.error(
      {
        event: 'stats_card_render_failed',
        indexId: target.indexId,
        period: target.period,
        err: {
          name: err instanceof Error ? err.name : 'unknown',
          message: err instanceof Error ? err.message : '',
        },
      },
      'stats card failed to render',
    );
    return { report, card: undefined };
  }
}
