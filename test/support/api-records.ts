// What the API client makes of a record the simulator (or a test) builds: the same tolerant readers,
// over the record as it would travel (JSON), failing loudly when even its essentials can't be read.
import { DriftLog } from '../../src/api/drift.ts';
import {
  type MessagingAccountList,
  type ReadResult,
  readMessagingAccountList,
  readSearchIndex,
  readVectorIndexStats,
  type SearchIndex,
  type VectorIndexStats,
} from '../../src/api/records.ts';

function value<T>(read: ReadResult<T>): T {
  if (!read.ok) throw new Error(`the record did not read: ${read.field} ${read.problem}`);
  return read.value;
}

const wire = (raw: unknown): unknown => JSON.parse(JSON.stringify(raw));

export const readStats = (raw: unknown, drift = new DriftLog(undefined)): VectorIndexStats =>
  value(readVectorIndexStats(wire(raw), drift));

export const readAccounts = (raw: unknown, drift = new DriftLog(undefined)): MessagingAccountList =>
  value(readMessagingAccountList(wire(raw), drift));

export const readIndex = (raw: unknown, drift = new DriftLog(undefined)): SearchIndex =>
  value(readSearchIndex(wire(raw), drift));
