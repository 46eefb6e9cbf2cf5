// The schema bookkeeping both databases share, and the promise that their two step lists mean the same.
import { describe, expect, it } from 'vitest';
import { SchemaTooNewError } from '../../../src/store/guards.ts';
import { latestVersion, type Migration, pendingMigrations } from '../../../src/store/migrations.ts';
import * as postgres from '../../../src/store/postgres/migrations.ts';
import * as sqlite from '../../../src/store/sqlite/migrations.ts';

const step = (version: number): Migration => ({ version, name: `step ${version}`, sql: '' });

describe('schema migrations', () => {
  it('keeps the same versions and names in the SQLite and PostgreSQL step lists', () => {
    const summary = (list: readonly Migration[]) => list.map(({ version, name }) => ({ version, name }));
    expect(summary(postgres.MIGRATIONS)).toEqual(summary(sqlite.MIGRATIONS));
    expect(postgres.LATEST_SCHEMA_VERSION).toBe(sqlite.LATEST_SCHEMA_VERSION);
  });

  it('applies only the steps a database lacks, oldest first, whatever order they are listed in', () => {
    const steps = [step(3), step(1), step(2)];
    expect(latestVersion(steps)).toBe(3);
    expect(pendingMigrations(steps, 0).map((s) => s.version)).toEqual([1, 2, 3]);
    expect(pendingMigrations(steps, 1).map((s) => s.version)).toEqual([2, 3]);
    expect(pendingMigrations(steps, 3)).toEqual([]);
  });

  it('refuses a database migrated further than the steps it knows', () => {
    expect(() => pendingMigrations([step(1), step(2)], 3)).toThrow(SchemaTooNewError);
    expect(() => pendingMigrations([step(1), step(2)], 3)).toThrow(
      'the database schema is at version 3 but this opsbot only knows up to version 2',
    );
  });
});
