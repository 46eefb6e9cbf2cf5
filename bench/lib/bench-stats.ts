// The card benchmarks' input, shared by bench/render-card.ts and its RSS child processes.
import { DriftLog } from '../../src/api/drift.ts';
import { readVectorIndexStats, type VectorIndexStats } from '../../src/api/records.ts';
import { DEFAULT_VECTOR_INDEXES, makeVectorIndexStats } from '../../src/sim/mgmt/stats.ts';

const NOW = Date.UTC(2024, 4, 31, 21, 30);

/**
 * 30 days of the simulator's busiest realistic index, parsed exactly as the API client does. Its
 * per-day series come in the spec's shape (240 points each, not a week's handful), so every one
 * of the 16 series has the full 240 points: the most the card is ever asked to draw.
 */
export function benchStats(): VectorIndexStats {
  const raw = makeVectorIndexStats('idx-1', '30d', NOW, 1, {
    ...DEFAULT_VECTOR_INDEXES['idx-1'],
    daily: 'per-step',
  });
  const read = readVectorIndexStats(JSON.parse(JSON.stringify(raw)), new DriftLog(undefined));
  if (!read.ok) throw new Error(`the simulator's stats did not read: ${read.field} ${read.problem}`);
  return read.value;
}
