// One error vocabulary for the whole app. Any error, wherever it comes from (the management API,
// Slack's Web API, the store, a bug), is turned here into:
//   - the log's `err` field, one shape everywhere (errField);
//   - a Slack error code, when Slack refused something (slackErrorCode);
//   - one sentence for the person who acted (sentenceFor).
// Features throw; the guard (slack/guard.ts) and the jobs (jobs.ts) log and answer through these.
import { describeApiError, isManagementApiError } from './api/errors.ts';
import { DatabaseUnavailableError } from './store/index.ts';
import { mentionChannel } from './text/mrkdwn.ts';

/**
 * An error whose message is already the sentence to show the person who acted: a click on a watch
 * that was removed, a request someone else decided. Features throw it; the guard shows it as is
 * and logs it at info level (nothing is broken).
 */
export class UserFacingError extends Error {
  override readonly name: string = 'UserFacingError';
}

/** What the person acted on no longer exists (a removed watch, a deleted digest, a decided request). */
export class TargetGone extends UserFacingError {
  override readonly name = 'TargetGone';
}

/**
 * The guardrails said no (src/slack/policy-gate.ts, src/slack/origin-guard.ts): who may, and where.
 * The guard shows it like any sentence it shows, under `field` when the form has that field, and logs it as
 * `policy_refused` with what was asked, by whom and where.
 */
export class PolicyRefusal extends UserFacingError {
  override readonly name = 'PolicyRefusal';
  readonly detail: RefusalDetail;
  constructor(sentence: string, detail: RefusalDetail) {
    super(sentence);
    this.detail = detail;
  }
}

type RefusalDetail = {
  capability: string;
  user: string | undefined;
  channel: string | undefined;
  reason: string;
  /** The form field (block id) the refusal is about. */
  field?: string | undefined;
};

type ErrField = {
  name: string;
  message: string;
  /** The management API's error kind, a Slack error code, or a system/transport code. */
  code?: string;
  status?: number;
};

const MESSAGE_MAX = 300;

/** The log's `err` field: always this shape, never a stack or a body (they can hold record values). */
export function errField(error: unknown): ErrField {
  if (!(error instanceof Error)) return { name: typeof error, message: String(error).slice(0, MESSAGE_MAX) };
  const field: ErrField = { name: error.name, message: error.message.slice(0, MESSAGE_MAX) };
  const code = isManagementApiError(error) ? error.kind : (slackErrorCode(error) ?? codeOf(error));
  if (code !== undefined) field.code = code;
  const status = isManagementApiError(error) ? error.status : (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number') field.status = status;
  return field;
}

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Slack's own word for what went wrong: the platform's `error` (`not_in_channel`, `invalid_blocks`,
 * `expired_trigger_id`…), `ratelimited`, or the Web API client's code for an HTTP or network failure.
 */
export function slackErrorCode(error: unknown): string | undefined {
  const e = error as { code?: unknown; data?: { error?: unknown } } | null;
  if (typeof e?.data?.error === 'string') return e.data.error;
  if (e?.code === 'slack_webapi_rate_limited_error') return 'ratelimited';
  if (typeof e?.code === 'string' && e.code.startsWith('slack_')) return e.code;
  return undefined;
}

/**
 * The one table of Slack's "opsbot can't post here" answers. Only a person can fix these (invite
 * opsbot, unarchive, pick another channel), so a retry never helps and the reason is told to whoever
 * owns the post: the person who acted, a digest's or watch's channel, or the requester.
 */
export const CANT_POST: Readonly<Record<string, string>> = {
  not_in_channel: 'opsbot isn’t a member of that channel — invite it with `/invite @opsbot`',
  channel_not_found: 'that channel is private and opsbot isn’t in it, or the channel is gone',
  is_archived: 'that channel is archived',
  channel_is_archived: 'that channel is archived',
  restricted_action: 'the workspace doesn’t let opsbot post in that channel',
  restricted_action_read_only_channel: 'that channel is read-only',
  restricted_action_thread_only_channel: 'that channel only takes replies in threads',
  restricted_action_non_threadable_channel: 'that channel doesn’t take threads',
  ekm_access_denied: 'the workspace’s key management refused the post',
  team_access_not_granted: 'opsbot isn’t allowed into that channel’s workspace',
  access_denied: 'Slack refused opsbot access to that channel',
};

/**
 * Slack's answers about Slack itself or the message, not the channel: inviting opsbot would not
 * help, so whoever is told gets other advice than for CANT_POST. All but a refused card are
 * transient: a retry a little later may fix them.
 */
export const SLACK_TROUBLE: Readonly<Record<string, string>> = {
  slack_webapi_http_error: 'Slack had a problem on its side',
  internal_error: 'Slack had a problem on its side',
  fatal_error: 'Slack had a problem on its side',
  service_unavailable: 'Slack had a problem on its side',
  request_timeout: 'Slack didn’t answer in time',
  post_timed_out: 'Slack didn’t answer in time',
  post_server_error: 'Slack had a problem on its side',
  slack_webapi_request_error: 'Slack couldn’t be reached',
  ratelimited: 'Slack is rate-limiting opsbot',
  invalid_blocks: 'Slack refused the card',
};

/** A trigger_id lives 3 s and opens one view: Slack's answers when it was too late or used up. */
const TRIGGER_SPENT = new Set(['expired_trigger_id', 'exchanged_trigger_id', 'trigger_exchanged']);

/** Why opsbot can't post where it was asked to, when that is what `error` says; else undefined. */
export function cantPostReason(error: unknown): string | undefined {
  const code = slackErrorCode(error);
  return code === undefined ? undefined : CANT_POST[code];
}

/**
 * The one sentence for a channel that refuses opsbot's posts, told to whoever can fix it: "opsbot
 * can’t post in #ops: that channel is archived". Callers add what that person can do about it.
 */
export function cantPostIn(channelId: string, code: string): string {
  return `opsbot can’t post in ${mentionChannel(channelId)}: ${CANT_POST[code] ?? `Slack refused the post (${code})`}`;
}

export function isTransientSlackError(error: unknown): boolean {
  const code = slackErrorCode(error);
  return code !== undefined && code !== 'invalid_blocks' && SLACK_TROUBLE[code] !== undefined;
}

/** The form could not open: its trigger_id was too late or already used. */
function isTriggerSpent(error: unknown): boolean {
  return TRIGGER_SPENT.has(slackErrorCode(error) ?? '');
}

/**
 * Slack answered something opsbot expects now and then and has a sentence for (a spent trigger, a
 * channel it can't post in, Slack's own trouble): worth a warning in the log, not an error.
 */
export function isExpectedSlackAnswer(error: unknown): boolean {
  return isTriggerSpent(error) || cantPostReason(error) !== undefined || isTransientSlackError(error);
}

/**
 * What a person is told when opsbot already has as much work in hand as its memory allows (a burst
 * of stats commands): the work was not started, and a minute later it will be.
 */
export const BUSY =
  'opsbot is busy with a lot of requests just now, so it didn’t start this one. Try again in a minute.';

/** The work was turned away at the door (src/limiter.ts, createAdmission): nothing was started. */
export class Busy extends UserFacingError {
  override readonly name = 'Busy';
  constructor() {
    super(BUSY);
  }
}

/** What a person is told when a form could not be opened in time; they only need to act again. */
export const FORM_NOT_OPENED =
  'Slack took too long to open the form, so it couldn’t be shown. Please try again.';

/**
 * One sentence for the person who acted. Never a secret or a raw error: the management API's own
 * text is sanitised by its client, Slack's codes are words from a table, anything else is "a
 * problem on opsbot's side" with the detail left to the log. `what` names what failed in that last
 * case (a command: "`/ops vector stats`"); by default "that".
 */
export function sentenceFor(error: unknown, what = 'that'): string {
  if (error instanceof UserFacingError) return error.message;
  if (isManagementApiError(error)) return describeApiError(error);
  if (error instanceof DatabaseUnavailableError)
    return 'opsbot’s database isn’t answering just now, so nothing was changed. Try again in a minute.';
  const cantPost = cantPostReason(error);
  if (cantPost !== undefined) return `opsbot couldn’t post there: ${cantPost}.`;
  if (isTriggerSpent(error)) return FORM_NOT_OPENED;
  if (isTransientSlackError(error))
    return 'Slack didn’t take opsbot’s answer just now. Try again in a minute.';
  return `opsbot couldn’t finish ${what} because of a problem on its side; the details are in its log. Try again in a minute.`;
}
