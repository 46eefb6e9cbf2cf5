// Domain records the store keeps. Shared by every Store implementation and by the features, so
// they carry no SQL or driver types. Times are epoch milliseconds; an absent value is `null`
// (what a database column holds), never `undefined`.

export const REQUEST_STATES = [
  'pending',
  'approved',
  'creating',
  'created',
  'failed',
  'rejected',
  'expired',
] as const;

export type RequestState = (typeof REQUEST_STATES)[number];

export function isRequestState(value: unknown): value is RequestState {
  return typeof value === 'string' && (REQUEST_STATES as readonly string[]).includes(value);
}

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** Limits of a created index, already reduced to the display allowlist (never a credential). */
export type LimitsSummary = { [key: string]: JsonValue };

/** What the create call returned that is worth keeping; the index's tokens are deliberately absent. */
export type CreatedIndex = {
  indexId: string;
  /** `null` where the API's answer didn't report it (the index exists all the same). */
  endpoint: string | null;
  region: string | null;
  /** The plan as the API reported it (`type` in the record). */
  type: string | null;
  /** The API's `creation_time`, as it sent it (a Unix timestamp). */
  creationTime: number | null;
  limits: LimitsSummary;
};

export type MessageRef = { channel: string; ts: string };

export type IndexRequest = {
  /** The request number users see (#12). */
  id: number;
  /** Who filed it: the person acting, whose caps count. */
  requesterId: string;
  /** Who it was filed for, when not the requester (a workflow step's "on behalf of"): shown, never the actor. */
  onBehalfOf: string | null;
  /** Where the requester asked, for answers that belong in that conversation. */
  requesterChannelId: string;
  name: string;
  region: string;
  plan: string;
  reason: string;
  state: RequestState;
  createdAt: number;
  expiresAt: number;
  updatedAt: number;
  /** The approver or rejecter. */
  decidedBy: string | null;
  decisionComment: string | null;
  /** The approval card, once it has been posted. */
  card: MessageRef | null;
  result: CreatedIndex | null;
  /** The API's message on failure, already stripped of secrets. */
  failureMessage: string | null;
  /** The create call timed out: the index may or may not exist. */
  outcomeUnknown: boolean;
};

/** What the caller supplies for a new request; the store sets the rest (id, state, decision, card…). */
export type NewIndexRequest = Pick<
  IndexRequest,
  'requesterId' | 'requesterChannelId' | 'name' | 'region' | 'plan' | 'reason' | 'createdAt' | 'expiresAt'
> & {
  /** Who it is filed for, when not the requester; null or absent: the requester. */
  onBehalfOf?: string | null;
  /** How many distinct approvals it needs (the policy in force when filed); 1 when not given. */
  approvalsRequired?: number;
  /** The caps counted in the insert's own transaction; past one, CapReachedError and nothing stored. */
  caps?: RequestCaps;
  /**
   * The Workflow Builder step run that files it: linked in the same transaction, so a request never
   * lives without its step (StepRunGoneError, nothing stored, when the run can't take it).
   */
  stepExecutionId?: string;
};

export type RequestCaps = {
  /** Pending requests of the requester, those past their expiry at `now` not counted. */
  maxPending: number;
  now: number;
  /** Requests needing no approval filed by the requester since `since` (counted only for such a request). */
  unapproved?: { max: number; since: number };
};

/** One approver's approval of one request. */
export type Approval = {
  requestId: number;
  approverId: string;
  at: number;
  note: string | null;
  /** When opsbot found the approver was no longer one: from then on the approval does not count. */
  lapsedAt: number | null;
};

/** A request's policy and the approvals given so far, oldest first (lapsed ones included, marked). */
export type ApprovalProgress = { requestId: number; required: number; approvals: Approval[] };

export type AddApprovalInput = { approverId: string; at: number; note?: string };

export type AddApprovalResult =
  | {
      ok: true;
      /** As it now is: `approved` when this approval completed the count, else still `pending`. */
      request: IndexRequest;
      progress: ApprovalProgress;
      completed: boolean;
    }
  | {
      ok: false;
      /** `not_pending`: decided, expired or gone; `already_approved`: this approver's approval counts already. */
      reason: 'not_pending' | 'already_approved';
      current: IndexRequest | undefined;
    };

/** Fields a transition may set alongside the state. A key that is present is written, `null` clears. */
export type RequestPatch = Partial<
  Pick<IndexRequest, 'decidedBy' | 'decisionComment' | 'result' | 'failureMessage' | 'outcomeUnknown'>
>;

export type TransitionInput = {
  /** The state(s) the caller believes the request is in; the update happens only if it still is. */
  from: RequestState | readonly RequestState[];
  to: RequestState;
  actor: string;
  at: number;
  note?: string;
  patch?: RequestPatch;
};

export type TransitionResult =
  | { ok: true; request: IndexRequest }
  | { ok: false; current: IndexRequest | undefined };

export type AuditEntry = {
  /** Increases with every entry; orders entries of one request. */
  id: number;
  requestId: number;
  actor: string;
  /** `null` for the entry that records the request's creation. */
  from: RequestState | null;
  to: RequestState;
  at: number;
  note: string | null;
};

export type ListRequestsOptions = {
  limit: number;
  states?: readonly RequestState[];
  requesterId?: string;
};

/** 0 = Sunday … 6 = Saturday, as `Date.prototype.getDay` and date-fns count them. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

export type DigestSubscription = {
  channelId: string;
  configuredBy: string;
  indexIds: string[];
  /** Stats period of the digest, e.g. '1d'. */
  period: string;
  /** Local time of day, 'HH:mm' (24-hour). */
  localTime: string;
  /** IANA time zone, e.g. 'Europe/Berlin'. */
  timeZone: string;
  /** Sorted, without duplicates, never empty. */
  days: Weekday[];
  includeAccounts: boolean;
  includeRequests: boolean;
  createdAt: number;
  updatedAt: number;
  /** Computed by the caller from the schedule; stored so due subscriptions can be found by index. */
  nextRunAt: number;
};

export type DigestSubscriptionInput = Omit<DigestSubscription, 'createdAt' | 'updatedAt' | 'days'> & {
  days: readonly number[];
  /** Defaults to the store's clock. */
  at?: number;
};

export const DIGEST_RUN_STATUSES = ['running', 'posted', 'skipped', 'failed'] as const;

export type DigestRunStatus = (typeof DIGEST_RUN_STATUSES)[number];

export type DigestRun = {
  channelId: string;
  /** The channel's local date the run is for, 'YYYY-MM-DD'. At most one run exists per (channel, date). */
  localDate: string;
  scheduledFor: number;
  status: DigestRunStatus;
  /** Who holds (or last held) the run. */
  leaseOwner: string;
  leaseExpiresAt: number;
  /** How many times the run was claimed (first claim, lease take-overs, retries after failure). */
  attempts: number;
  startedAt: number;
  finishedAt: number | null;
  messageTs: string | null;
  note: string | null;
};

export type ClaimDigestRunInput = {
  channelId: string;
  localDate: string;
  scheduledFor: number;
  owner: string;
  leaseMs: number;
  now: number;
};

export type ClaimDigestRunResult = { claimed: true; run: DigestRun } | { claimed: false; run: DigestRun };

export type CompleteDigestRunInput = {
  status: 'posted' | 'skipped' | 'failed';
  messageTs?: string;
  note?: string;
  at: number;
};

export type CompleteDigestRunResult =
  | { ok: true; run: DigestRun }
  | { ok: false; run: DigestRun | undefined };

export type StoreHealth = { ok: boolean; detail?: string };

// --- threshold watches -------------------------------------------------------------------------------

export type WatchDirection = 'above' | 'below';

/** Where a watch stands; the watches feature moves it (src/features/watches/evaluate.ts). */
export type WatchState = {
  status: 'ok' | 'firing' | 'no_data';
  /** Consecutive checks beyond the threshold, and when the first of them was. */
  breaches: number;
  breachSince: number | null;
  /** Consecutive checks back past the recovery margin while firing. */
  recoveries: number;
  /** Consecutive checks the API could not be read. */
  failures: number;
  /** When the open incident started (the first breach of the run that fired). */
  incidentSince: number | null;
  lastValue: number | null;
  lastCheckedAt: number | null;
  /** The top-level alert message of the open (or last) incident. */
  alert: MessageRef | null;
  /** The value last told to the channel, and when (for "markedly worse" updates). */
  notifiedValue: number | null;
  notifiedAt: number | null;
  /** Why the API could not be read, and the message that said so. */
  noDataReason: string | null;
  noDataAlert: MessageRef | null;
  /** The open (or last) incident's record (watch_incidents); absent in states saved before it existed. */
  incidentId?: number | null;
  /**
   * Slack refused the watch's last post in its channel (a key of CANT_POST in src/errors.ts) since
   * then; cleared by the next post Slack takes. Absent in states saved before it existed.
   */
  cantPost?: { code: string; since: number } | null;
};

/** What people set by clicking, kept apart from the state so a check never overwrites a click. */
export type WatchControls = {
  snoozedUntil: number | null;
  snoozedBy: string | null;
  mutedBy: string | null;
  mutedAt: number | null;
  /**
   * When the mute ends by itself. Mutes saved before mutes ended were given an end by migration 7
   * (7 days, the default `mute_at_most`, after the upgrade); absent in controls never muted since.
   */
  mutedUntil?: number | null;
  /** Who snoozed, muted or unmuted, when, and until when: newest last, the last 50 kept. */
  history: WatchControlEntry[];
};

/** Whether a watch is muted at `now`: someone muted it and the mute has not ended yet. */
export function isMuted(controls: Pick<WatchControls, 'mutedBy' | 'mutedUntil'>, now: number): boolean {
  return controls.mutedBy !== null && (controls.mutedUntil == null || controls.mutedUntil > now);
}

export type WatchControlEntry = {
  action: 'snooze' | 'mute' | 'unmute';
  by: string;
  at: number;
  until: number | null;
};

export type Watch = {
  id: number;
  channelId: string;
  indexId: string;
  /** A key of the watches feature's metric catalogue. */
  metric: string;
  direction: WatchDirection;
  threshold: number;
  forChecks: number;
  note: string | null;
  createdBy: string;
  createdAt: number;
  state: WatchState;
  controls: WatchControls;
  nextCheckAt: number;
  /** Who the alert and its reminders call. */
  notify: WatchNotify;
  /** How long an unacknowledged alert waits for a reminder; null: never reminded. */
  remindEveryMs: number | null;
};

/** A watch's reminder interval when its creator names none (also the column's default). */
export const DEFAULT_REMIND_EVERY_MS = 30 * 60_000;

/** Slack user ids (U…/W…) and user group ids (S…) an alert mentions. */
export type WatchNotify = { users: string[]; groups: string[] };

/** Which of the watches that need attention to read (`Store.listFiringWatches`). */
export type FiringFilter = { channelIds?: readonly string[]; createdBy?: string; limit?: number };

export type NewWatch = Omit<Watch, 'id' | 'state' | 'controls' | 'notify' | 'remindEveryMs'> & {
  state: WatchState;
  controls: WatchControls;
  /** Nobody, when not given. */
  notify?: WatchNotify;
  /** 30 minutes, when not given. */
  remindEveryMs?: number | null;
  /** The channel's cap, counted in the insert's transaction; past it, CapReachedError and nothing stored. */
  maxInChannel?: number;
};

/** The part of a watch its form sets; who to notify and the reminder interval stay as they are when omitted. */
export type WatchDefinition = Pick<
  Watch,
  'channelId' | 'indexId' | 'metric' | 'direction' | 'threshold' | 'forChecks' | 'note'
> &
  Partial<Pick<Watch, 'notify' | 'remindEveryMs'>> & {
    /** The channel's cap, the watch itself not counted, in the write's transaction (CapReachedError). */
    maxInChannel?: number;
  };

/**
 * One incident of a watch, from fire to resolve: who acknowledged it and when, its worst value, and
 * its reminders. Clicks (acknowledge) and checks (worst, reminders, resolve) write different columns,
 * each with a compare-and-set, so neither overwrites the other.
 */
export type WatchIncident = {
  id: number;
  watchId: number;
  firedAt: number;
  direction: WatchDirection;
  threshold: number;
  worstValue: number;
  worstAt: number;
  acknowledgedBy: string | null;
  /** The acknowledger's Slack name at the time, for text that must not mention (the resolve). */
  acknowledgedByName: string | null;
  acknowledgedAt: number | null;
  resolvedAt: number | null;
  remindedAt: number | null;
  /** When the next reminder is due; null once none will be (never reminded). */
  nextReminderAt: number | null;
  reminders: number;
};

export type NewIncident = Pick<
  WatchIncident,
  'watchId' | 'firedAt' | 'direction' | 'threshold' | 'worstValue' | 'worstAt' | 'nextReminderAt'
>;

/** What a known index is: a vector index read for stats, or a search index created through an approval. */
export type IndexKind = 'vector' | 'search';

/** An index opsbot has seen (read stats of, or created), with the short name a team gave it. */
export type KnownIndex = {
  id: string;
  kind: IndexKind;
  /** Unique in the workspace; null until someone names it. */
  name: string | null;
  /** The last successful read (or the creation of a search index); null when never read. */
  lastUsedAt: number | null;
  createdAt: number;
};

export type RememberIndexInput = {
  id: string;
  kind: IndexKind;
  at: number;
  /** A name to give it if it has none yet (a created search index's own name). */
  name?: string | null;
};

export type NameIndexResult = 'named' | 'taken' | 'unknown';

/** Who gives an index a name, and when: kept in its names' history. */
export type NameChangeBy = { by: string; at: number };

/** One naming of an index: its name before (null: none) and after, who and when. */
export type IndexNameChange = {
  indexId: string;
  previous: string | null;
  name: string | null;
  by: string;
  at: number;
};

/** What refers to an index: watches by number, digests by channel. */
/** What reads an index: its watches (with the channel each alerts in) and the channels whose digests do. */
export type IndexUsers = { watches: { id: number; channelId: string }[]; digests: string[] };

export type ForgetIndexResult =
  | { forgotten: true; index: KnownIndex }
  | { forgotten: false; reason: 'unknown' }
  | { forgotten: false; reason: 'in_use'; usedBy: IndexUsers };

/**
 * One run of a Workflow Builder step that waits for a request: its Slack execution, the request it
 * filed (null until filed, or when filing was refused) and whether its completion was sent.
 */
export type StepRun = {
  executionId: string;
  requestId: number | null;
  startedAt: number;
  /** When the completion was sent (or found impossible); null while the step still waits. */
  completedAt: number | null;
  /** `completed`, `refused` or `gone` (Slack no longer runs the execution). */
  outcome: string | null;
};

export type StepRunOutcome = 'completed' | 'refused' | 'gone';

/** An MCP token as the store keeps it: who minted it and when, never the token (only its hash). */
export type McpToken = {
  id: number;
  label: string;
  userId: string;
  teamId: string;
  createdAt: number;
  lastUsedAt: number | null;
  expiresAt: number;
  revokedAt: number | null;
};

export type NewMcpToken = Omit<McpToken, 'id' | 'lastUsedAt' | 'revokedAt'> & {
  /** The sha256 of the token, hex: the only form of it the database holds. */
  hash: string;
};
