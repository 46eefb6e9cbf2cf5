// The schema steps in SQLite's dialect. The PostgreSQL list has the same versions, names and
// meaning; ../migrations.ts decides which steps a database still needs and applies them.
import { latestVersion, type Migration, type MigrationPlan } from '../migrations.ts';

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'index requests and their audit trail',
    sql: `
      CREATE TABLE index_requests (
        id                   INTEGER PRIMARY KEY AUTOINCREMENT,
        requester_id         TEXT    NOT NULL,
        requester_channel_id TEXT    NOT NULL,
        name                 TEXT    NOT NULL,
        region               TEXT    NOT NULL,
        plan                 TEXT    NOT NULL,
        reason               TEXT    NOT NULL,
        state                TEXT    NOT NULL CHECK (state IN
                               ('pending', 'approved', 'creating', 'created', 'failed', 'rejected', 'expired')),
        created_at           INTEGER NOT NULL,
        expires_at           INTEGER NOT NULL,
        updated_at           INTEGER NOT NULL,
        decided_by           TEXT,
        decision_comment     TEXT,
        card_channel         TEXT,
        card_ts              TEXT,
        result_index_id      TEXT,
        result_endpoint      TEXT,
        result_region        TEXT,
        result_type          TEXT,
        result_creation_time REAL,
        result_limits        TEXT,
        failure_message      TEXT,
        outcome_unknown      INTEGER NOT NULL DEFAULT 0 CHECK (outcome_unknown IN (0, 1))
      ) STRICT;
      CREATE INDEX index_requests_by_state_expiry ON index_requests (state, expires_at);
      CREATE INDEX index_requests_by_requester ON index_requests (requester_id, state);

      CREATE TABLE request_audit (
        id         INTEGER PRIMARY KEY AUTOINCREMENT,
        request_id INTEGER NOT NULL REFERENCES index_requests (id),
        actor      TEXT    NOT NULL,
        from_state TEXT,
        to_state   TEXT    NOT NULL,
        at         INTEGER NOT NULL,
        note       TEXT
      ) STRICT;
      CREATE INDEX request_audit_by_request ON request_audit (request_id, id);
      -- The trail is evidence: even a hand-written UPDATE or DELETE is refused.
      CREATE TRIGGER request_audit_no_update BEFORE UPDATE ON request_audit
        BEGIN SELECT RAISE(ABORT, 'request_audit is append-only'); END;
      CREATE TRIGGER request_audit_no_delete BEFORE DELETE ON request_audit
        BEGIN SELECT RAISE(ABORT, 'request_audit is append-only'); END;
    `,
  },
  {
    version: 2,
    name: 'digest subscriptions and runs',
    sql: `
      CREATE TABLE digest_subscriptions (
        channel_id       TEXT    PRIMARY KEY,
        configured_by    TEXT    NOT NULL,
        index_ids        TEXT    NOT NULL, -- JSON array of strings
        period           TEXT    NOT NULL,
        local_time       TEXT    NOT NULL,
        time_zone        TEXT    NOT NULL,
        days             TEXT    NOT NULL, -- JSON array of 0..6
        include_accounts INTEGER NOT NULL CHECK (include_accounts IN (0, 1)),
        include_requests INTEGER NOT NULL CHECK (include_requests IN (0, 1)),
        created_at       INTEGER NOT NULL,
        updated_at       INTEGER NOT NULL,
        next_run_at      INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX digest_subscriptions_by_next_run ON digest_subscriptions (next_run_at);

      -- No foreign key to the subscription: a run outlives a removed subscription, so removing and
      -- re-adding a digest on the same day cannot post it twice.
      CREATE TABLE digest_runs (
        channel_id       TEXT    NOT NULL,
        local_date       TEXT    NOT NULL,
        scheduled_for    INTEGER NOT NULL,
        status           TEXT    NOT NULL CHECK (status IN ('running', 'posted', 'skipped', 'failed')),
        lease_owner      TEXT    NOT NULL,
        lease_expires_at INTEGER NOT NULL,
        attempts         INTEGER NOT NULL,
        started_at       INTEGER NOT NULL,
        finished_at      INTEGER,
        message_ts       TEXT,
        note             TEXT,
        PRIMARY KEY (channel_id, local_date)
      ) STRICT;
    `,
  },
  {
    version: 3,
    name: 'threshold watches',
    sql: `
      CREATE TABLE watches (
        id            INTEGER PRIMARY KEY AUTOINCREMENT,
        channel_id    TEXT    NOT NULL,
        index_id      TEXT    NOT NULL,
        metric        TEXT    NOT NULL,
        direction     TEXT    NOT NULL CHECK (direction IN ('above', 'below')),
        threshold     REAL    NOT NULL,
        for_checks    INTEGER NOT NULL CHECK (for_checks >= 1),
        note          TEXT,
        created_by    TEXT    NOT NULL,
        created_at    INTEGER NOT NULL,
        state         TEXT    NOT NULL,
        controls      TEXT    NOT NULL,
        next_check_at INTEGER NOT NULL,
        lease_owner   TEXT,
        lease_until   INTEGER
      );
      CREATE INDEX watches_by_channel ON watches (channel_id);
      CREATE INDEX watches_by_next_check ON watches (next_check_at);
    `,
  },
  {
    version: 4,
    name: 'approval policies and approvals',
    sql: `
      -- A request keeps the policy in force when it was filed; requests filed before policies
      -- existed needed one approval, so that is what they keep.
      ALTER TABLE index_requests ADD COLUMN approvals_required INTEGER NOT NULL DEFAULT 1
        CHECK (approvals_required >= 0);
      ALTER TABLE index_requests ADD COLUMN reminded_at INTEGER;

      -- One row per approver and request: a second click can't count twice. An approver who left
      -- the approvers keeps the row (it is evidence) with lapsed_at set; it no longer counts.
      CREATE TABLE request_approvals (
        request_id  INTEGER NOT NULL REFERENCES index_requests (id),
        approver_id TEXT    NOT NULL,
        at          INTEGER NOT NULL,
        note        TEXT,
        lapsed_at   INTEGER,
        PRIMARY KEY (request_id, approver_id)
      ) STRICT;
    `,
  },
  {
    version: 5,
    name: 'watch owners, reminders and incidents',
    sql: `
      ALTER TABLE watches ADD COLUMN notify TEXT NOT NULL DEFAULT '{"users":[],"groups":[]}';
      ALTER TABLE watches ADD COLUMN remind_every_ms INTEGER DEFAULT 1800000;
      CREATE TABLE watch_incidents (
        id                    INTEGER PRIMARY KEY AUTOINCREMENT,
        watch_id              INTEGER NOT NULL REFERENCES watches (id) ON DELETE CASCADE,
        fired_at              INTEGER NOT NULL,
        direction             TEXT    NOT NULL CHECK (direction IN ('above', 'below')),
        threshold             REAL    NOT NULL,
        worst_value           REAL    NOT NULL,
        worst_at              INTEGER NOT NULL,
        acknowledged_by       TEXT,
        acknowledged_by_name  TEXT,
        acknowledged_at       INTEGER,
        resolved_at           INTEGER,
        reminded_at           INTEGER,
        next_reminder_at      INTEGER,
        reminders             INTEGER NOT NULL DEFAULT 0
      ) STRICT;
      CREATE INDEX watch_incidents_by_watch ON watch_incidents (watch_id, id);
    `,
  },
  {
    version: 6,
    name: 'known indexes and their names',
    sql: `
      CREATE TABLE known_indexes (
        id           TEXT    PRIMARY KEY,
        kind         TEXT    NOT NULL CHECK (kind IN ('vector', 'search')),
        name         TEXT    UNIQUE,
        last_used_at INTEGER,
        created_at   INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX known_indexes_by_use ON known_indexes (last_used_at);
    `,
  },
  {
    version: 7,
    name: 'workflow step runs',
    sql: `
      -- A Workflow Builder step that files a request: one row per Slack execution, so a redelivered
      -- event files nothing new, and its completion is claimed once (a lease, then completed_at).
      CREATE TABLE workflow_step_runs (
        execution_id TEXT    PRIMARY KEY,
        request_id   INTEGER UNIQUE REFERENCES index_requests (id),
        started_at   INTEGER NOT NULL,
        claimed_by   TEXT,
        lease_until  INTEGER,
        completed_at INTEGER,
        outcome      TEXT    CHECK (outcome IN ('completed', 'refused', 'gone'))
      ) STRICT;
      CREATE INDEX workflow_step_runs_open ON workflow_step_runs (completed_at, started_at);
    `,
  },
  {
    version: 8,
    name: 'mutes that end',
    sql: `
      -- A mute now ends by itself (controls.mutedUntil). One saved before has no end: it gets one
      -- 7 days (the default mute_at_most) after this upgrade, so none lasts forever and none ends
      -- the moment opsbot is upgraded.
      UPDATE watches
      SET controls = json_set(controls, '$.mutedUntil', CAST(strftime('%s', 'now') AS INTEGER) * 1000 + 604800000)
      WHERE json_extract(controls, '$.mutedBy') IS NOT NULL AND json_extract(controls, '$.mutedUntil') IS NULL;
    `,
  },
  {
    version: 9,
    name: 'who named and renamed indexes',
    sql: `
      -- Every naming of an index: its name before (NULL: it had none) and after, who and when.
      -- Kept while the index is known; forgetting an index forgets its names' history too.
      CREATE TABLE index_name_changes (
        id         INTEGER PRIMARY KEY AUTOINCREMENT,
        index_id   TEXT    NOT NULL,
        previous   TEXT,
        name       TEXT,
        changed_by TEXT    NOT NULL,
        changed_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX index_name_changes_by_index ON index_name_changes (index_id, id);
    `,
  },
  {
    version: 10,
    name: 'slack budget shared by replicas',
    // PostgreSQL only: one process owns an SQLite file, so Slack's budget is kept in its memory.
    sql: 'SELECT 1;',
  },
  {
    version: 11,
    name: 'requests on behalf of someone',
    sql: `
      -- Who a request was filed for when not its requester (a workflow step run by one person for
      -- another): shown on the card, and, like the requester, never its approver. NULL: nobody else.
      ALTER TABLE index_requests ADD COLUMN on_behalf_of TEXT;
    `,
  },
  {
    version: 12,
    name: 'the watches needing attention',
    sql: `
      -- Home's read of the firing watches (and those whose channel refuses): the few rows that
      -- need attention, read without parsing every watch. The condition is listFiringWatches' own.
      CREATE INDEX watches_needing_attention ON watches (id)
      WHERE json_extract(state, '$.status') = 'firing' OR json_extract(state, '$.cantPost') IS NOT NULL;
    `,
  },
  {
    version: 13,
    name: 'mcp tokens',
    sql: `
      -- A person's tokens for agents over MCP, by the sha256 of the token: the token itself is shown
      -- once in Slack and never stored. One live token per (person, label).
      CREATE TABLE mcp_tokens (
        id           INTEGER PRIMARY KEY AUTOINCREMENT,
        token_hash   TEXT    NOT NULL UNIQUE,
        label        TEXT    NOT NULL,
        user_id      TEXT    NOT NULL,
        team_id      TEXT    NOT NULL,
        created_at   INTEGER NOT NULL,
        last_used_at INTEGER,
        expires_at   INTEGER NOT NULL,
        revoked_at   INTEGER
      ) STRICT;
      CREATE UNIQUE INDEX mcp_tokens_live_label ON mcp_tokens (user_id, label) WHERE revoked_at IS NULL;
    `,
  },
];
export const LATEST_SCHEMA_VERSION = latestVersion(MIGRATIONS);

export const SQLITE_MIGRATIONS: MigrationPlan = {
  steps: MIGRATIONS,
  ledger: `CREATE TABLE IF NOT EXISTS schema_migrations (
    version    INTEGER PRIMARY KEY,
    name       TEXT    NOT NULL,
    applied_at INTEGER NOT NULL
  ) STRICT`,
};
