// Pure Block Kit builders for the stats message and its error answers: data in, blocks out.
import type { ActionsBlock, KnownBlock, PlainTextOption, SectionBlock } from '@slack/types';
import { STATS_PERIODS, type StatsPeriod } from '../../api/index.ts';
import { context, header, section } from '../../slack/blocks.ts';
import { SLACK_LIMITS } from '../../slack/limits.ts';
import { escapeMrkdwn, mentionUser, quoteUserText, truncate } from '../../slack/mrkdwn.ts';
import type { ImageSlot } from '../../slack/upload.ts';
import { encodeTarget, INDEX_ID_RULE, PERIOD_LIST, type StatsTarget } from './input.ts';
import { formatCost, formatValue, type SeriesRow, type StatsReport } from './report.ts';
import { formatChange } from './series-summary.ts';
import { PERIOD_WORDS } from './time-range.ts';

export const ACTION_PERIOD = 'vector-stats.period';
export const ACTION_REFRESH = 'vector-stats.refresh';

export type StatsMessage = { text: string; blocks: KnownBlock[] };

const n = (value: number) => formatValue('count', value);

function counterFields(report: StatsReport): SectionBlock {
  const c = report.counters;
  const fields = [
    ['Vectors', n(c.currentVectors)],
    ['Pending index operations', n(c.pendingIndexOps)],
    ['Queries', `${n(c.queriesToday)} today · ${n(c.queriesMonth)} this month`],
    ['Updates', `${n(c.updatesToday)} today · ${n(c.updatesMonth)} this month`],
    ['Reranks', `${n(c.reranksToday)} today · ${n(c.reranksMonth)} this month`],
    ['Bandwidth this month', formatValue('bytes', c.bandwidthMonthBytes)],
    ['Storage', formatValue('bytes', c.storageBytes)],
    ['Cost this month', formatCost(c.monthlyCost)],
  ];
  return {
    type: 'section',
    fields: fields.slice(0, SLACK_LIMITS.sectionFields).map(([label, value]) => ({
      type: 'mrkdwn' as const,
      text: truncate(`*${label}*\n${value}`, SLACK_LIMITS.sectionFieldText),
    })),
  };
}

/** `▂▃▅▇█▆▄▃ *Queries*  last 12.3k · min 9.1k · max 14k · mean 11.8k · change +5.2%` */
export function seriesLine(row: SeriesRow): string {
  const s = row.summary;
  if (s === undefined) return `*${row.label}*  no data in this period`;
  const v = (x: number) => formatValue(row.kind, x);
  const stats = [`last ${v(s.last)}`, `min ${v(s.min)}`, `max ${v(s.max)}`, `mean ${v(s.mean)}`];
  stats.push(`change ${formatChange(s.changePct)}`);
  return `${row.spark} *${row.label}*  ${stats.join(' · ')}`;
}

function imageSlotBlocks(slot: ImageSlot | undefined): KnownBlock[] {
  if (slot === undefined) return [];
  if (slot.kind === 'block') return [slot.block];
  if (slot.kind === 'file-share') {
    return [
      context(':frame_with_picture: The sparkline card is in the thread (Slack was slow to process it).'),
    ];
  }
  return [
    context(':warning: The sparkline card could not be attached this time; the numbers are all below.'),
  ];
}

function periodOption(indexId: string, period: StatsPeriod): PlainTextOption {
  return {
    text: { type: 'plain_text', text: `${period} · ${PERIOD_WORDS[period]}` },
    value: encodeTarget({ indexId, period }),
  };
}

export function controlsBlock(target: StatsTarget): ActionsBlock {
  const options = STATS_PERIODS.map((p) => periodOption(target.indexId, p));
  return {
    type: 'actions',
    block_id: 'vector-stats.controls',
    elements: [
      {
        type: 'static_select',
        action_id: ACTION_PERIOD,
        placeholder: { type: 'plain_text', text: 'Period' },
        options,
        initial_option: periodOption(target.indexId, target.period),
      },
      {
        type: 'button',
        action_id: ACTION_REFRESH,
        text: { type: 'plain_text', text: 'Refresh' },
        value: encodeTarget(target),
      },
    ],
  };
}

export type StatsMessageInput = {
  report: StatsReport;
  image?: ImageSlot;
  /** Who asked (or last changed the period): a Slack user id from the payload. */
  userId: string;
  updated?: boolean;
};

export function statsMessage({ report, image, userId, updated = false }: StatsMessageInput): StatsMessage {
  const id = escapeMrkdwn(report.indexId);
  const c = report.counters;
  const blocks: KnownBlock[] = [
    header(`Vector index ${report.indexId} · ${PERIOD_WORDS[report.period]}`),
    context(escapeMrkdwn(report.timeRange)),
    counterFields(report),
    ...imageSlotBlocks(image),
    ...report.groups.map((g) => section([`*${g.title}*`, ...g.rows.map(seriesLine)].join('\n'))),
    controlsBlock(report),
    context(
      `${updated ? 'Updated' : 'Requested'} by ${mentionUser(userId)} · change = last quarter of the period vs the first · ` +
        'latency in the unit the API reports (it states none) · cost assumed to be US dollars (the API names no currency; its budgets are in dollars)',
    ),
  ];
  const text = truncate(
    `Vector index ${id}, ${PERIOD_WORDS[report.period]}: ${n(c.currentVectors)} vectors, ` +
      `${n(c.queriesToday)} queries today, ${formatValue('bytes', c.storageBytes)} stored, ${formatCost(c.monthlyCost)} this month.`,
    SLACK_LIMITS.messageText,
  );
  return { text, blocks };
}

/** An ephemeral answer: one mrkdwn section, with the same words as fallback text. */
export function notice(text: string): StatsMessage {
  return { text: truncate(text, SLACK_LIMITS.messageText), blocks: [section(text)] };
}

export function usageText(commandName: string): string {
  const cmd = escapeMrkdwn(commandName);
  return `Usage: \`${cmd} vector stats <index-id> [period]\` (or \`${cmd} stats …\`), e.g. \`${cmd} vector stats idx-1 7d\`. Periods: ${PERIOD_LIST} (default \`1h\`).`;
}

export function missingIdNotice(commandName: string): StatsMessage {
  return notice(`:warning: Which vector index? ${usageText(commandName)}`);
}

export function badIdNotice(commandName: string, given: string): StatsMessage {
  return notice(
    `:warning: ${quoteUserText(given)} isn't a vector index id opsbot can look up. An id is ${INDEX_ID_RULE}.\n${usageText(commandName)}`,
  );
}

export function badPeriodNotice(commandName: string, given: string): StatsMessage {
  return notice(
    `:warning: ${quoteUserText(given)} isn't a period opsbot can show. Choose one of ${PERIOD_LIST} (default \`1h\`).\n${usageText(commandName)}`,
  );
}

export function extraArgsNotice(commandName: string, given: string): StatsMessage {
  return notice(`:warning: opsbot didn't expect ${quoteUserText(given)} there.\n${usageText(commandName)}`);
}

export function notFoundNotice(indexId: string): StatsMessage {
  return notice(
    `:mag: opsbot couldn't find vector index ${quoteUserText(indexId)}. Check the id (letters keep their case) and try again.`,
  );
}

export function apiErrorNotice(indexId: string, description: string): StatsMessage {
  return notice(
    `:warning: opsbot couldn't load the stats of vector index ${quoteUserText(indexId)}. ${escapeMrkdwn(description)}`,
  );
}

export function notInChannelNotice(commandName: string): StatsMessage {
  return notice(
    ":wave: opsbot posts the stats in the channel, but it isn't a member here. Invite it with `/invite @opsbot` " +
      `(or add it in the channel's settings → Integrations), then run \`${escapeMrkdwn(commandName)} vector stats …\` again. ` +
      'In a direct message between people it cannot post at all: use a channel, or your DM with opsbot.',
  );
}

export function somethingWentWrongNotice(): StatsMessage {
  return notice(
    ":warning: opsbot couldn't post the stats just now; the details are in its log. Try again in a minute.",
  );
}
