import type { IncomingHttpHeaders } from 'node:http';
import type { ChannelsControl, SimChannelInput } from './channels.ts';
import type { FunctionsControl } from './function-types.ts';
import type { RateLimitOverride } from './rate-limits.ts';
import type { SocketModeHub } from './socket-mode.ts';

export type Args = Record<string, unknown>;

export interface SlackSimulatorOptions {
  botToken: string;
  /** The app-level token (`xapp-…`) apps.connections.open accepts; a fixed fake one by default. */
  appToken?: string;
  botUserId?: string;
  teamId?: string;
  /**
   * Known users; when given, users.info / conversations.open reject others with user_not_found.
   * `teamId` other than the workspace's: a Slack Connect user from another organisation.
   */
  users?: Record<string, { tz: string; name?: string; teamId?: string }>;
  /**
   * Known channels; when given, any other channel is channel_not_found (DMs from conversations.open
   * excepted). `members`: who is in it (conversations.members, users.conversations); unset, every known user.
   */
  channels?: Record<string, SimChannelInput>;
  /** Enforce Slack's rate-limit tiers (default false). */
  rateLimits?: boolean;
  /** With `rateLimits`: these methods get this budget instead of their tier (a test's tiny tier). */
  rateLimitOverrides?: Record<string, RateLimitOverride>;
  /** User groups the workspace starts with (and returns to on reset), by id (`S…`). */
  userGroups?: Record<string, UserGroupInput>;
  /** Milliseconds since the epoch; drives ts values, trigger/response_url expiry and rate limits. */
  clock?: () => number;
  port?: number;
}

export interface SimCall {
  /** Web API method name, or 'upload' (file bytes) or 'response_url'. */
  method: string;
  /** Parsed arguments; JSON-in-form fields (blocks, view, files, attachments…) decoded. Token removed. */
  args: Args;
  at: number;
  ok: boolean;
  error?: string;
  status: number;
  rawBody: string;
  /** Request headers; the Authorization value is redacted. */
  headers: IncomingHttpHeaders;
}

export interface SimMessage {
  type: 'message';
  channel: string;
  ts: string;
  text: string;
  user: string;
  bot_id: string;
  blocks?: unknown[];
  attachments?: unknown[];
  thread_ts?: string;
  files?: Args[];
  upload?: boolean;
  edited?: { user: string; ts: string };
  metadata?: unknown;
  /** How the message got there (not a Slack field). */
  via: 'chat.postMessage' | 'response_url' | 'files.completeUploadExternal';
}

export interface SimEphemeral {
  channel: string;
  user: string;
  ts: string;
  text: string;
  blocks?: unknown[];
  thread_ts?: string;
  via: 'chat.postEphemeral' | 'response_url';
  /** Times a response_url replaced it (replace_original). */
  replaced: number;
}

/** A view as Slack returns it from views.open/push/update/publish. */
export interface SimView extends Args {
  id: string;
  team_id: string;
  type: string;
  blocks: unknown[];
  callback_id: string;
  private_metadata: string;
  external_id: string;
  hash: string;
  root_view_id: string;
  previous_view_id: string | null;
  state: { values: Record<string, Record<string, Args>> };
}

export interface RecordedView {
  via: 'views.open' | 'views.push' | 'views.update' | 'views.publish' | 'response_action';
  user?: string;
  view: SimView;
  at: number;
}

export interface SimFile {
  id: string;
  filename: string;
  title: string;
  alt_text?: string;
  /** Bytes received at the upload URL; undefined until uploaded. */
  bytes?: Buffer;
  declaredLength: number;
  channel?: string;
  threadTs?: string;
  initialComment?: string;
  completed: boolean;
  mimetype: string;
  filetype: string;
  isImage: boolean;
  created: number;
}

export interface SimResponse {
  url: string;
  at: number;
  ok: boolean;
  error?: string;
  status: number;
  body: Args;
  response_type?: string;
  replace_original?: boolean;
  delete_original?: boolean;
  text?: string;
  blocks?: unknown[];
  /** Context the response_url was issued for. */
  channel?: string;
  user?: string;
}

export interface ResponseUrlContext {
  channel?: string;
  user?: string;
  /** The message the interaction came from (replace_original / delete_original act on it). */
  messageTs?: string;
  isEphemeral?: boolean;
}

export type SlackFault =
  | { error: string; delayMs?: number }
  | { status: number; delayMs?: number }
  | { rateLimited: number }
  | { delayMs: number }
  /**
   * The call is carried out at once, and answered only after this long (a lost answer, once the
   * client gave up), or answered with this HTTP `status` (a 5xx after Slack took the post).
   */
  | { answerLateMs: number; status?: number };

export interface SlackSimulator {
  /** `http://127.0.0.1:<port>/api/` — pass as Bolt's clientOptions.slackApiUrl. */
  readonly apiUrl: string;
  readonly baseUrl: string;
  readonly port: number;
  readonly calls: readonly SimCall[];
  readonly responses: readonly SimResponse[];
  readonly views: readonly RecordedView[];
  readonly files: readonly SimFile[];
  readonly rateLimitedCount: number;
  callsTo(method: string): SimCall[];
  messagesIn(channel: string): SimMessage[];
  ephemeralsFor(user: string): SimEphemeral[];
  /** The current version of a view (after updates), or undefined. */
  viewById(id: string): SimView | undefined;
  /** Slack's end of Socket Mode: connections, envelopes, reconnect requests. */
  socket: SocketModeHub;
  /** What the user's Home tab shows now (the last views.publish for them), or undefined. */
  homeOf(user: string): SimView | undefined;
  /** The handle Slack shows for a known user (`approver`), as payloads carry it in `user.username`. */
  userName(user: string): string | undefined;
  /** The id of opsbot's direct message with `user`, as conversations.open names it. */
  dmWith(user: string): string;
  /** The team of a person from another organisation (SlackSimulatorOptions.users' teamId). */
  userTeam(user: string): string | undefined;
  /** The user's modal stack, root first. */
  openViews(user: string): SimView[];
  newTriggerId(user?: string): string;
  newResponseUrl(context?: ResponseUrlContext): string;
  /** Applies a view_submission/view_closed ack as Slack does (close, clear, update, push; errors keep it open). */
  applyViewAck(user: string, viewId: string, ack: unknown): { ok: boolean; errors?: string[] };
  fail(method: string, fault: SlackFault, options?: { times?: number }): void;
  /** Deactivates a person, as an admin does: users.info answers `deleted: true` from now on. */
  deactivate(user: string): void;
  /** The next `times` messages whose image blocks use a slack_file get invalid_blocks ("still processing"). */
  failUploadedFileBlocks(times: number): void;
  clearFaults(): void;
  waitFor(predicate: (call: SimCall) => boolean, timeoutMs?: number): Promise<SimCall>;
  /** Who is in which channel, and which are archived (conversations.members / users.conversations / .info). */
  readonly channels: ChannelsControl;
  /** The workspace's user groups (usergroups.list / usergroups.users.list answer from them). */
  readonly userGroups: UserGroupsControl;
  /** Runs of the app's workflow steps (function_executed) and their completions. */
  readonly functions: FunctionsControl;
  /** Options requests delivered so far (driver.suggest), with the app's answers and Slack's verdict. */
  readonly suggestions: readonly SimSuggestion[];
  /** Checks and records the app's answer to an options request, as Slack does before showing it. */
  receiveOptionsAnswer(
    request: OptionsRequestInfo,
    response: { status: number; body: string; elapsedMs: number },
  ): SimSuggestion;
  /** Slash command text as Slack sends it with `should_escape: true` (known @people, @groups, #channels). */
  escapeCommandText(text: string): string;
  reset(): void;
  close(): Promise<void>;
}

/** A user group as the simulator keeps it (Slack's usergroup object is built from it per call). */
export interface SimUserGroup {
  /** Slack's subteam id, `S…`. */
  id: string;
  /** What people type after "@", without it: `ops-approvers`. */
  handle: string;
  name: string;
  description: string;
  /** Member user ids, in the order they were added. */
  users: string[];
  /** Unix seconds, as Slack returns them. */
  dateCreate: number;
  dateUpdate: number;
  /** 0 while enabled; when it was disabled otherwise. */
  dateDelete: number;
}

export interface UserGroupInput {
  handle: string;
  name?: string;
  description?: string;
  users?: string[];
  /** Create it disabled (Slack keeps disabled groups, hidden unless include_disabled). */
  disabled?: boolean;
}

/** The test's hand on the workspace's user groups; every change is seen by the next API call. */
export interface UserGroupsControl {
  /** Creates or replaces a group (its creation date is kept when replaced). */
  set(id: string, input: UserGroupInput): void;
  addMember(id: string, user: string): void;
  removeMember(id: string, user: string): void;
  disable(id: string): void;
  enable(id: string): void;
  /** Forgets the group: the next call answers no_such_subteam. */
  remove(id: string): void;
  /** false: a plan without user groups (both methods answer plan_upgrade_required). Default true. */
  setPlanHasUserGroups(available: boolean): void;
  get(id: string): SimUserGroup | undefined;
  byHandle(handle: string): SimUserGroup | undefined;
  all(): SimUserGroup[];
}

/** One options request (block_suggestion) as delivered to the app. */
export interface OptionsRequestInfo {
  user: string;
  actionId: string;
  blockId: string;
  /** What the person has typed so far. */
  value: string;
  /** Where the menu is: `{type:'view', view_id}` or `{type:'message', message_ts, channel_id, …}`. */
  container: Args;
}

/** An options request with the app's answer and Slack's verdict on it. */
export interface SimSuggestion extends OptionsRequestInfo {
  at: number;
  /** HTTP status of the answer (504 when a Socket Mode envelope got no ack in time). */
  status: number;
  elapsedMs: number;
  /** The parsed JSON answer (undefined when empty or not JSON). */
  answer: unknown;
  /** The options the person sees, groups flattened; empty when the answer was invalid. */
  options: Args[];
  valid: boolean;
  /** Why Slack would not show the answer, "<reason> [json-pointer:/options/0/text/text]"-style. */
  errors: string[];
}
