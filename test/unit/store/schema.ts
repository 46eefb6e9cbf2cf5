// What each database's own test file checks of its schema bookkeeping, asserted in one place so the
// two are held to the same words.
import { expect } from 'vitest';
import { SchemaTooNewError } from '../../../src/store/guards.ts';
import type { Migration } from '../../../src/store/migrations.ts';
import { T0 } from '../../support/store-inputs.ts';

/** The bookkeeping row a newer opsbot would have left behind: version, name, applied_at. */
export function futureMigration(latest: number): [number, string, number] {
  return [latest + 1, 'from the future', T0];
}

/** Opening must fail, and say why in words an operator can act on. */
export async function expectRefusedAsTooNew(opening: Promise<unknown>, latest: number): Promise<void> {
  await expect(opening).rejects.toBeInstanceOf(SchemaTooNewError);
  await expect(opening).rejects.toThrow(
    `the database schema is at version ${latest + 1} but this opsbot only knows up to version ${latest}`,
  );
}

/** schema_migrations as it should read after the steps were applied at T0 (as text where pg reads bigint). */
export function recordedMigrations(migrations: readonly Migration[], appliedAt: number | string = T0) {
  return migrations.map((m) => ({ version: m.version, name: m.name, applied_at: appliedAt }));
}
