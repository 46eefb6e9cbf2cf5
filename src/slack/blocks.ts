// Small Block Kit builders shared by features: plain data in, blocks out.
import type { KnownBlock, SectionBlock } from '@slack/types';
import { plain } from '../text/block-kit.ts';
import { truncate } from '../text/mrkdwn.ts';
import { SLACK_LIMITS } from './limits.ts';

/** Lines joined into as few mrkdwn sections as fit Slack's 3000-character limit per section. */
export function mrkdwnSections(lines: readonly string[], max = SLACK_LIMITS.sectionText): SectionBlock[] {
  const sections: SectionBlock[] = [];
  let current = '';
  for (const raw of lines) {
    const line = truncate(raw, max);
    if (current !== '' && current.length + 1 + line.length > max) {
      sections.push(section(current));
      current = '';
    }
    current = current === '' ? line : `${current}\n${line}`;
  }
  if (current !== '') sections.push(section(current));
  return sections;
}

export function section(text: string): SectionBlock {
  return { type: 'section', text: { type: 'mrkdwn', text: truncate(text, SLACK_LIMITS.sectionText) } };
}

export function header(text: string): KnownBlock {
  return {
    type: 'header',
    text: plain(text, SLACK_LIMITS.headerText),
  };
}

export function context(...texts: string[]): KnownBlock {
  return {
    type: 'context',
    elements: texts.slice(0, SLACK_LIMITS.contextElements).map((text) => ({
      type: 'mrkdwn' as const,
      text: truncate(text, SLACK_LIMITS.sectionText),
    })),
  };
}

/** Characters Slack counts towards a message's cumulative text budget (approximate, conservative). */
export function textWeight(blocks: readonly unknown[]): number {
  let total = 0;
  const visit = (node: unknown): void => {
    if (typeof node === 'string') return;
    if (Array.isArray(node)) {
      for (const item of node) visit(item);
      return;
    }
    if (node !== null && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === 'text' && typeof value === 'string') total += value.length;
        else visit(value);
      }
    }
  };
  visit(blocks);
  return total;
}

/** What of a message Slack's limits count: its blocks, and the characters of its text. */
type MessageSize = { blocks: number; chars: number };

export const messageSize = (blocks: readonly unknown[]): MessageSize => ({
  blocks: blocks.length,
  chars: textWeight(blocks),
});

/** Whether Slack takes a message of this size (a page of a list, a digest shrunk until it does). */
export function fitsInMessage(size: MessageSize): boolean {
  return size.blocks <= SLACK_LIMITS.messageBlocks && size.chars <= SLACK_LIMITS.messageCumulativeText;
}
