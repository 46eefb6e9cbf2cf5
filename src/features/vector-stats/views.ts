// Pure Block Kit builders for the stats message and its error answers: data in, blocks out.
// The details reply (every series in numbers) is in details-view.ts.
import type { ActionsBlock, KnownBlock, PlainTextOption, SectionBlock } from '@slack/types';
import { STATS_PERIODS, type StatsPeriod } from '../../api/index.ts';
import { context, header, section } from '../../slack/blocks.ts';
import { EXAMPLE_INDEX, exampleCode, usageCode } from '../../slack/help-view.ts';
import { SLACK_LIMITS } from '../../slack/limits.ts';
import type { ImageSlot } from '../../slack/upload.ts';
import { quietLine, type StatsReport, shown } from '../../stats-report/report.ts';
import { didYouMean } from '../../text/did-you-mean.ts';
import { escapeMrkdwn, mentionUser, quoteUserText, truncate } from '../../text/mrkdwn.ts';
import {
  indexLabel,
  looksLikeIndexId,
  nearPeriods,
  PERIOD_WORDS,
  plainIndexLabel,
} from '../../vector-index.ts';
import { ACTION, BLOCK } from './ids.ts';
import { encodeTarget, INDEX_ID_RULE, type ParsedCommand, PERIOD_LIST, type StatsTarget } from './input.ts';

export type StatsMessage = { text: string; blocks: KnownBlock[] };

const n = (value: number | undefined) => shown('count', value);

/** `1.9M today so far · 10.2M this month`: the card's figure for today, the record's for the month. */
function todayAndMonth(
  kind: 'count' | 'bytes',
  today: number | undefined,
  month: number | undefined,
): string {
  return `${shown(kind, today)} today so far · ${shown(kind, month)} this month`;
}

/** The scalars, in the card's figures: the same numbers, formatted by the same function. */
function counterFields(report: StatsReport): SectionBlock {
  const c = report.counters;
  const fields = [
    ['Vectors', n(c.currentVectors)],
    ['Pending index operations', n(c.pendingIndexOps)],
    ['Queries', todayAndMonth('count', c.queriesToday, c.queriesMonth)],
    ['Updates', todayAndMonth('count', c.updatesToday, c.updatesMonth)],
    ['Reranks', todayAndMonth('count', c.reranksToday, c.reranksMonth)],
    ['Bandwidth', todayAndMonth('bytes', c.bandwidthTodayBytes, c.bandwidthMonthBytes)],
    ['Storage', shown('bytes', c.storageBytes)],
    ['Cost this month', shown('cost', c.monthlyCost)],
  ];
  return {
    type: 'section',
    fields: fields.slice(0, SLACK_LIMITS.sectionFields).map(([label, value]) => ({
      type: 'mrkdwn' as const,
      text: truncate(`*${label}*\n${value}`, SLACK_LIMITS.sectionFieldText),
    })),
  };
}

/** The news first: up to three highlights as bullets, or one line saying there is none. */
function highlightsText(report: StatsReport): string {
  if (report.empty || report.highlights.length === 0) return quietLine(report);
  return [':mag: *What changed*', ...report.highlights.map((h) => `• ${escapeMrkdwn(h.text)}`)].join('\n');
}

function imageSlotBlocks(slot: ImageSlot | undefined): KnownBlock[] {
  if (slot === undefined) return [];
  if (slot.kind === 'block') return [slot.block];
  if (slot.kind === 'file-share') {
    return [context(':frame_with_picture: The card is in the thread (Slack was slow to process it).')];
  }
  return [
    context(':warning: The card could not be attached this time; *Details* has every series in numbers.'),
  ];
}

function periodOption(indexId: string, period: StatsPeriod): PlainTextOption {
  return {
    text: { type: 'plain_text', text: `${period} · ${PERIOD_WORDS[period]}` },
    value: encodeTarget({ indexId, period }),
  };
}

function controlsBlock(target: StatsTarget): ActionsBlock {
  const options = STATS_PERIODS.map((p) => periodOption(target.indexId, p));
  const button = (action_id: string, text: string) => ({
    type: 'button' as const,
    action_id,
    text: { type: 'plain_text' as const, text },
    value: encodeTarget(target),
  });
  return {
    type: 'actions',
    block_id: BLOCK.controls,
    elements: [
      {
        type: 'static_select',
        action_id: ACTION.period,
        placeholder: { type: 'plain_text', text: 'Period' },
        options,
        initial_option: periodOption(target.indexId, target.period),
      },
      button(ACTION.refresh, 'Refresh'),
      button(ACTION.details, 'Details'),
    ],
  };
}

type StatsMessageInput = {
  report: StatsReport;
  image?: ImageSlot;
  /** Who asked (or last changed the period): a Slack user id from the payload; undefined for a workflow. */
  userId: string | undefined;
  updated?: boolean;
};

/**
 * The stats post: what changed, the card, the scalars, the controls. Every series' numbers are in
 * the card's alt text and behind *Details*, so the post stays short in the channel.
 */
export function statsMessage({ report, image, userId, updated = false }: StatsMessageInput): StatsMessage {
  const c = report.counters;
  const blocks: KnownBlock[] = [
    header(`Vector index ${plainIndexLabel(report.indexId, report.name)} · ${PERIOD_WORDS[report.period]}`),
    context(`${indexLabel(report.indexId, report.name)} · ${escapeMrkdwn(report.timeRange)}`),
    section(highlightsText(report)),
    ...imageSlotBlocks(image),
    counterFields(report),
    ...(report.contradiction === '' ? [] : [context(`:warning: ${escapeMrkdwn(report.contradiction)}`)]),
    controlsBlock(report),
    context(
      `${updated ? 'Updated' : 'Requested'} by ${userId === undefined ? 'a workflow' : mentionUser(userId)} · every series in numbers: *Details*`,
    ),
  ];
  // The notification says the news too: it is all some people read.
  const news = report.empty
    ? 'empty, no vectors and no traffic'
    : report.highlights.length === 0
      ? 'nothing unusual'
      : report.highlights.map((h) => h.text).join('; ');
  const text = truncate(
    `Vector index ${escapeMrkdwn(plainIndexLabel(report.indexId, report.name))}, ${PERIOD_WORDS[report.period]}: ${escapeMrkdwn(news)}. ${n(c.currentVectors)} vectors, ` +
      `${n(c.queriesToday)} queries today so far, ${shown('bytes', c.storageBytes)} stored, ${shown('cost', c.monthlyCost)} this month.`,
    SLACK_LIMITS.messageText,
  );
  return { text, blocks };
}

/** An ephemeral answer: one mrkdwn section, with the same words as fallback text. */
export function notice(text: string): StatsMessage {
  return { text: truncate(text, SLACK_LIMITS.messageText), blocks: [section(text)] };
}

/** The stats command as its registration writes it: the one usage line, escaped. */
export const STATS_COMMAND = {
  words: ['vector', 'stats'],
  usage: '<index> [period]',
  example: `stats ${EXAMPLE_INDEX} 7d`,
} as const;

/** `Type /ops vector stats <index> [period], e.g. /ops stats catalog 7d`, naming an index the workspace knows. */
function usageText(commandName: string, withPeriods = true, exampleIndex?: string): string {
  const periods = withPeriods ? ` Periods: ${PERIOD_LIST} (default \`1h\`).` : '';
  return `Type ${usageCode(commandName, STATS_COMMAND)}, e.g. ${exampleCode(commandName, STATS_COMMAND, exampleIndex)}; an index is its name or its id.${periods}`;
}

/** The answer to a command opsbot couldn't read: what was wrong, and how it is typed. */
export function commandProblemNotice(
  parsed: Exclude<ParsedCommand, { ok: true }>,
  commandName: string,
  /** The index the example names: one the workspace knows (index-names' exampleIndex). */
  exampleIndex?: string,
): StatsMessage {
  const given = parsed.given ?? '';
  if (parsed.problem === 'missing_id') return missingIdNotice(commandName, exampleIndex);
  if (parsed.problem === 'bad_id') return badIdNotice(commandName, given, exampleIndex);
  if (parsed.problem === 'bad_period') return badPeriodNotice(commandName, given, exampleIndex);
  return extraArgsNotice(commandName, given, exampleIndex);
}

export function missingIdNotice(commandName: string, exampleIndex?: string): StatsMessage {
  return notice(`:warning: Which vector index? ${usageText(commandName, true, exampleIndex)}`);
}

export function badIdNotice(commandName: string, given: string, exampleIndex?: string): StatsMessage {
  return notice(
    `:warning: ${quoteUserText(given)} isn't a vector index id opsbot can look up. An id is ${INDEX_ID_RULE}.\n${usageText(commandName, true, exampleIndex)}`,
  );
}

export function badPeriodNotice(commandName: string, given: string, exampleIndex?: string): StatsMessage {
  return notice(
    // The periods are listed once, in the sentence about them.
    `:warning: ${quoteUserText(given)} isn't a period opsbot can show.${didYouMean(nearPeriods(given))} Choose one of ${PERIOD_LIST} (default \`1h\`).\n${usageText(commandName, false, exampleIndex)}`,
  );
}

/** Said to whoever typed a period another way (`7 days`): what it was read as, and the short way. */
export function periodReadAsNotice(typed: string, period: StatsPeriod): StatsMessage {
  return notice(
    `:information_source: ${quoteUserText(typed)} is \`${period}\` (${PERIOD_WORDS[period]}): showing that. \`${period}\` is the short way to type it.`,
  );
}

export function extraArgsNotice(commandName: string, given: string, exampleIndex?: string): StatsMessage {
  return notice(
    `:warning: opsbot didn't expect ${quoteUserText(given)} there.\n${usageText(commandName, true, exampleIndex)}`,
  );
}

// The sentences below are thrown (errors.ts) and shown by the guard to whoever asked.

export function notFoundSentence(indexId: string): string {
  if (!looksLikeIndexId(indexId))
    return `opsbot knows no vector index named ${quoteUserText(indexId)}, and the management API has none with that id.`;
  return `opsbot couldn't find vector index ${quoteUserText(indexId)}. Check the id (letters keep their case) and try again.`;
}

export function apiErrorSentence(indexId: string, description: string): string {
  return `opsbot couldn't load the stats of vector index ${quoteUserText(indexId)}. ${escapeMrkdwn(description)}`;
}

export function messageGoneSentence(commandName: string, indexId: string): string {
  return `That stats message was deleted, so there is nothing to update. \`${escapeMrkdwn(commandName)} vector stats ${escapeMrkdwn(indexId)}\` posts a new one.`;
}

export function staleControlSentence(commandName: string): string {
  return `That control is out of date. Run ${usageCode(commandName, STATS_COMMAND)} again.`;
}
