// What Slack makes of an app's answer to a block_suggestion (an external_select's options request):
// a JSON body with exactly one of `options` or `option_groups`, within the Block Kit limits for
// options (at most 100 options or groups, 100 options a group, plain_text text and labels of at most
// 75 characters, values within the option value limit), sent with HTTP 200 within Slack's ack
// deadline. Anything else and the person sees the menu fail instead of options.
import { type CheckContext, checkOptions } from './block-kit-elements.ts';
import { LIMITS } from './block-kit-limits.ts';
import { asRecord } from './reference.ts';
import type { SimContext } from './state.ts';
import { TIMING } from './timing.ts';
import type { Args, OptionsRequestInfo, SimSuggestion } from './types.ts';

export interface OptionsAnswerCheck {
  answer: unknown;
  options: Args[];
  errors: string[];
}

function parse(body: string): { answer?: unknown; error?: string } {
  if (body.trim() === '') return { error: 'empty answer: an options request needs options or option_groups' };
  try {
    return { answer: JSON.parse(body) };
  } catch {
    return { error: 'answer is not JSON' };
  }
}

/** Pure: the violations in an options answer, and the options Slack would show when there are none. */
export function checkOptionsAnswer(status: number, body: string, elapsedMs: number): OptionsAnswerCheck {
  const errors: string[] = [];
  if (status !== 200) errors.push(`HTTP ${status}`);
  if (elapsedMs > TIMING.ackMs)
    errors.push(`answered after ${elapsedMs} ms; Slack gives up after ${TIMING.ackMs} ms`);
  const { answer, error } = parse(body);
  if (error) errors.push(error);
  const record = asRecord(answer);
  if (answer !== undefined && !record) errors.push('answer must be a JSON object');
  if (record) {
    if (record.options === undefined && record.option_groups === undefined) {
      errors.push('answer has neither options nor option_groups');
    }
    const ctx: CheckContext = {
      add: (pointer, reason) => errors.push(`${reason} [json-pointer:${pointer || '/'}]`),
      countText: () => {},
      options: {},
    };
    checkOptions(ctx, { ...record, type: 'external_select' }, '', LIMITS.selectOptions);
  }
  if (errors.length > 0) return { answer, options: [], errors };
  const direct = Array.isArray(record?.options) ? record.options : [];
  const grouped = (Array.isArray(record?.option_groups) ? record.option_groups : []).flatMap((g) => {
    const options = asRecord(g)?.options;
    return Array.isArray(options) ? options : [];
  });
  return { answer, options: [...direct, ...grouped].map((o) => asRecord(o) ?? {}), errors };
}

/** Records an options request and the app's answer, as checked by Slack. */
export function receiveOptionsAnswer(
  ctx: SimContext,
  request: OptionsRequestInfo,
  response: { status: number; body: string; elapsedMs: number },
): SimSuggestion {
  const check = checkOptionsAnswer(response.status, response.body, response.elapsedMs);
  const suggestion: SimSuggestion = {
    ...request,
    at: ctx.now(),
    status: response.status,
    elapsedMs: response.elapsedMs,
    answer: check.answer,
    options: check.options,
    valid: check.errors.length === 0,
    errors: check.errors,
  };
  ctx.state.suggestions.push(suggestion);
  return structuredClone(suggestion);
}
