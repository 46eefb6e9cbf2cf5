/*
 * Options requests: what Slack sends when a person opens or types into an `external_select` /
 * `multi_external_select` (a `block_suggestion` interaction, form-encoded like every interaction,
 * to the options load URL over HTTP or as an `interactive` envelope over Socket Mode), and what it
 * does with the answer. Shape: test/support/fixtures/slack/payloads/block_suggestion.*.json.
 */

import type { SimSuggestion, SimView, SlackSimulator } from '../slack/index.ts';
import { findElement, initialState } from './blocks.ts';
import type { MessageLike } from './driver.ts';
import { messagePlace, type PayloadUser } from './payloads.ts';

type Json = Record<string, unknown>;

const VERIFICATION_TOKEN = 'fake-verification-token';
const TEAM_DOMAIN = 'opsbot-sim';
const EXTERNAL_SELECTS = new Set(['external_select', 'multi_external_select']);
// Slack's documented default for min_query_length: no request until three characters are typed.
const DEFAULT_MIN_QUERY_LENGTH = 3;

export interface BlockSuggestionInput {
  user: PayloadUser;
  teamId: string;
  apiAppId: string;
  actionId: string;
  blockId: string;
  value: string;
  /** {type:'view', view_id} or {type:'message', message_ts, channel_id, is_ephemeral}. */
  container: Json;
  /** The modal or Home view the menu is in. */
  view?: Json;
  channel?: { id: string; name?: string };
  /** The message the menu is in (absent for an ephemeral one, as in block_actions). */
  message?: Json;
  teamDomain?: string;
  token?: string;
}

/** The `payload=<json>` body Slack POSTs for an options request. No trigger_id, no response_url. */
export function blockSuggestionPayload(input: BlockSuggestionInput): string {
  const name = input.user.name ?? input.user.id.toLowerCase();
  const payload: Json = {
    type: 'block_suggestion',
    user: { id: input.user.id, username: name, name, team_id: input.teamId },
    container: input.container,
    api_app_id: input.apiAppId,
    token: input.token ?? VERIFICATION_TOKEN,
    action_id: input.actionId,
    block_id: input.blockId,
    value: input.value,
    team: { id: input.teamId, domain: input.teamDomain ?? TEAM_DOMAIN },
    enterprise: null,
    is_enterprise_install: false,
  };
  if (input.channel)
    payload.channel = { id: input.channel.id, name: input.channel.name ?? input.channel.id.toLowerCase() };
  if (input.message) payload.message = input.message;
  if (input.view) payload.view = input.view;
  return new URLSearchParams({ payload: JSON.stringify(payload) }).toString();
}

export interface SuggestInput {
  userId: string;
  actionId: string;
  /** What the person has typed (Slack sends "" when the menu opens, if min_query_length allows). */
  value: string;
  blockId?: string;
  /** The modal or Home tab the menu is in… */
  view?: SimView;
  /** …or the message. */
  message?: MessageLike;
}

export interface SuggestResult {
  status: number;
  body: string;
  /** The parsed answer (undefined when empty or not JSON). */
  answer: unknown;
  /** What the person sees: the options (groups flattened); empty when Slack would refuse the answer. */
  options: Json[];
  valid: boolean;
  errors: string[];
  /** The simulator's record of this request. */
  suggestion: SimSuggestion;
}

interface Deps {
  slack: SlackSimulator;
  teamId: string;
  apiAppId: string;
  send(body: string): Promise<{ status: number; body: string }>;
}

function menuOf(input: SuggestInput): { blocks: unknown; blockId: string; element: Json } {
  const blocks = input.view?.blocks ?? input.message?.blocks;
  if (blocks === undefined) throw new Error('suggest() needs the view or the message the menu is in');
  const found = findElement(blocks, { actionId: input.actionId, blockId: input.blockId });
  if (!EXTERNAL_SELECTS.has(String(found.element.type))) {
    throw new Error(
      `${input.actionId} is a ${String(found.element.type)}: Slack sends options requests only for external_select and multi_external_select`,
    );
  }
  const min = found.element.min_query_length;
  const minLength = typeof min === 'number' ? min : DEFAULT_MIN_QUERY_LENGTH;
  if (input.value.length < minLength) {
    throw new Error(
      `Slack sends no options request for "${input.value}": ${input.actionId} has min_query_length ${minLength}${typeof min === 'number' ? '' : " (Slack's default)"}`,
    );
  }
  return { blocks, blockId: found.blockId, element: found.element };
}

/** Sends the options request a person's typing causes, and returns what they would see. */
export async function suggestOptions(deps: Deps, input: SuggestInput): Promise<SuggestResult> {
  const { blocks, blockId } = menuOf(input);
  const user = { id: input.userId };
  let where: Pick<BlockSuggestionInput, 'container' | 'view' | 'channel' | 'message'>;
  if (input.view) {
    where = {
      container: { type: 'view', view_id: input.view.id },
      view: { ...input.view, state: { values: initialState(blocks) } },
    };
  } else {
    const { isEphemeral: _e, ...place } = messagePlace(input.message as MessageLike & Json);
    where = place;
  }
  const body = blockSuggestionPayload({
    user,
    teamId: deps.teamId,
    apiAppId: deps.apiAppId,
    actionId: input.actionId,
    blockId,
    value: input.value,
    ...where,
  });
  const started = performance.now();
  const res = await deps.send(body);
  const elapsedMs = Math.round(performance.now() - started);
  const suggestion = deps.slack.receiveOptionsAnswer(
    { user: input.userId, actionId: input.actionId, blockId, value: input.value, container: where.container },
    { status: res.status, body: res.body, elapsedMs },
  );
  return {
    status: res.status,
    body: res.body,
    answer: suggestion.answer,
    options: suggestion.options,
    valid: suggestion.valid,
    errors: suggestion.errors,
    suggestion,
  };
}
