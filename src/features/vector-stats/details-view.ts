// The details reply: every series of the stats message in numbers, with its unicode sparkline,
// grouped as on the card. It answers the *Details* button privately, so the post in the channel
// stays short while nothing is out of reach.
import type { KnownBlock } from '@slack/types';
import { barWords } from '../../render/alt-text.ts';
import { context, mrkdwnSections } from '../../slack/blocks.ts';
import { SLACK_LIMITS } from '../../slack/limits.ts';
import { CHANGE_IN_WORDS, formatChange } from '../../stats-report/change.ts';
import type { SeriesRow, StatsReport } from '../../stats-report/report.ts';
import { escapeMrkdwn, truncate } from '../../text/mrkdwn.ts';
import { formatValue, minMaxInWords } from '../../text/numbers.ts';
import { indexLabel, PERIOD_WORDS } from '../../vector-index.ts';
import type { StatsMessage } from './views.ts';

/** Days listed one by one up to this many; more are summed up as last, min, max, mean, change. */
const LIST_DAYS_UP_TO = 7;

export const DETAILS_FOOTNOTE =
  `${CHANGE_IN_WORDS.replace('change', 'Change')}. Sparklines of per-day totals and sizes start at zero; the others span their own min and max. ` +
  'Throughput and latency are in the units the API reports (it names none). Cost is assumed to be US dollars: the API names no currency, and its budgets are in dollars.';

/** `▂▃▅▇█▆▄▃ *Queries*  last 12.3k · min 9.1k · max 14k · mean 11.8k · change +5.2%` */
function seriesLine(row: SeriesRow): string {
  const s = row.summary;
  if (s === undefined) return `*${row.label}*  no data in this period`;
  const days = row.days;
  // The per-day bars in the alt text's words, so the details and the card say the same.
  if (days !== undefined && days.values.length <= LIST_DAYS_UP_TO)
    return `${row.spark} *${row.label}*  ${barWords(row.kind, days).join(' · ')}`;
  const last =
    days !== undefined ? (barWords(row.kind, days).at(-1) ?? '') : `last ${formatValue(row.kind, s.last)}`;
  const stats = [
    last,
    ...(minMaxInWords(row.kind, s.min, s.max)[0] as string).split(' · '),
    `mean ${formatValue(row.kind, s.mean)}`,
    `change ${formatChange(s.changePct)}`,
  ];
  return `${row.spark} *${row.label}*  ${stats.join(' · ')}`;
}

export function detailsMessage(report: StatsReport): StatsMessage {
  const title = `Vector index ${indexLabel(report.indexId, report.name)} · ${PERIOD_WORDS[report.period]}: *every series*`;
  const blocks: KnownBlock[] = [
    ...mrkdwnSections([title, `_${escapeMrkdwn(report.timeRange)}_`]),
    ...report.groups.flatMap((g) => {
      const heading =
        g.rows.some((r) => r.days !== undefined) && report.days !== ''
          ? `*${g.title}* · ${escapeMrkdwn(report.days)}`
          : `*${g.title}*`;
      return mrkdwnSections([heading, ...g.rows.map(seriesLine)]);
    }),
    context(DETAILS_FOOTNOTE),
  ];
  const text = truncate(
    `Every series of vector index ${indexLabel(report.indexId, report.name)}, ${PERIOD_WORDS[report.period]}.`,
    SLACK_LIMITS.messageText,
  );
  return { text, blocks };
}
