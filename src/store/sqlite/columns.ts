// How node:sqlite hands back the columns whose shape depends on the driver. The STRICT tables keep
// integers as INTEGER, booleans as 0/1 and lists and documents as JSON text.
import { type ColumnReader, type Row, rowMappers, textOrNull } from '../rows.ts';

function num(row: Row, column: string): number {
  const value = row[column];
  if (typeof value !== 'number') throw new Error(`column ${column}: expected a number, got ${typeof value}`);
  return value;
}

export const sqliteColumns: ColumnReader = {
  num,
  bool: (row, column) => num(row, column) !== 0,
  json: (row, column) => {
    const json = textOrNull(row, column);
    return json === null ? null : (JSON.parse(json) as unknown);
  },
};

export const { toRequest, toAudit, toSubscription, toRun } = rowMappers(sqliteColumns);
