// Block Kit for the accounts summary: data in, blocks out. Many accounts are paged (whole cards only)
// so that every message stays inside Slack's block, section and cumulative-text limits.
import type { ActionsBlock, KnownBlock, SectionBlock } from '@slack/types';
import {
  type AccountSummary,
  accountLines,
  apiText,
  limitGroups,
  planName,
  stateTone,
} from '../../accounts/account-text.ts';
import { context, fitsInMessage, header, messageSize, mrkdwnSections } from '../../slack/blocks.ts';
import { SLACK_LIMITS } from '../../slack/limits.ts';
import { escapeMrkdwn, mentionUser, truncate } from '../../text/mrkdwn.ts';
import { ACTION } from './ids.ts';

/** Readability, not a Slack limit: a longer page is a wall of text. */
export const MAX_ACCOUNTS_PER_PAGE = 10;

export type Rendered = { text: string; blocks: KnownBlock[] };

/** Accounts `start` (inclusive) to `end` (exclusive) of the sorted list. */
export type AccountPage = { start: number; end: number };

export type PageMode = { kind: 'ephemeral' } | { kind: 'shared'; sharedBy: string };

/** One card per account: a divider, who/plan/state, then the limits as fields. */
function accountCard(summary: AccountSummary, nowMs: number): KnownBlock[] {
  const fields = limitGroups(summary.account)
    .slice(0, SLACK_LIMITS.sectionFields)
    .map((group) => ({
      type: 'mrkdwn' as const,
      text: truncate(`*${group.title}*\n${group.lines.join('\n')}`, SLACK_LIMITS.sectionFieldText),
    }));
  const limits: SectionBlock = { type: 'section', fields };
  return [{ type: 'divider' }, ...mrkdwnSections(accountLines(summary, nowMs)), limits];
}

/** "40 accounts · plans: 14 Free, 26 Paid · …": the whole list at a glance, whatever page is shown. */
export function overviewText(summaries: readonly AccountSummary[], unreadable = 0): string {
  const accounts = summaries.map((s) => s.account);
  const noun = accounts.length === 1 ? 'account' : 'accounts';
  const parts = [
    `*${accounts.length} ${noun}*`,
    `plans: ${tally(accounts.map((a) => planName(a.type)))}`,
    `states: ${tally(accounts.map((a) => apiText(a.state, 24)))}`,
    `regions: ${tally(accounts.map((a) => apiText(a.region, 24)))}`,
  ];
  const tones = accounts.map(stateTone);
  const changing = tones.filter((t) => t === 'changing').length;
  const unknown = accounts.filter(
    (a) => a.state !== undefined && a.state !== 'active' && a.state !== 'passive',
  ).length;
  const notes: string[] = [];
  if (unreadable > 0) notes.push(`:warning: ${unreadableText(unreadable)}`);
  if (changing > 0) notes.push(`:hourglass_flowing_sand: ${changing} with a change in progress`);
  if (unknown > 0) notes.push(`:grey_question: ${unknown} in a state opsbot doesn’t know`);
  return [parts.join('  ·  '), ...(notes.length > 0 ? [notes.join('  ·  ')] : [])].join('\n');
}

/** "1 account couldn't be read — details in the log". */
function unreadableText(count: number): string {
  return `${count} ${count === 1 ? 'account' : 'accounts'} couldn’t be read — details in the log`;
}

/** "14 Free, 26 Paid, 2 others": most common first, a bounded number named. */
function tally(values: readonly string[], named = 4): string {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  const sorted = [...counts].sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0]));
  const shown = sorted.slice(0, named).map(([value, count]) => `${count} ${value}`);
  const rest = sorted.slice(named).reduce((sum, [, count]) => sum + count, 0);
  if (rest > 0) shown.push(`${rest} other`);
  return shown.join(', ');
}

function rangeText(page: AccountPage, total: number): string {
  return page.end - page.start === 1
    ? `Account ${page.start + 1} of ${total}`
    : `Accounts ${page.start + 1}–${page.end} of ${total}`;
}

/** The page around `cards` (the cards of `page`; none when only measuring the frame). */
function buildPage(
  cards: readonly KnownBlock[][],
  page: AccountPage,
  total: number,
  overview: string,
  mode: PageMode,
): KnownBlock[] {
  const blocks: KnownBlock[] = [header('Messaging accounts')];
  if (mode.kind === 'shared') blocks.push(context(`Shared by ${mentionUser(mode.sharedBy)}`));
  blocks.push(...mrkdwnSections([overview]));
  for (const card of cards) blocks.push(...card);
  const left = total - page.end;
  blocks.push(
    context(
      `${rangeText(page, total)}, sorted by customer · times in UTC · credentials are never shown${
        mode.kind === 'shared' && left > 0 ? ` · ${left} more not shown here` : ''
      }`,
    ),
  );
  if (mode.kind === 'ephemeral') {
    const elements: ActionsBlock['elements'] = [];
    if (left > 0) {
      elements.push({
        type: 'button',
        action_id: ACTION.showMore,
        text: { type: 'plain_text', text: `Show more (${left} left)` },
        value: String(page.end),
      });
    }
    elements.push({
      type: 'button',
      action_id: ACTION.share,
      style: 'primary',
      text: { type: 'plain_text', text: 'Share in channel' },
      value: String(page.start),
    });
    blocks.push({ type: 'actions', elements });
  }
  return blocks;
}

/** The page the summary is split into. Same input, same pages: buttons can refer to them by offset. */
export type AccountsView = {
  total: number;
  pages: AccountPage[];
  /** Blocks and fallback text of one page, as the user sees it or as shared in the channel. */
  render(page: AccountPage, mode: PageMode): Rendered;
  /** The page holding account number `offset` (the last page when the list has shrunk since). */
  pageAt(offset: number): AccountPage | undefined;
};

export function accountsView(
  summaries: readonly AccountSummary[],
  nowMs: number,
  unreadable = 0,
): AccountsView {
  const total = summaries.length;
  const cards = summaries.map((s) => accountCard(s, nowMs));
  const overview = overviewText(summaries, unreadable);
  const cardSizes = cards.map(messageSize);
  // Measured with both frames: a page must fit as the user sees it and as it is shared.
  const frames: PageMode[] = [{ kind: 'ephemeral' }, { kind: 'shared', sharedBy: `U${'0'.repeat(20)}` }];
  const fitsPage = (page: AccountPage): boolean => {
    let blocks = 0;
    let chars = 0;
    for (let i = page.start; i < page.end; i++) {
      blocks += cardSizes[i]?.blocks ?? 0;
      chars += cardSizes[i]?.chars ?? 0;
    }
    return frames.every((mode) => {
      const frame = messageSize(buildPage([], page, total, overview, mode));
      return fitsInMessage({ blocks: frame.blocks + blocks, chars: frame.chars + chars });
    });
  };
  const pages: AccountPage[] = [];
  let start = 0;
  while (start < total) {
    // A page always holds at least one card; a card alone always fits (its strings are bounded).
    let end = start + 1;
    while (end < total && end - start < MAX_ACCOUNTS_PER_PAGE && fitsPage({ start, end: end + 1 })) end += 1;
    pages.push({ start, end });
    start = end;
  }
  return {
    total,
    pages,
    render(page, mode) {
      const range = rangeText(page, total);
      return {
        text: `Messaging accounts — ${range.charAt(0).toLowerCase()}${range.slice(1)}`,
        blocks: buildPage(cards.slice(page.start, page.end), page, total, overview, mode),
      };
    },
    pageAt(offset) {
      const found = pages.find((p) => offset >= p.start && offset < p.end);
      return found ?? pages[pages.length - 1];
    },
  };
}

export function noAccountsMessage(unreadable = 0): Rendered {
  const text =
    unreadable === 0
      ? 'There are no messaging accounts.'
      : `There are no messaging accounts opsbot could read: ${unreadableText(unreadable)}.`;
  return {
    text,
    blocks: [
      header('Messaging accounts'),
      mrkdwnSections([
        `${unreadable === 0 ? ':information_source:' : ':warning:'} ${text}`,
      ])[0] as SectionBlock,
      context(
        unreadable === 0
          ? 'The management API returned an empty list for opsbot’s credentials (MGMT_API_USERNAME).'
          : 'Each one lacked what tells accounts apart (its id); the log names the field, never a value.',
      ),
    ],
  };
}

/** One clear sentence (already worded for a person), shown inert. */
export function problemMessage(sentence: string): Rendered {
  const text = escapeMrkdwn(truncate(sentence, 1_000));
  return { text, blocks: [mrkdwnSections([`:warning: ${text}`])[0] as SectionBlock] };
}

export const staleButtonSentence = (command: string) =>
  `That button is out of date — run \`${escapeMrkdwn(command)} messaging accounts\` again.`;
