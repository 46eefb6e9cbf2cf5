// The details reply: every series of the stats message in numbers, with its unicode sparkline,
// grouped as on the card. It answers the *Details* button privately, so the post in the channel
// stays short while nothing is out of reach.
import type { KnownBlock } from '@slack/types';
import { latestBarWords } from '../../render/daily.ts';
import { context, mrkdwnSections } from '../../slack/blocks.ts';
import { SLACK_LIMITS } from '../../slack/limits.ts';
import { escapeMrkdwn, truncate } from '../../slack/mrkdwn.ts';
import { CHANGE_IN_WORDS, formatChange } from '../../stats-report/change.ts';
import { formatValue, type SeriesRow, type StatsReport } from '../../stats-report/report.ts';
import { digitsToTell } from '../../text/numbers.ts';
import { indexLabel, PERIOD_WORDS } from '../../vector-index.ts';
import type { StatsMessage } from './views.ts';

/** Days listed one by one up to this many; more are summed up as last, min, max, mean, change. */
const LIST_DAYS_UP_TO = 7;

export const DETAILS_FOOTNOTE =
  `${CHANGE_IN_WORDS.replace('change', 'Change')}. Sparklines of per-day totals and sizes start at zero; the others span their own min and max. ` +
  'Throughput and latency are in the units the API reports (it names none). Cost is assumed to be US dollars: the API names no currency, and its budgets are in dollars.';

/** `▂▃▅▇█▆▄▃ *Queries*  last 12.3k · min 9.1k · max 14k · mean 11.8k · change +5.2%` */
export function seriesLine(row: SeriesRow): string {
  const s = row.summary;
  if (s === undefined) return `*${row.label}*  no data in this period`;
  const digits = digitsToTell(row.kind, [s.min, s.max]);
  const v = (x: number) => formatValue(row.kind, x, digits);
  const days = row.days;
  if (days !== undefined && days.values.length <= LIST_DAYS_UP_TO) {
    const list = days.values.map(
      (x, i) =>
        `${days.labels[i]} ${v(x)}${days.partialLast && i === days.values.length - 1 ? ' so far' : ''}`,
    );
    return `${row.spark} *${row.label}*  ${list.join(' · ')}`;
  }
  const last = days !== undefined ? `last ${v(s.last)} (${latestBarWords(days)})` : `last ${v(s.last)}`;
  const stats = [
    last,
    `min ${v(s.min)}`,
    `max ${v(s.max)}`,
    `mean ${v(s.mean)}`,
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
