// The digest message: pure Block Kit, data in, blocks out. However many indexes a channel follows,
// the message stays inside Slack's limits: the first few indexes in detail, the next ones as one
// line each, and the rest counted, with the command that shows any of them in full.

import type { KnownBlock, SectionBlock } from '@slack/types';
import {
  context,
  fitsInMessage,
  header,
  messageSize,
  mrkdwnSections,
  section,
} from '../../../slack/blocks.ts';
import { usageCode } from '../../../slack/help-view.ts';
import { SLACK_LIMITS } from '../../../slack/limits.ts';
import { imageBlock } from '../../../slack/upload.ts';
import { quietLine, type StatsReport, shown } from '../../../stats-report/report.ts';
import { escapeMrkdwn, mentionUser, truncate } from '../../../text/mrkdwn.ts';
import { waitedInWords } from '../../../text/spans.ts';
import { indexLabel, PERIOD_WORDS } from '../../../vector-index.ts';
import type { DigestContent, IndexPart } from '../compose.ts';
import { daysInWords } from '../schedule.ts';

type DigestMessage = { text: string; blocks: KnownBlock[] };

export type DigestViewOptions = {
  /** Leave the image out (Slack refused the file); a line says so instead. */
  withoutImage?: boolean;
  /** A preview says that it is one, and that the schedule is unaffected. */
  preview?: boolean;
  /** The slash command as the workspace names it (`/ops`), for the hints. */
  command: string;
};

const DETAIL_MAX = 6;
const COMPACT_MAX = 25;
const LIST_MAX = 10;

const code = (id: string) => `\`${escapeMrkdwn(id).replace(/`/g, 'ˋ')}\``;

/** Named as every message names an index: *catalog* (`0d6f3f5e…`), or its id. */
const labelOf = (part: IndexPart) => indexLabel(part.indexId, part.name);

function countersLine(report: StatsReport): string {
  const c = report.counters;
  const n = (v: number | undefined) => shown('count', v);
  return [
    `${n(c.currentVectors)} vectors`,
    `${n(c.queriesToday)} queries today so far`,
    `${n(c.updatesToday)} updates today so far`,
    `${shown('bytes', c.storageBytes)} stored`,
    `${shown('cost', c.monthlyCost)} this month`,
  ].join(' · ');
}

/** The same highlights as the stats message: the news of the index, or that there is none. */
function newsLines(report: StatsReport): string[] {
  if (report.empty || report.highlights.length === 0) return [quietLine(report)];
  return report.highlights.map((h) => `• ${escapeMrkdwn(h.text)}`);
}

function detailSection(part: Extract<IndexPart, { ok: true }>): SectionBlock {
  const lines = [`Vector index ${labelOf(part)}`, countersLine(part.report), ...newsLines(part.report)];
  return section(lines.join('\n'));
}

function compactLine(part: Extract<IndexPart, { ok: true }>): string {
  const [top, ...more] = part.report.highlights;
  const news =
    top === undefined
      ? part.report.empty
        ? 'empty'
        : 'nothing unusual'
      : `${escapeMrkdwn(top.text)}${more.length > 0 ? ` (and ${more.length} more)` : ''}`;
  const mark = top !== undefined ? ':mag:' : part.report.empty ? ':white_circle:' : ':white_check_mark:';
  const c = part.report.counters;
  return `${mark} ${labelOf(part)}  ${shown('count', c.currentVectors)} vectors · ${shown('count', c.queriesToday)} queries today so far · ${news}`;
}

function accountsBlocks(content: DigestContent, command: string): KnownBlock[] {
  const a = content.accounts;
  if (a === undefined || !a.ok) return [];
  if (a.attention.length === 0) {
    return [section(`:large_green_circle: *Messaging accounts:* all ${a.total} look normal.`)];
  }
  const shown = a.attention.slice(0, LIST_MAX).map((x) => `• ${x.line}`);
  const more = a.attention.length - shown.length;
  return mrkdwnSections([
    `:warning: *Messaging accounts needing attention* (${a.attention.length} of ${a.total})`,
    ...shown,
    ...(more > 0 ? [`…and ${more} more — \`${command} messaging accounts\` lists them all.`] : []),
  ]);
}

function requestsBlocks(content: DigestContent, command: string): KnownBlock[] {
  const r = content.requests;
  if (r === undefined || !r.ok) return [];
  if (r.pending.length === 0) return [section(':inbox_tray: *Index requests:* none waiting for approval.')];
  const shown = r.pending
    .slice(0, LIST_MAX)
    .map(
      (p) =>
        `• #${p.id} ${code(p.name)} (${escapeMrkdwn(p.region)}, ${escapeMrkdwn(p.plan)}) by ${mentionUser(p.requesterId)} — waiting ${waitedInWords(p.ageMs)}`,
    );
  const more = r.pending.length - shown.length;
  return mrkdwnSections([
    `:hourglass: *Index requests waiting for approval* (${r.pending.length})`,
    ...shown,
    ...(more > 0 ? [`…and ${more} more — \`${command} search requests\` lists them all.`] : []),
  ]);
}

function missingLines(content: DigestContent, withoutImage: boolean): string[] {
  const lines = content.indexes
    .filter((p): p is Extract<IndexPart, { ok: false }> => !p.ok)
    .map((p) => `• ${labelOf(p)}: ${escapeMrkdwn(p.reason)}`);
  if (content.accounts !== undefined && !content.accounts.ok)
    lines.push(`• Messaging accounts: ${escapeMrkdwn(content.accounts.reason)}`);
  if (content.requests !== undefined && !content.requests.ok)
    lines.push(`• Index requests: ${escapeMrkdwn(content.requests.reason)}`);
  const anyStats = content.indexes.some((p) => p.ok);
  if (anyStats && (content.card === undefined || withoutImage))
    lines.push('• The card could not be attached this time; the news and the numbers are all here.');
  return lines;
}

function build(
  content: DigestContent,
  options: DigestViewOptions,
  detail: number,
  compact: number,
): KnownBlock[] {
  const { command } = options;
  const withoutImage = options.withoutImage === true;
  const ok = content.indexes.filter((p): p is Extract<IndexPart, { ok: true }> => p.ok);
  const detailed = ok.slice(0, detail);
  const compacted = ok.slice(detail, detail + compact);
  const rest = ok.length - detailed.length - compacted.length;
  const blocks: KnownBlock[] = [
    header(`${options.preview ? 'Digest preview' : 'Daily digest'} · ${content.dateText}`),
    context(
      `${content.indexes.length} vector ${content.indexes.length === 1 ? 'index' : 'indexes'} · what changed in the ${PERIOD_WORDS[content.period]} · ${daysInWords(content.days)} at ${content.localTime} (${escapeMrkdwn(content.timeZone)})`,
    ),
  ];
  if (content.firingWatches > 0) {
    const n = content.firingWatches;
    blocks.push(
      section(
        `:rotating_light: *${n} ${n === 1 ? 'watch' : 'watches'} firing in this channel* — \`${command} watch list\` shows ${n === 1 ? 'it' : 'them'}.`,
      ),
    );
  }
  if (content.card !== undefined && !withoutImage) blocks.push(imageBlock(content.card.fileId, content.card));
  blocks.push(...detailed.map(detailSection));
  const compactLines = compacted.map(compactLine);
  if (rest > 0) compactLines.push(`…and ${rest} more ${rest === 1 ? 'index' : 'indexes'}.`);
  if (compactLines.length > 0) {
    blocks.push(...mrkdwnSections(['*More indexes*', ...compactLines]));
    blocks.push(
      context(
        `Full stats of any index: ${usageCode(command, { words: ['vector', 'stats'], usage: `<index> ${content.period}` })}`,
      ),
    );
  }
  const missing = missingLines(content, withoutImage);
  if (missing.length > 0)
    blocks.push(...mrkdwnSections([':warning: *Missing from this digest*', ...missing]));
  const extras = [...accountsBlocks(content, command), ...requestsBlocks(content, command)];
  if (extras.length > 0) blocks.push({ type: 'divider' }, ...extras);
  blocks.push(
    context(
      options.preview
        ? `Preview only — the schedule is unchanged. Change it with \`${command} digest\`.`
        : `Change or stop this digest with \`${command} digest\` or \`${command} digest remove\`.`,
    ),
  );
  return blocks;
}

export function digestMessage(content: DigestContent, options: DigestViewOptions): DigestMessage {
  let detail = DETAIL_MAX;
  let compact = COMPACT_MAX;
  let blocks = build(content, options, detail, compact);
  // Shrink the detailed part first, then the one-liners, until Slack will take it.
  while (!fitsInMessage(messageSize(blocks)) && (detail > 0 || compact > 0)) {
    if (detail > 0) detail -= 1;
    else compact = Math.max(0, compact - 5);
    blocks = build(content, options, detail, compact);
  }
  const missing = content.indexes.filter((p) => !p.ok).length;
  const unusual = content.indexes.filter((p) => p.ok && p.report.highlights.length > 0).length;
  const text = truncate(
    `${options.preview ? 'Digest preview' : 'Daily digest'} for ${content.dateText}: ${content.indexes.length} vector ${content.indexes.length === 1 ? 'index' : 'indexes'}` +
      `${unusual > 0 ? `, ${unusual} with something unusual` : ''}${missing > 0 ? `, ${missing} missing` : ''}.`,
    SLACK_LIMITS.messageText,
  );
  return { text, blocks };
}
