// Every text a person can see, gathered from what reached Slack: the Web API calls the simulator
// recorded (messages, ephemerals, updates, response_url answers, views, Home, file titles and alt
// text), the acknowledgements Slack shows (a command's answer, a modal's field errors or next view)
// and the options of every type-ahead. Each text keeps where it was seen, for the failure message.
import type { SimCall, SimSuggestion } from '../../../src/sim/slack/index.ts';
import { type ShownText, shownTexts } from '../blocks.ts';

export type SeenText = ShownText & { where: string };

type Args = Record<string, unknown>;

const MESSAGE_METHODS = new Set([
  'chat.postMessage',
  'chat.postEphemeral',
  'chat.update',
  'chat.scheduleMessage',
  'response_url',
]);
const VIEW_METHODS = new Set(['views.open', 'views.push', 'views.update', 'views.publish']);

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

function seen(where: string, texts: ShownText[]): SeenText[] {
  return texts.filter((t) => t.text.trim() !== '').map((t) => ({ ...t, where }));
}

/** A message body (posted, answered or acknowledged): its text (mrkdwn unless switched off), blocks and attachments. */
export function messageTexts(where: string, body: Args): SeenText[] {
  const text = str(body.text);
  const own: ShownText[] =
    text === undefined ? [] : [{ text, kind: body.mrkdwn === false ? 'plain' : 'mrkdwn', lead: true }];
  return seen(where, [
    ...own,
    ...shownTexts(body.blocks, { altText: true }),
    ...shownTexts(body.attachments, { altText: true }),
  ]);
}

/** A modal or Home view: title, submit and close labels, every block's texts. */
export function viewTexts(where: string, view: unknown): SeenText[] {
  return seen(where, shownTexts(view, { altText: true }));
}

function fileTexts(where: string, args: Args): SeenText[] {
  const plain = (text: string | undefined): ShownText[] =>
    text === undefined ? [] : [{ text, kind: 'plain' }];
  const files = Array.isArray(args.files) ? (args.files as Args[]) : [];
  const comment = str(args.initial_comment);
  return seen(where, [
    ...plain(str(args.alt_text) ?? str(args.alt_txt)),
    ...plain(str(args.filename)),
    ...files.flatMap((file) => plain(str(file.title))),
    ...(comment === undefined ? [] : [{ text: comment, kind: 'mrkdwn' as const }]),
    ...shownTexts(args.blocks, { altText: true }),
  ]);
}

/** What one recorded Slack call shows a person; nothing for a call Slack refused (nobody saw it). */
export function textsOfCall(call: SimCall): SeenText[] {
  if (!call.ok) return [];
  const where = `${call.method}${str(call.args.channel) ? ` in ${str(call.args.channel)}` : ''}`;
  if (MESSAGE_METHODS.has(call.method)) return messageTexts(where, call.args);
  if (VIEW_METHODS.has(call.method)) {
    const view = call.args.view as Args | undefined;
    return viewTexts(`${call.method} ${str(view?.callback_id) ?? str(view?.type) ?? ''}`.trim(), view);
  }
  if (call.method.startsWith('files.')) return fileTexts(call.method, call.args);
  return [];
}

/**
 * What an acknowledgement shows: a command's ephemeral answer, or a view submission's
 * `response_action` (field errors under their inputs, or the view it updates or pushes).
 */
export function textsOfAck(where: string, ack: unknown): SeenText[] {
  if (ack === null || typeof ack !== 'object') return [];
  const body = ack as Args;
  if (body.response_action === 'errors') {
    const errors = Object.values((body.errors as Args | undefined) ?? {});
    return seen(
      where,
      errors.flatMap((e) => (typeof e === 'string' ? [{ text: e, kind: 'plain' as const }] : [])),
    );
  }
  if (body.response_action !== undefined) return viewTexts(where, body.view);
  return messageTexts(where, body);
}

/** The options a type-ahead showed. */
export function textsOfSuggestion(suggestion: SimSuggestion): SeenText[] {
  return seen(`options of ${suggestion.actionId}`, shownTexts(suggestion.options));
}
