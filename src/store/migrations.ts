// Schema bookkeeping both databases share. Each keeps its own list of steps (the column types
// differ); which steps a database still needs, in what order, applied how, and when to refuse one
// migrated by a newer opsbot is decided here, once.
import type { Db } from './db.ts';
import { SchemaTooNewError } from './guards.ts';

/** A released step is never edited: a change is a new step with the next version, in both lists. */
export type Migration = { version: number; name: string; sql: string };

export function latestVersion(migrations: readonly Migration[]): number {
  return Math.max(0, ...migrations.map((m) => m.version));
}

/**
 * The steps a database at version `current` still needs, oldest first. Throws SchemaTooNewError
 * when the database is ahead of these steps: running on would risk corrupting it.
 */
export function pendingMigrations(migrations: readonly Migration[], current: number): Migration[] {
  const latest = latestVersion(migrations);
  if (current > latest) throw new SchemaTooNewError(current, latest);
  return [...migrations].sort((a, b) => a.version - b.version).filter((step) => step.version > current);
}

export type MigrationPlan = {
  steps: readonly Migration[];
  /** CREATE TABLE IF NOT EXISTS schema_migrations (version, name, applied_at), in the dialect. */
  ledger: string;
  /** Runs first in the transaction (PostgreSQL: the lock replicas queue on, and the schema). */
  before?: (tx: Db) => Promise<void>;
};

/**
 * Brings the database up to the latest version in one transaction, so a second process starting at
 * the same moment waits and then finds nothing left to do. Returns the versions applied.
 */
export async function applyMigrations(db: Db, now: number, plan: MigrationPlan): Promise<number[]> {
  return db.transaction(async (tx) => {
    await plan.before?.(tx);
    await tx.exec(plan.ledger);
    const row = await tx.one('SELECT MAX(version) AS version FROM schema_migrations');
    const current = row?.version === null || row?.version === undefined ? 0 : Number(row.version);
    const applied: number[] = [];
    for (const step of pendingMigrations(plan.steps, current)) {
      await tx.exec(step.sql);
      await tx.run(
        'INSERT INTO schema_migrations (version, name, applied_at) VALUES (:version, :name, :now)',
        {
          version: step.version,
          name: step.name,
          now,
        },
      );
      applied.push(step.version);
    }
    return applied;
  });
}
