// Threshold watches, on either database. The state and the controls are JSON text on both.
import { type Db, lockScope } from './db.ts';
import { assertNoSecrets, assertPositiveLease, CapReachedError, checkWatch } from './guards.ts';
import { numOrNull, type Row, read, text, textOrNull, toWatch } from './rows.ts';
import type { WatchMethods } from './store.ts';
import {
  DEFAULT_REMIND_EVERY_MS,
  type NewWatch,
  type WatchDefinition,
  type WatchDirection,
  type WatchIncident,
  type WatchState,
} from './types.ts';

/**
 * The channel's cap, counted under a lock on the channel (lockScope) in the write's transaction;
 * `except`, a watch being edited, is not counted.
 */
async function checkChannelCap(tx: Db, channelId: string, max: number, except = 0): Promise<void> {
  await lockScope(tx, `watches:${channelId}`);
  const row = await tx.one('SELECT COUNT(*) AS n FROM watches WHERE channel_id = :channel_id AND id <> :id', {
    channel_id: channelId,
    id: except,
  });
  const count = row === undefined ? 0 : read.num(row, 'n');
  if (count >= max) throw new CapReachedError('watches_per_channel', count, max);
}

async function insertWatch(tx: Db, input: NewWatch) {
  const row = await tx.one(
    `INSERT INTO watches (channel_id, index_id, metric, direction, threshold, for_checks, note, notify,
       remind_every_ms, created_by, created_at, state, controls, next_check_at)
     VALUES (:channel_id, :index_id, :metric, :direction, :threshold, :for_checks, :note, :notify,
       :remind_every_ms, :created_by, :created_at, :state, :controls, :next_check_at)
     RETURNING *`,
    {
      ...definitionColumns(input),
      notify: JSON.stringify(input.notify ?? { users: [], groups: [] }),
      remind_every_ms: input.remindEveryMs === undefined ? DEFAULT_REMIND_EVERY_MS : input.remindEveryMs,
      created_by: input.createdBy,
      created_at: input.createdAt,
      state: JSON.stringify(input.state),
      controls: JSON.stringify(input.controls),
      next_check_at: input.nextCheckAt,
    },
  );
  if (row === undefined) throw new Error('insert returned no row');
  return toWatch(row);
}

async function updateDefinition(
  tx: Db,
  id: number,
  definition: WatchDefinition,
  state: WatchState,
  nextCheckAt: number,
) {
  const row = await tx.one(
    `UPDATE watches SET channel_id = :channel_id, index_id = :index_id, metric = :metric,
       direction = :direction, threshold = :threshold, for_checks = :for_checks, note = :note,
       notify = COALESCE(:notify, notify),
       remind_every_ms = CASE WHEN :keep_remind = 1 THEN remind_every_ms ELSE :remind_every_ms END, state = :state, next_check_at = :next_check_at, lease_owner = NULL, lease_until = NULL
     WHERE id = :id RETURNING *`,
    {
      id,
      ...definitionColumns(definition),
      notify: definition.notify === undefined ? null : JSON.stringify(definition.notify),
      // null is "never remind", so an omitted interval is told apart by a flag.
      keep_remind: definition.remindEveryMs === undefined ? 1 : 0,
      remind_every_ms: definition.remindEveryMs ?? null,
      state: JSON.stringify(state),
      next_check_at: nextCheckAt,
    },
  );
  return row === undefined ? undefined : toWatch(row);
}

/** Firing, or in a channel that refuses: as the partial index watches_needing_attention says it. */
export const NEEDS_ATTENTION = {
  sqlite: `json_extract(state, '$.status') = 'firing' OR json_extract(state, '$.cantPost') IS NOT NULL`,
  postgres: `(state::jsonb ->> 'status') = 'firing'
    OR COALESCE(jsonb_typeof(state::jsonb -> 'cantPost'), 'null') <> 'null'`,
} as const;

/** Incidents kept per watch: the newest, this many. */
export const INCIDENTS_KEPT = 20;

const definitionColumns = (d: WatchDefinition) => ({
  channel_id: d.channelId,
  index_id: d.indexId,
  metric: d.metric,
  direction: d.direction,
  threshold: d.threshold,
  for_checks: d.forChecks,
  note: d.note,
});

function toIncident(row: Row): WatchIncident {
  return {
    id: read.num(row, 'id'),
    watchId: read.num(row, 'watch_id'),
    firedAt: read.num(row, 'fired_at'),
    direction: text(row, 'direction') as WatchDirection,
    threshold: read.num(row, 'threshold'),
    worstValue: read.num(row, 'worst_value'),
    worstAt: read.num(row, 'worst_at'),
    acknowledgedBy: textOrNull(row, 'acknowledged_by'),
    acknowledgedByName: textOrNull(row, 'acknowledged_by_name'),
    acknowledgedAt: numOrNull(row, 'acknowledged_at'),
    resolvedAt: numOrNull(row, 'resolved_at'),
    remindedAt: numOrNull(row, 'reminded_at'),
    nextReminderAt: numOrNull(row, 'next_reminder_at'),
    reminders: read.num(row, 'reminders'),
  };
}
const incidentOrNone = (row: Row | undefined) => (row === undefined ? undefined : toIncident(row));

export function watchMethods(db: Db): WatchMethods {
  // One statement leases the due watches, so of any number of processes asking at once each watch
  // goes to exactly one: PostgreSQL skips the rows another replica is leasing, SQLite runs one
  // writer at a time.
  const claim = `
    UPDATE watches SET lease_owner = :owner, lease_until = :until
    WHERE id IN (
      SELECT id FROM watches
      WHERE next_check_at <= :now AND (lease_until IS NULL OR lease_until <= :now)
      ORDER BY next_check_at, id LIMIT :limit${db.dialect.skipLocked})
    RETURNING *`;

  return {
    ...incidentMethods(db),
    async createWatch(input) {
      checkWatch(input);
      assertNoSecrets(input);
      return db.transaction(async (tx) => {
        if (input.maxInChannel !== undefined) await checkChannelCap(tx, input.channelId, input.maxInChannel);
        return insertWatch(tx, input);
      });
    },
    async getWatch(id) {
      const row = await db.one('SELECT * FROM watches WHERE id = :id', { id });
      return row === undefined ? undefined : toWatch(row);
    },
    async listWatches(channelId) {
      const rows = await db.all(
        `SELECT * FROM watches ${channelId === undefined ? '' : 'WHERE channel_id = :channel_id'} ORDER BY id`,
        { channel_id: channelId },
      );
      return rows.map(toWatch);
    },
    async countFiringWatches(createdBy) {
      // Per channel, so that a Home tab can ask Slack which channels its viewer may see before it
      // reads the few watches it shows: a count per channel, not a row per watch.
      const rows = await db.all(
        `SELECT channel_id, COUNT(*) AS n FROM watches WHERE (${NEEDS_ATTENTION[db.dialect.name]})
         ${createdBy === undefined ? '' : 'AND created_by = :created_by'} GROUP BY channel_id`,
        { created_by: createdBy },
      );
      return new Map(rows.map((row) => [text(row, 'channel_id'), read.num(row, 'n')]));
    },
    async listFiringWatches(filter = {}) {
      // Only the watches that need attention are read, not every watch: the condition is the one of
      // the partial index watches_needing_attention (both migrations). Oldest trouble first, as Home
      // lists them, so that a tab reads the rows it shows and no more.
      const f = jsonFields(db.dialect.name);
      const since = `COALESCE(${f.number('state', 'incidentSince')}, ${f.number('state', 'cantPost.since')}, ${f.number('state', 'lastCheckedAt')}, created_at)`;
      const rows = await db.all(
        `SELECT * FROM watches WHERE (${NEEDS_ATTENTION[db.dialect.name]})
         ${filter.channelIds === undefined ? '' : `AND ${db.dialect.inList('channel_id', 'channel_ids')}`}
         ${filter.createdBy === undefined ? '' : 'AND created_by = :created_by'}
         ORDER BY ${since}, id ${filter.limit === undefined ? '' : 'LIMIT :limit'}`,
        { channel_ids: filter.channelIds, created_by: filter.createdBy, limit: filter.limit },
      );
      return rows.map(toWatch);
    },
    async listEndedMutes(now) {
      // Asked before every round of checks: only the few muted watches are read, not every watch.
      const f = jsonFields(db.dialect.name);
      const rows = await db.all(
        `SELECT * FROM watches WHERE ${f.text('controls', 'mutedBy')} IS NOT NULL AND ${f.number('controls', 'mutedUntil')} <= :now ORDER BY id`,
        { now },
      );
      return rows.map(toWatch);
    },
    async countWatchStates(now) {
      // Counted by the database: a scrape reads one row per state, not every watch. The order of
      // the cases is the gauge's (metrics/watch-states.ts): muted and snoozed first.
      const f = jsonFields(db.dialect.name);
      const mutedUntil = f.number('controls', 'mutedUntil');
      const rows = await db.all(
        `SELECT CASE
           WHEN ${f.text('controls', 'mutedBy')} IS NOT NULL AND (${mutedUntil} IS NULL OR ${mutedUntil} > :now) THEN 'muted'
           WHEN ${f.number('controls', 'snoozedUntil')} > :now THEN 'snoozed'
           ELSE ${f.text('state', 'status')}
         END AS watch_state, COUNT(*) AS watches
         FROM watches GROUP BY watch_state`,
        { now },
      );
      return new Map(rows.map((r) => [String(r.watch_state), Number(r.watches)]));
    },
    async deleteWatch(id) {
      const row = await db.one('DELETE FROM watches WHERE id = :id RETURNING *', { id });
      return row === undefined ? undefined : toWatch(row);
    },
    async claimDueWatches(now, owner, leaseMs, limit) {
      assertPositiveLease(leaseMs);
      const rows = await db.all(claim, { owner, until: now + leaseMs, now, limit });
      return rows.map(toWatch).sort((a, b) => a.nextCheckAt - b.nextCheckAt || a.id - b.id);
    },
    async saveWatchState(id, owner, state, nextCheckAt, keepLeaseUntil) {
      assertNoSecrets(state);
      // Released, or kept (the owner's, until then) while an alert is still pending.
      const lease =
        keepLeaseUntil === undefined ? 'lease_owner = NULL, lease_until = NULL' : 'lease_until = :keep';
      const changed = await db.run(
        `UPDATE watches SET state = :state, next_check_at = :next_check_at, ${lease}
         WHERE id = :id AND lease_owner = :owner`,
        { id, owner, state: JSON.stringify(state), next_check_at: nextCheckAt, keep: keepLeaseUntil },
      );
      return changed === 1;
    },
    async updateWatch(id, definition, state, nextCheckAt) {
      checkWatch(definition);
      assertNoSecrets(definition);
      return db.transaction(async (tx) => {
        if (definition.maxInChannel !== undefined)
          await checkChannelCap(tx, definition.channelId, definition.maxInChannel, id);
        return updateDefinition(tx, id, definition, state, nextCheckAt);
      });
    },
    async setWatchControls(id, controls) {
      const changed = await db.run('UPDATE watches SET controls = :controls WHERE id = :id', {
        id,
        controls: JSON.stringify(controls),
      });
      return changed === 1;
    },
  };
}

/** A watch's incidents: opened on fire, the worst value kept, acknowledged, reminded and resolved once. */
function incidentMethods(db: Db) {
  return {
    async openIncident(input) {
      checkWatch({ threshold: input.threshold, direction: input.direction, forChecks: 1 });
      return db.transaction(async (tx) => {
        const row = await tx.one(
          `INSERT INTO watch_incidents (watch_id, fired_at, direction, threshold, worst_value, worst_at,
             next_reminder_at)
           VALUES (:watch_id, :fired_at, :direction, :threshold, :worst_value, :worst_at, :next_reminder_at)
           RETURNING *`,
          {
            watch_id: input.watchId,
            fired_at: input.firedAt,
            direction: input.direction,
            threshold: input.threshold,
            worst_value: input.worstValue,
            worst_at: input.worstAt,
            next_reminder_at: input.nextReminderAt,
          },
        );
        if (row === undefined) throw new Error('insert returned no row');
        // Only the newest incidents stay with the watch.
        await tx.run(
          `DELETE FROM watch_incidents WHERE watch_id = :watch_id AND id NOT IN (
             SELECT id FROM watch_incidents WHERE watch_id = :watch_id ORDER BY id DESC LIMIT :kept)`,
          { watch_id: input.watchId, kept: INCIDENTS_KEPT },
        );
        return toIncident(row);
      });
    },
    async getIncident(id) {
      return incidentOrNone(await db.one('SELECT * FROM watch_incidents WHERE id = :id', { id }));
    },
    async getIncidents(ids) {
      if (ids.length === 0) return [];
      const rows = await db.all(
        `SELECT * FROM watch_incidents WHERE ${db.dialect.inList('id', 'ids')} ORDER BY id`,
        {
          ids,
        },
      );
      return rows.map(toIncident);
    },
    async listIncidents(watchId) {
      const rows = await db.all('SELECT * FROM watch_incidents WHERE watch_id = :watch_id ORDER BY id DESC', {
        watch_id: watchId,
      });
      return rows.map(toIncident);
    },
    async lastIncidents(channelId) {
      const rows = await db.all(
        `SELECT i.* FROM watch_incidents i JOIN watches w ON w.id = i.watch_id
         WHERE i.id IN (SELECT MAX(id) FROM watch_incidents GROUP BY watch_id)
         ${channelId === undefined ? '' : 'AND w.channel_id = :channel_id'} ORDER BY i.watch_id`,
        { channel_id: channelId },
      );
      return rows.map(toIncident);
    },
    async setIncidentWorst(id, value, at) {
      const changed = await db.run(
        'UPDATE watch_incidents SET worst_value = :value, worst_at = :at WHERE id = :id AND resolved_at IS NULL',
        { id, value, at },
      );
      return changed === 1;
    },
    async acknowledgeIncident(id, by, byName, at) {
      // Of two people clicking at once, one statement wins; the other finds it taken.
      const row = await db.one(
        `UPDATE watch_incidents SET acknowledged_by = :by, acknowledged_by_name = :by_name, acknowledged_at = :at
         WHERE id = :id AND acknowledged_at IS NULL AND resolved_at IS NULL RETURNING *`,
        { id, by, by_name: byName, at },
      );
      return incidentOrNone(row);
    },
    async claimIncidentReminder(id, expectedNext, at, next) {
      // Compare-and-set on the due time: of replicas (or a restarted one) reminding at once, one wins.
      const changed = await db.run(
        `UPDATE watch_incidents SET reminded_at = :at, next_reminder_at = :next, reminders = reminders + 1
         WHERE id = :id AND next_reminder_at = :expected AND acknowledged_at IS NULL AND resolved_at IS NULL`,
        { id, expected: expectedNext, at, next },
      );
      return changed === 1;
    },
    async resolveIncident(id, at) {
      const row = await db.one(
        `UPDATE watch_incidents SET resolved_at = :at, next_reminder_at = NULL
         WHERE id = :id AND resolved_at IS NULL RETURNING *`,
        { id, at },
      );
      return incidentOrNone(row);
    },
    async discardIncident(id) {
      return (await db.run('DELETE FROM watch_incidents WHERE id = :id', { id })) === 1;
    },
  } satisfies Partial<WatchMethods>;
}

/**
 * A field of a JSON column (state, controls: JSON text on both databases), as each database reads
 * it: as text, or as a number to compare.
 */
function jsonFields(dialect: string) {
  // A field may be a path ('cantPost.since'); PostgreSQL walks one with #>>.
  const pg = (column: string, field: string) =>
    field.includes('.')
      ? `${column}::jsonb #>> '{${field.split('.').join(',')}}'`
      : `${column}::jsonb ->> '${field}'`;
  return dialect === 'sqlite'
    ? {
        text: (column: string, field: string) => `json_extract(${column}, '$.${field}')`,
        number: (column: string, field: string) => `json_extract(${column}, '$.${field}')`,
      }
    : {
        text: pg,
        number: (column: string, field: string) => `(${pg(column, field)})::bigint`,
      };
}
