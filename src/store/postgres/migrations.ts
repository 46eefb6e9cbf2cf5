// The SQLite schema steps (same versions, same names, same meaning) expressed for PostgreSQL;
// ../migrations.ts decides which steps a database still needs and applies them.
//
// Types: epoch milliseconds are bigint; lists are arrays (text[], smallint[]); the created index's
// limits are `json`, not `jsonb`, because jsonb reorders keys and the limits are shown in the order
// the API sent them, as SQLite keeps them.

import { latestVersion, type Migration, type MigrationPlan } from '../migrations.ts';

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'index requests and their audit trail',
    sql: `
      CREATE TABLE index_requests (
        id                   bigint  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        requester_id         text    NOT NULL,
        requester_channel_id text    NOT NULL,
        name                 text    NOT NULL,
        region               text    NOT NULL,
        plan                 text    NOT NULL,
        reason               text    NOT NULL,
        state                text    NOT NULL CHECK (state IN
                               ('pending', 'approved', 'creating', 'created', 'failed', 'rejected', 'expired')),
        created_at           bigint  NOT NULL,
        expires_at           bigint  NOT NULL,
        updated_at           bigint  NOT NULL,
        decided_by           text,
        decision_comment     text,
        card_channel         text,
        card_ts              text,
        result_index_id      text,
        result_endpoint      text,
        result_region        text,
        result_type          text,
        result_creation_time double precision,
        result_limits        json,
        failure_message      text,
        outcome_unknown      boolean NOT NULL DEFAULT false
      );
      CREATE INDEX index_requests_by_state_expiry ON index_requests (state, expires_at);
      CREATE INDEX index_requests_by_requester ON index_requests (requester_id, state);

      CREATE TABLE request_audit (
        id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        request_id bigint NOT NULL REFERENCES index_requests (id),
        actor      text   NOT NULL,
        from_state text,
        to_state   text   NOT NULL,
        at         bigint NOT NULL,
        note       text
      );
      CREATE INDEX request_audit_by_request ON request_audit (request_id, id);
      -- The trail is evidence: even a hand-written UPDATE, DELETE or TRUNCATE is refused.
      CREATE FUNCTION request_audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'request_audit is append-only'; END
      $$;
      CREATE TRIGGER request_audit_no_change BEFORE UPDATE OR DELETE ON request_audit
        FOR EACH ROW EXECUTE FUNCTION request_audit_append_only();
      CREATE TRIGGER request_audit_no_truncate BEFORE TRUNCATE ON request_audit
        FOR EACH STATEMENT EXECUTE FUNCTION request_audit_append_only();
    `,
  },
  {
    version: 2,
    name: 'digest subscriptions and runs',
    sql: `
      CREATE TABLE digest_subscriptions (
        channel_id       text       PRIMARY KEY,
        configured_by    text       NOT NULL,
        index_ids        text[]     NOT NULL,
        period           text       NOT NULL,
        local_time       text       NOT NULL,
        time_zone        text       NOT NULL,
        days             smallint[] NOT NULL,
        include_accounts boolean    NOT NULL,
        include_requests boolean    NOT NULL,
        created_at       bigint     NOT NULL,
        updated_at       bigint     NOT NULL,
        next_run_at      bigint     NOT NULL
      );
      CREATE INDEX digest_subscriptions_by_next_run ON digest_subscriptions (next_run_at);

      -- No foreign key to the subscription: a run outlives a removed subscription, so removing and
      -- re-adding a digest on the same day cannot post it twice. local_date stays text: pg would turn
      -- a date column into a JavaScript Date in the process's time zone.
      CREATE TABLE digest_runs (
        channel_id       text    NOT NULL,
        local_date       text    NOT NULL,
        scheduled_for    bigint  NOT NULL,
        status           text    NOT NULL CHECK (status IN ('running', 'posted', 'skipped', 'failed')),
        lease_owner      text    NOT NULL,
        lease_expires_at bigint  NOT NULL,
        attempts         integer NOT NULL,
        started_at       bigint  NOT NULL,
        finished_at      bigint,
        message_ts       text,
        note             text,
        CONSTRAINT digest_runs_one_per_day PRIMARY KEY (channel_id, local_date)
      );
    `,
  },
  {
    version: 3,
    name: 'threshold watches',
    sql: `
      -- The state and the controls are JSON text: each is written whole by one kind of writer (a
      -- check, a click), and nothing queries inside them.
      CREATE TABLE watches (
        id            bigserial        PRIMARY KEY,
        channel_id    text             NOT NULL,
        index_id      text             NOT NULL,
        metric        text             NOT NULL,
        direction     text             NOT NULL CHECK (direction IN ('above', 'below')),
        threshold     double precision NOT NULL,
        for_checks    integer          NOT NULL CHECK (for_checks >= 1),
        note          text,
        created_by    text             NOT NULL,
        created_at    bigint           NOT NULL,
        state         text             NOT NULL,
        controls      text             NOT NULL,
        next_check_at bigint           NOT NULL,
        lease_owner   text,
        lease_until   bigint
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
      ALTER TABLE index_requests ADD COLUMN approvals_required integer NOT NULL DEFAULT 1
        CHECK (approvals_required >= 0);
      ALTER TABLE index_requests ADD COLUMN reminded_at bigint;

      -- One row per approver and request: a second click can't count twice. An approver who left
      -- the approvers keeps the row (it is evidence) with lapsed_at set; it no longer counts.
      CREATE TABLE request_approvals (
        request_id  bigint NOT NULL REFERENCES index_requests (id),
        approver_id text   NOT NULL,
        at          bigint NOT NULL,
        note        text,
        lapsed_at   bigint,
        PRIMARY KEY (request_id, approver_id)
      );
    `,
  },
  {
    version: 5,
    name: 'watch owners, reminders and incidents',
    sql: `
      ALTER TABLE watches ADD COLUMN notify text NOT NULL DEFAULT '{"users":[],"groups":[]}';
      ALTER TABLE watches ADD COLUMN remind_every_ms bigint DEFAULT 1800000;
      CREATE TABLE watch_incidents (
        id                    bigserial PRIMARY KEY,
        watch_id              bigint  NOT NULL REFERENCES watches (id) ON DELETE CASCADE,
        fired_at              bigint  NOT NULL,
        direction             text    NOT NULL CHECK (direction IN ('above', 'below')),
        threshold             double precision NOT NULL,
        worst_value           double precision NOT NULL,
        worst_at              bigint  NOT NULL,
        acknowledged_by       text,
        acknowledged_by_name  text,
        acknowledged_at       bigint,
        resolved_at           bigint,
        reminded_at           bigint,
        next_reminder_at      bigint,
        reminders             integer NOT NULL DEFAULT 0
      );
      CREATE INDEX watch_incidents_by_watch ON watch_incidents (watch_id, id);
    `,
  },
  {
    version: 6,
    name: 'known indexes and their names',
    sql: `
      -- A name is unique in the workspace; any number of indexes have none (NULLs are distinct).
      CREATE TABLE known_indexes (
        id           text   PRIMARY KEY,
        kind         text   NOT NULL CHECK (kind IN ('vector', 'search')),
        name         text   UNIQUE,
        last_used_at bigint,
        created_at   bigint NOT NULL
      );
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
        execution_id text    PRIMARY KEY,
        request_id   bigint  UNIQUE REFERENCES index_requests (id),
        started_at   bigint  NOT NULL,
        claimed_by   text,
        lease_until  bigint,
        completed_at bigint,
        outcome      text    CHECK (outcome IN ('completed', 'refused', 'gone'))
      );
      CREATE INDEX workflow_step_runs_open ON workflow_step_runs (completed_at, started_at);
    `,
  },
  {
    version: 8,
    name: 'mutes that end',
    sql: `
      -- As in SQLite: a mute saved before mutes ended ends 7 days after this upgrade.
      UPDATE watches
      SET controls = jsonb_set(controls::jsonb, '{mutedUntil}',
        to_jsonb(floor(extract(epoch FROM now()) * 1000)::bigint + 604800000))::text
      WHERE controls::jsonb ->> 'mutedBy' IS NOT NULL AND controls::jsonb ->> 'mutedUntil' IS NULL;
    `,
  },
  {
    version: 9,
    name: 'who named and renamed indexes',
    sql: `
      -- As in SQLite: every naming of an index, who and when, kept while the index is known.
      CREATE TABLE index_name_changes (
        id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        index_id   text   NOT NULL,
        previous   text,
        name       text,
        changed_by text   NOT NULL,
        changed_at bigint NOT NULL
      );
      CREATE INDEX index_name_changes_by_index ON index_name_changes (index_id, id);
    `,
  },
  {
    version: 10,
    name: 'slack budget shared by replicas',
    sql: `
      -- Slack's rate limits are per app and workspace: each method's schedule (its next free slot,
      -- epoch ms with fractions) is shared by every replica. SQLite keeps it in memory.
      CREATE TABLE slack_budget (
        key     text             PRIMARY KEY,
        tat     double precision NOT NULL,
        -- Whether the last reservation took a slot (one that would wait too long takes none).
        granted boolean          NOT NULL DEFAULT true
      );
    `,
  },
  {
    version: 11,
    name: 'requests on behalf of someone',
    sql: `
      -- As in SQLite: who a request was filed for when not its requester; NULL: nobody else.
      ALTER TABLE index_requests ADD COLUMN on_behalf_of text;
    `,
  },
  {
    version: 12,
    name: 'the watches needing attention',
    sql: `
      -- As in SQLite: Home's read of the watches needing attention, by listFiringWatches' condition.
      CREATE INDEX watches_needing_attention ON watches (id)
      WHERE (state::jsonb ->> 'status') = 'firing'
        OR COALESCE(jsonb_typeof(state::jsonb -> 'cantPost'), 'null') <> 'null';
    `,
  },
  {
    version: 13,
    name: 'mcp tokens',
    sql: `
      -- As in SQLite: a person's tokens for agents, by hash only; one live token per (person, label).
      CREATE TABLE mcp_tokens (
        id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        token_hash   text   NOT NULL UNIQUE,
        label        text   NOT NULL,
        user_id      text   NOT NULL,
        team_id      text   NOT NULL,
        created_at   bigint NOT NULL,
        last_used_at bigint,
        expires_at   bigint NOT NULL,
        revoked_at   bigint
      );
      CREATE UNIQUE INDEX mcp_tokens_live_label ON mcp_tokens (user_id, label) WHERE revoked_at IS NULL;
    `,
  },
];
export const LATEST_SCHEMA_VERSION = latestVersion(MIGRATIONS);

/**
 * An arbitrary constant shared by every opsbot: replicas starting together queue on it, so exactly
 * one applies the steps and the others find nothing left to do. Held for the transaction only.
 */
export const MIGRATION_LOCK_KEY = 7_043_626_418_520_001n;

/**
 * The steps for the `schema` (created if missing) or the connection's default schema, under the
 * advisory lock.
 */
export function postgresMigrations(schema: string | undefined): MigrationPlan {
  return {
    steps: MIGRATIONS,
    ledger: `CREATE TABLE IF NOT EXISTS schema_migrations (
      version    integer PRIMARY KEY,
      name       text    NOT NULL,
      applied_at bigint  NOT NULL
    )`,
    async before(tx) {
      await tx.one('SELECT pg_advisory_xact_lock(:key)', { key: MIGRATION_LOCK_KEY.toString() });
      if (schema !== undefined) await tx.exec(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(schema)}`);
    },
  };
}

const IDENTIFIER = /^[a-z_][a-z0-9_]{0,62}$/;

/** Schema names are restricted to plain lower-case identifiers, so they need no escaping anywhere. */
export function assertSchemaName(schema: string): void {
  if (!IDENTIFIER.test(schema)) {
    throw new Error(`schema name must match ${IDENTIFIER.source}, got "${schema}"`);
  }
}

function quoteIdent(name: string): string {
  assertSchemaName(name);
  return `"${name}"`;
}
