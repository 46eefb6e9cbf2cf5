// (c) for indexes: a named index must read the way the index formatter writes it, in mrkdwn and in
// plain text alike. Where its name and its id stand near each other in any other form (`catalog
// (idx-1)` in mrkdwn, "Vector index catalog · `idx-1`"), that is a second way to write one thing;
// where its id stands with no name near, the person isn't told which of their indexes it is.
import type { SeenText } from './collect.ts';
import type { Detector, Finding } from './detectors.ts';

export type NamedIndex = { id: string; name: string };

export type IndexFormatter = {
  /** How a mrkdwn text shows the index. */
  mrkdwn(id: string, name: string): string;
  /** How a plain text (a title, an option, alt text) shows it. */
  plain(id: string, name: string): string;
  /** The id as shortened where it is long. */
  shortId(id: string): string;
};

/** How far apart (characters) a name and an id still read as one mention of the index. */
const NEAR = 40;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');

/** Start offsets of `word` standing alone (not part of a longer name or id). */
function offsetsOf(text: string, word: string): number[] {
  const pattern = new RegExp(`(?<![\\w-])${escapeRegExp(word)}(?![\\w-])`, 'gu');
  return [...text.matchAll(pattern)].map((m) => m.index);
}

/**
 * The spans where the formatter's label of this index stands, under any name (a rename's answer
 * shows the new one): the label with the name left open, found as a pattern.
 */
function labelSpans(text: string, label: (name: string) => string): Array<[number, number]> {
  const [before = '', after = ''] = label('\u0000').split('\u0000');
  const pattern = new RegExp(`${escapeRegExp(before)}[\\w.-]+${escapeRegExp(after)}`, 'gu');
  return [...text.matchAll(pattern)].map((m) => [m.index, m.index + m[0].length]);
}

function mentionsOf(seen: SeenText, index: NamedIndex, format: IndexFormatter): Finding[] {
  const { text } = seen;
  // A message's own text is also its notification, which the plain form suits.
  const forms =
    seen.kind === 'plain' ? [format.plain] : seen.lead ? [format.mrkdwn, format.plain] : [format.mrkdwn];
  const labelled = forms.flatMap((form) => labelSpans(text, (name) => form(index.id, name)));
  const inLabel = (at: number) => labelled.some(([start, end]) => at >= start && at < end);
  const ids = [...new Set([index.id, format.shortId(index.id)])].flatMap((id) =>
    offsetsOf(text, id)
      .filter((at) => !inLabel(at))
      .map((at) => [at, at + id.length] as const),
  );
  const found: Finding[] = [];
  for (const at of offsetsOf(text, index.name)) {
    if (inLabel(at)) continue;
    const near = ids.find(([start, end]) => start - (at + index.name.length) <= NEAR && at - end <= NEAR);
    if (near === undefined) continue;
    const from = Math.min(at, near[0]);
    const to = Math.max(at + index.name.length, near[1]);
    found.push({ kind: 'index-label', match: text.slice(from, to + 1).trim(), where: seen.where, text });
  }
  // The id with no name anywhere near: the person is not told which index it is by the name they gave.
  const names = offsetsOf(text, index.name);
  for (const [start, end] of ids) {
    if (names.some((at) => start - (at + index.name.length) <= NEAR && at - end <= NEAR)) continue;
    const context = text.slice(Math.max(0, start - 24), end + 1).trim();
    found.push({ kind: 'index-label', match: `without its name: ${context}`, where: seen.where, text });
  }
  return found;
}

/** Finds each known named index written in a form the formatter does not write, or by its id alone. */
export function indexLabel(indexes: () => readonly NamedIndex[], format: IndexFormatter): Detector {
  return (seen) => indexes().flatMap((index) => mentionsOf(seen, index, format));
}
