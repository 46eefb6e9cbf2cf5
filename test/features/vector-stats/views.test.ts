import { describe, expect, it } from 'vitest';
import { STATS_PERIODS, type StatsPeriod, vectorIndexStatsSchema } from '../../../src/api/index.ts';
import { buildReport, formatCost } from '../../../src/features/vector-stats/report.ts';
import {
  ACTION_PERIOD,
  ACTION_REFRESH,
  apiErrorNotice,
  badIdNotice,
  badPeriodNotice,
  extraArgsNotice,
  missingIdNotice,
  notFoundNotice,
  notInChannelNotice,
  type StatsMessage,
  statsMessage,
} from '../../../src/features/vector-stats/views.ts';
import { makeVectorIndexStats } from '../../../src/sim/mgmt/index.ts';
import { checkBlockKit } from '../../../src/sim/slack/index.ts';
import { imageBlock } from '../../../src/slack/upload.ts';

const NOW = Date.UTC(2024, 10, 22, 10, 5, 0);

function statsFor(period: StatsPeriod, extra: Record<string, unknown> = {}, id = 'idx-1') {
  return vectorIndexStatsSchema.parse({ ...makeVectorIndexStats(id, period, NOW, 7), ...extra });
}

/** Every string a user would read in the message, joined. */
function visibleText(message: StatsMessage): string {
  const out: string[] = [message.text];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (node !== null && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if ((key === 'text' || key === 'alt_text') && typeof value === 'string') out.push(value);
        else visit(value);
      }
    }
  };
  visit(message.blocks);
  return out.join('\n');
}

const image = { kind: 'block' as const, block: imageBlock('F0CARD', { altText: 'alt', title: 'title' }) };

describe('statsMessage', () => {
  it.each(STATS_PERIODS)(
    'passes the Block Kit checks for %s, with image, fallback note or none',
    (period) => {
      const report = buildReport('idx-1', period, statsFor(period));
      for (const slot of [image, { kind: 'file-share' as const }, { kind: 'missing' as const }, undefined]) {
        const message = statsMessage({ report, ...(slot ? { image: slot } : {}), userId: 'U0REQUESTER' });
        expect(checkBlockKit('message', message.blocks)).toEqual([]);
        expect(message.text.length).toBeGreaterThan(20);
      }
    },
  );

  it('labels and humanises every counter, cost in dollars', () => {
    const stats = statsFor('7d', {
      current_vector_count: 1_234_567,
      pending_index_count: 12,
      daily_query_count: 12_345,
      monthly_query_count: 456_789,
      daily_update_count: 2_000,
      monthly_update_count: 91_000,
      daily_rerank_count: 300,
      monthly_rerank_count: 4_500,
      monthly_bandwidth_usage: 1_500_000_000,
      storage_usage: 3_400_000,
      monthly_cost: 1234.5,
    });
    const text = visibleText(
      statsMessage({ report: buildReport('idx-1', '7d', stats), userId: 'U0REQUESTER' }),
    );
    expect(text).toContain('*Vectors*\n1.2M');
    expect(text).toContain('*Pending index operations*\n12');
    expect(text).toContain('*Queries*\n12.3k today · 457k this month');
    expect(text).toContain('*Updates*\n2k today · 91k this month');
    expect(text).toContain('*Reranks*\n300 today · 4.5k this month');
    expect(text).toContain('*Bandwidth this month*\n1.5 GB');
    expect(text).toContain('*Storage*\n3.4 MB');
    expect(text).toContain('*Cost this month*\n$1,234.50');
    expect(text).toContain('cost assumed to be US dollars');
  });

  it('shows every one of the 16 series with last/min/max/mean/change and a sparkline', () => {
    const report = buildReport('idx-1', '30d', statsFor('30d'));
    const text = visibleText(statsMessage({ report, userId: 'U0REQUESTER' }));
    const rows = report.groups.flatMap((g) => g.rows);
    expect(rows).toHaveLength(16);
    for (const row of rows) {
      const line = text.split('\n').find((l) => l.includes(`*${row.label}*`) && l.includes('last '));
      expect(line, row.label).toMatch(
        /^[▁▂▃▄▅▆▇█]{20} \*.+\* {2}last .+ · min .+ · max .+ · mean .+ · change [+−]?[\d.,]+%$/u,
      );
    }
    expect(text).toContain('Latency (unit as reported by the API)');
    expect(text).not.toMatch(/\bms\b/);
  });

  it('gives the time range from the data in words', () => {
    const text = visibleText(
      statsMessage({ report: buildReport('idx-1', '7d', statsFor('7d')), userId: 'U1' }),
    );
    // The simulator aligns 168-minute steps to the epoch, so the ends are not on the hour.
    expect(text).toContain('last 7 days, 168-minute steps, 15 Nov 12:24 – 22 Nov 09:36 UTC');
  });

  it('says plainly when a series is empty', () => {
    const stats = statsFor('1h', { query_throughput: [], data_size: null });
    const text = visibleText(statsMessage({ report: buildReport('idx-1', '1h', stats), userId: 'U1' }));
    expect(text).toContain('*Query*  no data in this period');
    expect(text).toContain('*Data size*  no data in this period');
  });

  it('never shows fields outside the allowlist (a secret the API starts echoing stays out)', () => {
    const stats = statsFor('1h', { token: 'fake-token-SECRET-1234', read_only_token: 'fake-ro-SECRET-5678' });
    const message = statsMessage({ report: buildReport('idx-1', '1h', stats), image, userId: 'U1' });
    expect(JSON.stringify(message)).not.toContain('SECRET');
  });

  it('carries a period picker (initial option = current) and a Refresh button holding only id and period', () => {
    const message = statsMessage({
      report: buildReport('idx-2', '3d', statsFor('3d', {}, 'idx-2')),
      userId: 'U1',
    });
    type Option = { value: string };
    const actions = message.blocks.find((b) => b.type === 'actions') as unknown as {
      elements: [{ action_id: string; options: Option[]; initial_option: Option }, Record<string, unknown>];
    };
    const [select, refresh] = actions.elements;
    expect(select.action_id).toBe(ACTION_PERIOD);
    expect(select.options.map((o) => o.value)).toEqual(STATS_PERIODS.map((p) => `${p}:idx-2`));
    expect(select.initial_option).toEqual(select.options[STATS_PERIODS.indexOf('3d')]);
    expect(refresh).toMatchObject({ action_id: ACTION_REFRESH, value: '3d:idx-2' });
  });

  it('places the image block between the counters and the series', () => {
    const message = statsMessage({ report: buildReport('idx-1', '1h', statsFor('1h')), image, userId: 'U1' });
    expect(message.blocks.map((b) => b.type)).toEqual([
      'header',
      'context',
      'section',
      'image',
      'section',
      'section',
      'section',
      'section',
      'actions',
      'context',
    ]);
  });
});

describe('formatCost', () => {
  it('formats US dollars with cents, negatives as credits', () => {
    expect(formatCost(0)).toBe('$0.00');
    expect(formatCost(12.345)).toBe('$12.35');
    expect(formatCost(-5)).toBe('-$5.00');
    expect(formatCost(Number.NaN)).toBe('–');
  });
});

describe('error answers', () => {
  const all = [
    missingIdNotice('/ops'),
    badIdNotice('/ops', '<!channel>'),
    badPeriodNotice('/ops', '2w'),
    extraArgsNotice('/ops', 'now'),
    notFoundNotice('idx-404'),
    apiErrorNotice('idx-1', 'The management API refused the request: <b>nope</b> & more'),
    notInChannelNotice('/ops'),
  ];

  it('all pass the Block Kit checks and never carry a live mention', () => {
    for (const message of all) {
      expect(checkBlockKit('message', message.blocks)).toEqual([]);
      expect(JSON.stringify(message)).not.toContain('<!channel>');
      expect(JSON.stringify(message)).not.toContain('<b>');
    }
  });

  it('say what is allowed', () => {
    expect(visibleText(badPeriodNotice('/ops', '2w'))).toContain(
      '`1h`, `3h`, `12h`, `1d`, `3d`, `7d`, `30d`',
    );
    expect(visibleText(badIdNotice('/ops', '../x'))).toContain('letters, digits');
    expect(visibleText(notFoundNotice('idx-404'))).toContain("opsbot couldn't find vector index `idx-404`");
    expect(visibleText(notInChannelNotice('/ops'))).toContain('/invite @opsbot');
  });
});
