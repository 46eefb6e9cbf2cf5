// The one persistence boundary. Features talk to this interface and never to SQL, so the embedded
// SQLite database and PostgreSQL are interchangeable; test/unit/store/store.contract.ts is the executable
// definition of the semantics, run on both.
//
// Rules every implementation keeps:
// - Every method is async, even where the driver is synchronous.
// - Times come from the caller (or the store's injected clock), never from the database server,
//   so tests with a fake clock see the same times a production run would.
// - Conditional writes (request transitions, digest run claims and completions) are atomic across
//   processes sharing one database: exactly one caller wins.
// - Nothing secret is persisted: writes that carry a `token`, `read_only_token` or `password` key
//   anywhere are refused with SecretInStoreError before touching the database.
import type { SlackBudget } from '../slack/budget.ts';
import type {
  AddApprovalInput,
  AddApprovalResult,
  ApprovalProgress,
  AuditEntry,
  ClaimDigestRunInput,
  ClaimDigestRunResult,
  CompleteDigestRunInput,
  CompleteDigestRunResult,
  DigestRun,
  DigestSubscription,
  DigestSubscriptionInput,
  FiringFilter,
  ForgetIndexResult,
  IndexNameChange,
  IndexRequest,
  IndexUsers,
  KnownIndex,
  ListRequestsOptions,
  McpToken,
  MessageRef,
  NameChangeBy,
  NameIndexResult,
  NewIncident,
  NewIndexRequest,
  NewMcpToken,
  NewWatch,
  RememberIndexInput,
  StepRun,
  StepRunOutcome,
  StoreHealth,
  TransitionInput,
  TransitionResult,
  Watch,
  WatchControls,
  WatchDefinition,
  WatchIncident,
  WatchState,
} from './types.ts';

export interface Store {
  // --- search index requests ---

  /** Stores a new request in state `pending` and records its creation in the audit trail. */
  createRequest(input: NewIndexRequest): Promise<IndexRequest>;
  getRequest(id: number): Promise<IndexRequest | undefined>;
  /** Newest first. */
  listRecentRequests(options: ListRequestsOptions): Promise<IndexRequest[]>;
  /** Pending requests of one user; with `now`, those already past their expiry are not counted. */
  countPendingByRequester(userId: string, now?: number): Promise<number>;
  /** Requests of one user filed at or after `since` whose plan needed no approval, whatever became of them. */
  countUnapprovedByRequester(userId: string, since: number): Promise<number>;
  /** Records where the approval card was posted. False when the request does not exist. */
  setRequestCard(id: number, card: MessageRef): Promise<boolean>;
  /**
   * Compare-and-set: moves the request to `to` only if its current state is one of `from`, and in
   * the same transaction appends the audit entry. Of two concurrent identical transitions, exactly
   * one gets `ok: true`; the other gets the request as it now is (`undefined` if it does not exist).
   */
  transitionRequest(id: number, input: TransitionInput): Promise<TransitionResult>;
  /** The request's audit trail, oldest first. Append-only: there is no way to change or remove entries. */
  listAudit(requestId: number): Promise<AuditEntry[]>;
  /**
   * Pending requests whose `expiresAt` is at or before `now`, soonest-expired first; at most `limit`
   * (DEFAULT_EXPIRED_LIMIT when not given).
   */
  listExpiredPending(now: number, limit?: number): Promise<IndexRequest[]>;

  // --- approvals (distinct approvers per request, against the policy the request was filed with) ---

  /**
   * Records `approverId`'s approval of a pending request and, when it brings the approvals that
   * count (not lapsed) to the request's policy, moves the request to `approved` in the same
   * transaction (with its audit entry): of concurrent approvals, exactly one completes the count,
   * and one arriving after that finds the request no longer pending. A lapsed approval by the same
   * approver is renewed; one that counts already is refused (`already_approved`), not added.
   */
  addApproval(id: number, input: AddApprovalInput): Promise<AddApprovalResult>;
  /** Each request's policy and approvals; requests that don't exist are absent from the map. */
  approvalProgress(ids: readonly number[]): Promise<Map<number, ApprovalProgress>>;
  /**
   * Marks the approvals of these approvers on a pending request as no longer counting (they left
   * the approvers), each with an audit entry. Returns how many changed.
   */
  lapseApprovals(id: number, approverIds: readonly string[], actor: string, at: number): Promise<number>;
  /** Pending requests half-way or more to their expiry that have had no reminder, oldest first. */
  listReminderDue(now: number, limit: number): Promise<IndexRequest[]>;
  /** Claims the one reminder of a pending request: true for exactly one caller, ever. */
  claimReminder(id: number, at: number): Promise<boolean>;

  // --- digest subscriptions (one per channel) ---

  /** Creates or replaces the channel's subscription; `createdAt` survives a replace. */
  upsertSubscription(input: DigestSubscriptionInput): Promise<DigestSubscription>;
  getSubscription(channelId: string): Promise<DigestSubscription | undefined>;
  /** Ordered by channel id. */
  /** Every subscription, or these channels' only; by channel id. */
  listSubscriptions(channelIds?: readonly string[]): Promise<DigestSubscription[]>;
  /** The channels that have a digest, by channel id: what Home asks Slack about before it reads the few it shows. */
  listSubscribedChannels(): Promise<string[]>;
  /** False when there was nothing to delete. Past runs are kept: they still prevent a same-day repeat. */
  deleteSubscription(channelId: string): Promise<boolean>;
  /** Subscriptions with `nextRunAt <= now`, most overdue first. */
  listDueSubscriptions(now: number, limit: number): Promise<DigestSubscription[]>;
  /**
   * Sets the next run time. With `expectedNextRunAt`, only if the stored value is still that one —
   * so a scheduler finishing a run cannot overwrite a schedule the user changed meanwhile.
   * False when the subscription is gone or the expectation failed.
   */
  advanceSubscription(channelId: string, nextRunAt: number, expectedNextRunAt?: number): Promise<boolean>;

  // --- digest runs (at most one per channel and local date) ---

  /**
   * Claims the (channel, local date) run for `owner` with a lease of `leaseMs` from `now`.
   * Claimed when no run exists, when a `running` run's lease has expired (taken over), or when the
   * run `failed` (a retry; the scheduler avoids it by advancing the subscription). Not claimed
   * when the run is `posted`, `skipped`, or `running` under a live lease; `run` is then the
   * existing one.
   */
  claimDigestRun(input: ClaimDigestRunInput): Promise<ClaimDigestRunResult>;
  /** Extends a live claim; false when `owner` no longer holds the run. */
  renewDigestRun(
    channelId: string,
    localDate: string,
    owner: string,
    leaseMs: number,
    now: number,
  ): Promise<boolean>;
  /** Finishes a `running` run; only its current lease owner can. */
  completeDigestRun(
    channelId: string,
    localDate: string,
    owner: string,
    input: CompleteDigestRunInput,
  ): Promise<CompleteDigestRunResult>;
  /** Newest local date first. */
  listDigestRuns(channelId: string, limit: number): Promise<DigestRun[]>;
  /** Each subscribed channel's newest run (by local date), in one read; channels never run have none. */
  listLastDigestRuns(channelIds?: readonly string[]): Promise<DigestRun[]>;

  // --- threshold watches ---

  createWatch(input: NewWatch): Promise<Watch>;
  getWatch(id: number): Promise<Watch | undefined>;
  /** Every watch, or one channel's; oldest first. */
  listWatches(channelId?: string): Promise<Watch[]>;
  /**
   * The watches that need attention: firing, or in a channel that refuses opsbot's posts. Oldest
   * trouble first (the incident's start, else the refusal's, else the last check). Of these
   * channels only, of that person's watches only, at most `limit`, when given.
   */
  listFiringWatches(filter?: FiringFilter): Promise<Watch[]>;
  /** How many watches need attention in each channel (of `createdBy`'s watches only, when given). */
  countFiringWatches(createdBy?: string): Promise<Map<string, number>>;
  /** The watches whose mute has ended by `now` but is still recorded (the mute ender clears them). */
  listEndedMutes(now: number): Promise<Watch[]>;
  /** How many watches are in each state at `now` (muted, snoozed, else the last check's status). */
  countWatchStates(now: number): Promise<Map<string, number>>;
  /** Removes the watch; returns it as it was (its alert may need a last update), or undefined. */
  deleteWatch(id: number): Promise<Watch | undefined>;
  /**
   * Leases up to `limit` watches whose check is due (`nextCheckAt <= now`) and that no live lease
   * holds, for `owner`. Of several replicas asking at once, each watch goes to exactly one.
   */
  claimDueWatches(now: number, owner: string, leaseMs: number, limit: number): Promise<Watch[]>;
  /**
   * Stores a check's outcome and releases the lease; only the lease's owner can. Saving a state
   * with an alert still pending (a lease kept) is done with `keepLeaseUntil`.
   */
  saveWatchState(
    id: number,
    owner: string,
    state: WatchState,
    nextCheckAt: number,
    keepLeaseUntil?: number,
  ): Promise<boolean>;
  /**
   * Changes what a watch watches (edited in its form) and starts its state afresh; its lease, if a
   * check holds one, is dropped so that check's save is refused. Undefined when the watch is gone.
   */
  updateWatch(
    id: number,
    definition: WatchDefinition,
    state: WatchState,
    nextCheckAt: number,
  ): Promise<Watch | undefined>;
  /** Snooze and mute: written by clicks, never by checks. False when the watch is gone. */
  setWatchControls(id: number, controls: WatchControls): Promise<boolean>;
  /** A watch fired: its incident's record, the watch keeping its newest 20. */
  openIncident(input: NewIncident): Promise<WatchIncident>;
  getIncident(id: number): Promise<WatchIncident | undefined>;
  /** These incidents, those that exist. */
  getIncidents(ids: readonly number[]): Promise<WatchIncident[]>;
  /** A watch's incidents, newest first. */
  listIncidents(watchId: number): Promise<WatchIncident[]>;
  /** Each watch's newest incident (of one channel's watches, or all), by watch id. */
  lastIncidents(channelId?: string): Promise<WatchIncident[]>;
  /** A worse value of an open incident (the check that holds the watch's lease decides it is worse). */
  setIncidentWorst(id: number, value: number, at: number): Promise<boolean>;
  /** The first acknowledgement of an open incident; undefined when someone has it already, or it is over. */
  acknowledgeIncident(id: number, by: string, byName: string, at: number): Promise<WatchIncident | undefined>;
  /**
   * Claims the reminder due at `expectedNext` of an open, unacknowledged incident, setting the next
   * due time; false when another check claimed it (or it was acknowledged or resolved) meanwhile.
   */
  claimIncidentReminder(id: number, expectedNext: number, at: number, next: number | null): Promise<boolean>;
  /** Closes an open incident; undefined when it was closed already. */
  resolveIncident(id: number, at: number): Promise<WatchIncident | undefined>;
  /** Forgets an incident whose alert was never posted (its channel refused it). False when gone. */
  discardIncident(id: number): Promise<boolean>;

  // --- known indexes (names a team gave its indexes) ---

  /**
   * Records that an index was used at `at` (created if new); the last use only moves forward. With
   * a `name`, the index gets it if it has none; a name another index holds is refused (throws).
   */
  rememberIndex(input: RememberIndexInput): Promise<void>;
  getKnownIndex(id: string): Promise<KnownIndex | undefined>;
  findIndexByName(name: string): Promise<KnownIndex | undefined>;
  /**
   * Most recently used first (never-read ones by when they were first seen). `query` keeps those
   * whose name or id contains it, case-insensitively; at most `limit`.
   */
  listKnownIndexes(options?: { query?: string; limit?: number }): Promise<KnownIndex[]>;
  /**
   * Gives index `id` the name (null: none), recording who and when in its names' history. `taken`
   * when another index has it; `unknown` when `id` isn't known.
   */
  nameIndex(id: string, name: string | null, change: NameChangeBy): Promise<NameIndexResult>;
  /** Index `id`'s names' history, oldest first. */
  indexNameChanges(id: string): Promise<IndexNameChange[]>;
  /** The watches and digests that refer to index `id`. */
  usersOfIndex(id: string): Promise<IndexUsers>;
  /** Forgets index `id`, refused while a watch or a digest refers to it (checked in the same transaction). */
  forgetIndex(id: string): Promise<ForgetIndexResult>;

  // --- workflow step runs (a Workflow Builder step waiting for its request to end) ---

  /** Records a step's execution: true for exactly one caller per execution id, ever. */
  claimStepRun(executionId: string, at: number): Promise<boolean>;
  getStepRun(executionId: string): Promise<StepRun | undefined>;
  stepRunOfRequest(requestId: number): Promise<StepRun | undefined>;
  /**
   * Claims sending the step's completion for `owner`, for `leaseMs` from `now`: true for one caller
   * while the run is not finished and no live lease holds it.
   */
  claimStepCompletion(executionId: string, owner: string, now: number, leaseMs: number): Promise<boolean>;
  /** Marks the run finished; only the owner of its claim can. */
  finishStepRun(executionId: string, owner: string, outcome: StepRunOutcome, at: number): Promise<boolean>;
  /** Unfinished, unclaimed runs whose request has ended (created, rejected, expired, failed), oldest first. */
  listStepRunsToComplete(now: number, limit: number): Promise<StepRun[]>;
  /**
   * Claims (as claimStepCompletion) up to `limit` unfinished, unclaimed runs started before
   * `startedBefore` that never got their request, oldest first; a claimed run can no longer take
   * one (the request's write then fails), so the run is ended and no request outlives it.
   */
  claimStepRunsWithoutRequest(
    startedBefore: number,
    owner: string,
    now: number,
    leaseMs: number,
    limit: number,
  ): Promise<StepRun[]>;

  // --- MCP tokens (an agent acting as the person who minted its token) ---

  /** Stores a new token; `taken` while the person has a live token with that label (an expired one gives it up). */
  createMcpToken(token: NewMcpToken): Promise<McpToken | 'taken'>;
  /** The token whose sha256 is `hash`, revoked and expired ones included (the caller decides). */
  mcpTokenByHash(hash: string): Promise<McpToken | undefined>;
  /** `userId`'s tokens not revoked (expired ones included), newest first. */
  listMcpTokens(userId: string): Promise<McpToken[]>;
  /** Revokes `userId`'s live token labelled `label`; false when there is none. */
  revokeMcpToken(userId: string, label: string, at: number): Promise<boolean>;
  /** Records a use (at most once a minute per token). */
  touchMcpToken(id: number, at: number): Promise<void>;

  // --- Slack's allowance ---

  /**
   * Slack's rate budget shared by every process on this database (PostgreSQL); absent where one
   * process owns the database (SQLite), which keeps it in memory.
   */
  readonly slackBudget?: SlackBudget;

  // --- housekeeping ---

  /** For /readyz: whether the database answers now. Never throws. */
  health(): Promise<StoreHealth>;
  /** Idempotent. */
  close(): Promise<void>;
}

/** How many expired requests one `listExpiredPending` call returns when the caller names no limit. */
export const DEFAULT_EXPIRED_LIMIT = 100;

// The SQL implementation comes in these three parts (requests.ts, digests.ts, watches.ts), each
// running on either database through the Db port (db.ts).
export type RequestMethods = Pick<
  Store,
  | 'createRequest'
  | 'getRequest'
  | 'listRecentRequests'
  | 'countPendingByRequester'
  | 'countUnapprovedByRequester'
  | 'setRequestCard'
  | 'transitionRequest'
  | 'listAudit'
  | 'listExpiredPending'
>;

export type ApprovalMethods = Pick<
  Store,
  'addApproval' | 'approvalProgress' | 'lapseApprovals' | 'listReminderDue' | 'claimReminder'
>;

export type DigestMethods = Pick<
  Store,
  | 'upsertSubscription'
  | 'getSubscription'
  | 'listSubscriptions'
  | 'listSubscribedChannels'
  | 'deleteSubscription'
  | 'listDueSubscriptions'
  | 'advanceSubscription'
  | 'claimDigestRun'
  | 'renewDigestRun'
  | 'completeDigestRun'
  | 'listDigestRuns'
  | 'listLastDigestRuns'
>;

export type WatchMethods = Pick<
  Store,
  | 'createWatch'
  | 'getWatch'
  | 'listWatches'
  | 'listFiringWatches'
  | 'countFiringWatches'
  | 'listEndedMutes'
  | 'countWatchStates'
  | 'deleteWatch'
  | 'claimDueWatches'
  | 'saveWatchState'
  | 'setWatchControls'
  | 'updateWatch'
  | 'openIncident'
  | 'getIncident'
  | 'getIncidents'
  | 'listIncidents'
  | 'lastIncidents'
  | 'setIncidentWorst'
  | 'acknowledgeIncident'
  | 'claimIncidentReminder'
  | 'resolveIncident'
  | 'discardIncident'
>;

export type StepMethods = Pick<
  Store,
  | 'claimStepRun'
  | 'getStepRun'
  | 'stepRunOfRequest'
  | 'claimStepCompletion'
  | 'finishStepRun'
  | 'listStepRunsToComplete'
  | 'claimStepRunsWithoutRequest'
>;

export type McpTokenMethods = Pick<
  Store,
  'createMcpToken' | 'mcpTokenByHash' | 'listMcpTokens' | 'revokeMcpToken' | 'touchMcpToken'
>;

export type IndexMethods = Pick<
  Store,
  | 'rememberIndex'
  | 'getKnownIndex'
  | 'findIndexByName'
  | 'listKnownIndexes'
  | 'nameIndex'
  | 'indexNameChanges'
  | 'usersOfIndex'
  | 'forgetIndex'
>;
