// How pg hands back the columns whose shape depends on the driver: bigint as a string (pg will not
// guess that it fits a number), booleans as booleans, and json, text[] and smallint[] already decoded.
import { type ColumnReader, type Row, rowMappers } from '../rows.ts';

function num(row: Row, column: string): number {
  const value = row[column];
  const n = typeof value === 'string' ? Number(value) : value;
  if (typeof n !== 'number' || Number.isNaN(n)) {
    throw new Error(`column ${column}: expected a number, got ${typeof value}`);
  }
  if (typeof value === 'string' && !Number.isSafeInteger(n)) {
    throw new Error(`column ${column}: ${value} does not fit a JavaScript number`);
  }
  return n;
}

export const postgresColumns: ColumnReader = {
  num,
  bool: (row, column) => {
    const value = row[column];
    if (typeof value !== 'boolean')
      throw new Error(`column ${column}: expected a boolean, got ${typeof value}`);
    return value;
  },
  json: (row, column) => row[column] ?? null,
};

export const { toRequest, toAudit, toSubscription, toRun } = rowMappers(postgresColumns);
