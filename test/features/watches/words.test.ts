import { describe, expect, it } from 'vitest';
import { INITIAL_STATE, NO_CONTROLS } from '../../../src/features/watches/evaluate.ts';
import { parseWatchArgs, readSpec } from '../../../src/features/watches/input.ts';
import { reminderText } from '../../../src/features/watches/views/incident-views.ts';
import { findMetric, METRICS } from '../../../src/features/watches/watchable.ts';
import type { Watch, WatchIncident } from '../../../src/store/index.ts';

const problemOf = (text: string) => {
  const result = parseWatchArgs(text.split(' '), '/ops');
  if (result.ok) throw new Error(`${text} was accepted`);
  return result.problem;
};

describe('one name for each metric', () => {
  it('is the name people type, and every other spelling finds the same metric', () => {
    const p99 = findMetric('p99-query-latency');
    expect(p99?.name).toBe('p99-query-latency');
    for (const spelling of ['query_latency_99', 'query-latency-99', 'P99 query latency', 'p99_query_latency'])
      expect(findMetric(spelling)).toBe(p99);
    expect(findMetric('monthly_cost')?.name).toBe('monthly-cost');
    expect(findMetric('cost')?.name).toBe('monthly-cost');
    expect(new Set(METRICS.map((m) => m.name)).size).toBe(METRICS.length);
    for (const metric of METRICS) expect(metric.name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('answers an unknown metric with the closest name and the names people type, by kind', () => {
    const result = readSpec({
      indexId: 'idx-1',
      metric: 'storage_usag',
      direction: '>',
      threshold: '5',
      forChecks: undefined,
    });
    expect(result).toMatchObject({ ok: false, field: 'metric' });
    const problem = result.ok ? '' : result.problem;
    expect(problem).toMatch(
      /^opsbot has no metric `storage_usag`\. Did you mean `storage-usage`\? The metrics:\n/,
    );
    expect(problem).toContain('• latency: `p99-query-latency`, `mean-query-latency`');
    expect(problem).not.toContain('query_latency_99');
  });
});

describe('a rule typed as text', () => {
  it('says `>=` is not taken, and what is, with an example the same command accepts', () => {
    const problem = problemOf('idx-2 storage_usage >= 500 MB');
    expect(problem).toBe(
      "`&gt;=` isn't a comparison a watch takes: it fires above (`>`) or below (`<`) the threshold. Type `/ops watch &lt;index&gt; &lt;metric&gt; &gt;|&lt; &lt;threshold&gt; [for &lt;checks&gt;]`, e.g. `/ops watch idx-2 storage-usage &gt; 500 MB`.",
    );
    expect(parseWatchArgs('idx-2 storage-usage > 500 MB'.split(' '), '/ops').ok).toBe(true);
  });

  it('gives an example whose threshold is in the typed metric’s unit', () => {
    expect(problemOf('idx-2 storage_usage 500')).toContain(
      'e.g. `/ops watch idx-2 storage-usage &gt; 500 MB`',
    );
    expect(problemOf('idx-2 pending 10')).toContain('e.g. `/ops watch idx-2 pending-index-count &gt; 10k`');
    expect(problemOf('idx-2 cost')).toContain('e.g. `/ops watch idx-2 monthly-cost &gt; $50`');
  });
});

describe('a reminder', () => {
  it('names the index as every message does', () => {
    const watch: Watch & { indexName: string } = {
      id: 4,
      channelId: 'C0TEAMOPS',
      indexId: '0d6f3f5e-1c2b-4a5d-9e8f-7a6b5c4d3e2f',
      indexName: 'catalog',
      metric: 'query_latency_99',
      direction: 'above',
      threshold: 250,
      forChecks: 3,
      note: null,
      createdBy: 'U0REQUESTER',
      createdAt: 0,
      state: { ...INITIAL_STATE, status: 'firing', lastValue: 400 },
      controls: NO_CONTROLS,
      nextCheckAt: 0,
      notify: { users: [], groups: [] },
      remindEveryMs: null,
    };
    const incident = { firedAt: 0 } as WatchIncident;
    expect(reminderText(watch, incident, 20 * 60_000)).toContain(
      'nobody has acknowledged it: *catalog* (`0d6f3f5e…`) · `p99-query-latency` is 400 (threshold 250)',
    );
  });
});
