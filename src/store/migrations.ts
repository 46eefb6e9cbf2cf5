// Schema bookkeeping both stores share. Each store keeps its own list of steps (its SQL dialect)
// and applies them inside its own transaction; which steps a database still needs, in what order,
// and when to refuse one migrated by a newer opsbot is decided here, once.
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
