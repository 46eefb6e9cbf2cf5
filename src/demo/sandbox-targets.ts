// What a person in the sandbox points at by its words: a button by its label, a menu option by its
// text, a modal's field by its label. Read from the blocks opsbot really sent (the simulator's
// record), newest first, where the person is looking: their open modal, what only they see, the
// channel they are in, then every other place opsbot posted, then their Home tab (first, when they
// are looking at it).
import { allOptions, interactiveElements } from '../sim/driver/blocks.ts';
import type { MessageLike } from '../sim/driver/index.ts';
import type { SimView, SlackSimulator } from '../sim/slack/index.ts';

type Json = Record<string, unknown>;

/** A message (channel, ts, blocks) or a view (modal, Home tab) holding an element. */
export type Surface =
  | { kind: 'message'; message: MessageLike }
  | { kind: 'view'; view: SimView; home: boolean };

export type Found = {
  surface: Surface;
  actionId: string;
  blockId: string;
  /** The label as shown ("Approve", "Last 7 days"). */
  label: string;
  /** For an option: the value Slack sends. */
  value?: string;
};

const textOf = (value: unknown): string =>
  String(((value ?? {}) as Json).text ?? '')
    .replace(/:[a-z0-9_+-]+:/g, '')
    .trim();
const fold = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** Exact words first, then a label starting with them, then one containing them. */
function rank(label: string, wanted: string): number | undefined {
  const l = fold(label);
  const w = fold(wanted);
  if (w === '') return undefined;
  if (l === w) return 0;
  if (l.startsWith(`${w} `) || l.startsWith(w)) return 1;
  if (l.includes(w)) return 2;
  return undefined;
}

/** Every place the person can see, in the order a label is looked for. */
export function surfacesFor(
  slack: SlackSimulator,
  user: string,
  channel: string,
  o: { homeFirst?: boolean } = {},
): Surface[] {
  const surfaces: Surface[] = [];
  const modal = slack.openViews(user).at(-1);
  if (modal !== undefined) surfaces.push({ kind: 'view', view: modal, home: false });
  const home = slack.homeOf(user);
  if (home !== undefined && o.homeFirst === true) surfaces.push({ kind: 'view', view: home, home: true });
  const mine = slack
    .ephemeralsFor(user)
    .map((e): MessageLike => ({ ...e, isEphemeral: true }))
    .reverse();
  surfaces.push(...mine.filter((e) => e.channel === channel).map(asMessage));
  surfaces.push(...[...slack.messagesIn(channel)].reverse().map(asMessage));
  const elsewhere = new Set(
    slack
      .callsTo('chat.postMessage')
      .map((c) => String(c.args.channel ?? ''))
      .filter((c) => c !== '' && c !== channel),
  );
  for (const other of elsewhere) surfaces.push(...[...slack.messagesIn(other)].reverse().map(asMessage));
  surfaces.push(...mine.filter((e) => e.channel !== channel).map(asMessage));
  if (home !== undefined && o.homeFirst !== true) surfaces.push({ kind: 'view', view: home, home: true });
  return surfaces;
}

const asMessage = (message: MessageLike): Surface => ({ kind: 'message', message });

function blocksOf(surface: Surface): unknown[] {
  return (surface.kind === 'message' ? surface.message.blocks : surface.view.blocks) ?? [];
}

/** Elements a click or a pick reaches: not a modal's input fields (those are filled, then submitted). */
function actionable(surface: Surface) {
  const inputs = new Set(
    (blocksOf(surface) as Json[]).filter((b) => b.type === 'input').map((b) => String(b.block_id)),
  );
  return interactiveElements(blocksOf(surface)).filter((f) => !inputs.has(f.blockId));
}

function best(candidates: Array<Found & { rank: number }>): Found | undefined {
  let found: (Found & { rank: number }) | undefined;
  for (const c of candidates) if (found === undefined || c.rank < found.rank) found = c;
  if (found === undefined) return undefined;
  const { rank: _rank, ...rest } = found;
  return rest;
}

/** The nearest button labelled `wanted`: the first surface holding one wins, the best label in it. */
export function findButton(surfaces: readonly Surface[], wanted: string): Found | undefined {
  for (const surface of surfaces) {
    const candidates = actionable(surface)
      .filter((f) => f.element.type === 'button')
      .map((f) => ({
        surface,
        actionId: String(f.element.action_id),
        blockId: f.blockId,
        label: textOf(f.element.text),
        ...(typeof f.element.value === 'string' ? { value: f.element.value } : {}),
        rank: rank(textOf(f.element.text), wanted) ?? -1,
      }))
      .filter((c) => c.rank >= 0);
    const found = best(candidates);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The nearest menu (select, overflow, radio buttons) offering an option whose text reads `wanted`. */
export function findOption(surfaces: readonly Surface[], wanted: string): Found | undefined {
  for (const surface of surfaces) {
    const candidates = actionable(surface).flatMap((f) =>
      allOptions(f.element).flatMap((option) => {
        const label = textOf(option.text);
        const r = rank(label, wanted) ?? (fold(String(option.value)) === fold(wanted) ? 0 : undefined);
        if (r === undefined) return [];
        const base = { surface, actionId: String(f.element.action_id), blockId: f.blockId, label };
        return [{ ...base, value: String(option.value), rank: r }];
      }),
    );
    const found = best(candidates);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The buttons (or options) a person could press on the first surfaces: named when a label isn't found. */
export function labelsOn(surfaces: readonly Surface[], kind: 'button' | 'option', limit = 3): string[] {
  const labels: string[] = [];
  for (const surface of surfaces.slice(0, limit)) {
    for (const f of actionable(surface)) {
      if (kind === 'button' && f.element.type === 'button') labels.push(textOf(f.element.text));
      if (kind === 'option') labels.push(...allOptions(f.element).map((o) => textOf(o.text)));
    }
  }
  return [...new Set(labels.filter((l) => l !== ''))];
}

export type Field = { blockId: string; actionId: string; label: string; element: Json; optional: boolean };

/** The modal's input fields, by their labels. */
export function fieldsOf(view: SimView): Field[] {
  return (view.blocks as Json[])
    .filter((b) => b.type === 'input')
    .flatMap((b) => {
      const element = (b.element ?? {}) as Json;
      if (typeof b.block_id !== 'string' || typeof element.action_id !== 'string') return [];
      const field: Field = {
        blockId: b.block_id,
        actionId: element.action_id,
        label: textOf(b.label),
        element,
        optional: b.optional === true,
      };
      return [field];
    });
}

/**
 * `fill <label> <value>`: the field whose whole label starts the text (longest first), else the one
 * field whose label holds the first word. Returns the value that follows.
 */
export function matchField(
  fields: readonly Field[],
  text: string,
): { field: Field; value: string } | { candidates: Field[] } {
  const byLength = [...fields].sort((a, b) => b.label.length - a.label.length);
  const lower = text.toLowerCase();
  for (const field of byLength) {
    const label = field.label.toLowerCase();
    if (label !== '' && (lower === label || lower.startsWith(`${label} `)))
      return { field, value: text.slice(label.length).trim() };
  }
  const [word = '', ...rest] = text.split(/\s+/);
  // "reason" for “Why is it needed?”: the field's id often says what its label asks.
  const matching = fields.filter(
    (f) => rank(f.label, word) !== undefined || rank(f.blockId, word) !== undefined,
  );
  const [only] = matching;
  if (only !== undefined && matching.length === 1) return { field: only, value: rest.join(' ') };
  return { candidates: matching.length > 0 ? matching : [...fields] };
}
