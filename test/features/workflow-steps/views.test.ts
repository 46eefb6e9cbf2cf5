import { describe, expect, it } from 'vitest';
import { SUMMARY_MAX, statsOutputs } from '../../../src/features/workflow-steps/views.ts';
import { DEFAULT_VECTOR_INDEXES, makeVectorIndexStats } from '../../../src/sim/mgmt/index.ts';
import { buildReport } from '../../../src/stats-report/report.ts';
import { readStats } from '../../support/api-records.ts';

const NOW = Date.UTC(2024, 10, 22, 10, 5, 0);
const target = { indexId: 'idx-1', period: '1h' as const };
const stats = (extra: Record<string, unknown> = {}) =>
  readStats({ ...makeVectorIndexStats('idx-1', '1h', NOW, 7, DEFAULT_VECTOR_INDEXES['idx-1']), ...extra });

describe('the stats step’s outputs', () => {
  it('gives each number the API reported, as a number', () => {
    const s = stats();
    const outputs = statsOutputs({ target, card: undefined, report: buildReport('idx-1', '1h', s) });
    expect(outputs).toMatchObject({
      vectors: s.current_vector_count,
      queries_today: s.daily_query_count,
      storage_bytes: s.storage_usage,
      monthly_cost: s.monthly_cost,
      p99_query_latency: expect.any(Number),
    });
  });

  it('leaves out a number the API didn’t report, rather than a zero', () => {
    const s = stats({ current_vector_count: null, vector_count: [], monthly_cost: undefined });
    const outputs = statsOutputs({ target, card: undefined, report: buildReport('idx-1', '1h', s) });
    expect(outputs).not.toHaveProperty('vectors');
    expect(outputs).not.toHaveProperty('monthly_cost');
    expect(outputs).toHaveProperty('queries_today');
  });

  it('keeps the summary within the manifest’s 1,000 characters, the index named first', () => {
    const s = stats();
    const report = buildReport('idx-1', '1h', s);
    const many = Array.from({ length: 40 }, (_, i) => ({
      ...report.highlights[0],
      text: `finding ${i} `.repeat(5),
    }));
    const outputs = statsOutputs({
      target,
      card: undefined,
      report: { ...report, name: 'catalog', highlights: many as never },
    });
    expect(String(outputs.summary)).toMatch(/^Vector index catalog, /);
    expect(String(outputs.summary).length).toBe(SUMMARY_MAX);
    expect(String(outputs.summary).endsWith('…')).toBe(true);
  });
});
