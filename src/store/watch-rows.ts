// One row mapping for watches, shared by both stores: the definition in columns, the state and the
// controls as JSON text (each written by one kind of writer: checks, and clicks).
import { InvalidStoreInputError } from './guards.ts';
import type { Watch, WatchControls, WatchDirection, WatchState } from './types.ts';

type Row = Record<string, unknown>;

const num = (value: unknown): number => (typeof value === 'bigint' ? Number(value) : Number(value));

export function toWatch(row: Row): Watch {
  return {
    id: num(row.id),
    channelId: String(row.channel_id),
    indexId: String(row.index_id),
    metric: String(row.metric),
    direction: String(row.direction) as WatchDirection,
    threshold: num(row.threshold),
    forChecks: num(row.for_checks),
    note: row.note === null || row.note === undefined ? null : String(row.note),
    createdBy: String(row.created_by),
    createdAt: num(row.created_at),
    state: JSON.parse(String(row.state)) as WatchState,
    controls: JSON.parse(String(row.controls)) as WatchControls,
    nextCheckAt: num(row.next_check_at),
  };
}

export function checkWatch(input: { threshold: number; forChecks: number; direction: string }): void {
  if (!Number.isFinite(input.threshold))
    throw new InvalidStoreInputError('threshold must be a finite number');
  if (!Number.isInteger(input.forChecks) || input.forChecks < 1)
    throw new InvalidStoreInputError('forChecks must be a positive integer');
  if (input.direction !== 'above' && input.direction !== 'below')
    throw new InvalidStoreInputError('direction must be above or below');
}
