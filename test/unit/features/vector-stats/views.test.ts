import type { SectionBlock } from '@slack/types';
import { describe, expect, it } from 'vitest';
import { STATS_PERIODS, type StatsPeriod } from '../../../../src/api/index.ts';
import { DETAILS_FOOTNOTE, detailsMessage } from '../../../../src/features/vector-stats/details-view.ts';
import { ACTION } from '../../../../src/features/vector-stats/ids.ts';
import {
  apiErrorSentence,
  badIdNotice,
  badPeriodNotice,
  extraArgsNotice,
  missingIdNotice,
  notFoundSentence,
  notice,
  type StatsMessage,
  statsMessage,
} from '../../../../src/features/vector-stats/views.ts';
import { DEFAULT_VECTOR_INDEXES, makeVectorIndexStats } from '../../../../src/sim/mgmt/index.ts';
import { checkBlockKit } from '../../../../src/sim/slack/index.ts';
import { imageBlock } from '../../../../src/slack/upload.ts';
import { buildReport, formatCost } from '../../../../src/stats-report/report.ts';
import { formatCount } from '../../../../src/text/numbers.ts';
import { readStats } from '../../../support/api-records.ts';

const NOW = Date.UTC(2024, 10, 22, 10, 5, 0);

function statsFor(period: StatsPeriod, extra: Record<string, unknown> = {}, id = 'idx-1') {
  return readStats({
    ...makeVectorIndexStats(id, period, NOW, 7, DEFAULT_VECTOR_INDEXES[id]),
    ...extra,
  });
}

/**
 * What the channel shows of a message before anyone clicks: its header, sections and context
 * (not the image's alt text, which screen readers get, nor the notification's fallback text).
 */
function shownText(message: StatsMessage): string {
  const out: string[] = [];
  for (const block of message.blocks as unknown as Array<Record<string, unknown>>) {
    if (block.type === 'header' || block.type === 'section') {
      const text = block.text as { text?: string } | undefined;
      if (text?.text) out.push(text.text);
      for (const f of (block.fields as Array<{ text: string }> | undefined) ?? []) out.push(f.text);
    }
    if (block.type === 'context') for (const e of block.elements as Array<{ text: string }>) out.push(e.text);
  }
  return out.join('\n');
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
    // Vectors as the card's big number says them: the series' latest point.
    expect(text).toContain(`*Vectors*\n${formatCount(stats.vector_count.at(-1)?.y as number)}`);
    expect(text).toContain('*Pending index operations*\n12');
    // Today as the card's per-day bar says it, which is the record's counter of today.
    expect(text).toContain('*Queries*\n12.3k today so far · 457k this month');
    expect(text).toContain('*Updates*\n2k today so far · 91k this month');
    expect(text).toContain('*Reranks*\n300 today so far · 4.5k this month');
    expect(text).toMatch(/\*Bandwidth\*\n[\d.]+ [KMG]?B today so far · 1\.5 GB this month/);
    expect(text).toContain('*Storage*\n3.4 MB');
    expect(text).toContain('*Cost this month*\n$1,234.50');
    // The assumption behind the dollar sign is said once, in the details.
    expect(DETAILS_FOOTNOTE).toContain('Cost is assumed to be US dollars');
  });

  it('says "not reported" for a scalar the API left out or sent as null', () => {
    const stats = {
      ...statsFor('1h'),
      current_vector_count: null,
      vector_count: [],
      monthly_cost: undefined,
    } as never;
    const text = visibleText(statsMessage({ report: buildReport('idx-1', '1h', stats), userId: 'U1' }));
    expect(text).toContain('*Vectors*\nnot reported');
    expect(text).toContain('*Cost this month*\nnot reported');
  });

  it('leads with what changed: highlights above the image, the scalars below', () => {
    const stats = statsFor('1h', {}, 'idx-incident');
    const message = statsMessage({ report: buildReport('idx-incident', '1h', stats), image, userId: 'U1' });
    expect(message.blocks.map((b) => b.type)).toEqual([
      'header',
      'context',
      'section',
      'image',
      'section',
      'actions',
      'context',
    ]);
    const news = (message.blocks[2] as SectionBlock).text?.text ?? '';
    expect(news.split('\n')[0]).toBe(':mag: *What changed*');
    expect(news.split('\n')[1]).toBe('• updates stopped at 09:40 UTC — 0 since');
    expect(news.split('\n')[2]).toMatch(
      /^• p99 query latency rose 2\.\d× in the last 15 min \([\d.]+ → [\d.]+\)$/u,
    );
    // The notification leads with the news too: it is all some people read.
    expect(message.text).toMatch(
      /^Vector index idx-incident, last hour: updates stopped at 09:40 UTC — 0 since; p99 query/,
    );
  });

  it('says so when nothing is unusual', () => {
    const message = statsMessage({ report: buildReport('idx-1', '1h', statsFor('1h')), userId: 'U1' });
    expect((message.blocks[2] as SectionBlock).text?.text).toBe(
      ':white_check_mark: Nothing unusual in this period.',
    );
    expect(message.text).toContain('idx-1, last hour: nothing unusual.');
  });

  it.each(STATS_PERIODS)('stays short in the channel for %s: at most 1,000 characters shown', (period) => {
    for (const id of ['idx-1', 'idx-incident', '9b2f6c1e-3d4a-4f5b-8c7d-1e2f3a4b5c6d']) {
      const message = statsMessage({
        report: buildReport(id, period, statsFor(period, {}, id)),
        image,
        userId: 'U0REQUESTER',
      });
      expect(shownText(message).length, `${id} ${period}`).toBeLessThanOrEqual(1000);
    }
  });

  it('never shows fields outside the allowlist (a secret the API starts echoing stays out)', () => {
    const stats = statsFor('1h', { token: 'fake-token-SECRET-1234', read_only_token: 'fake-ro-SECRET-5678' });
    const message = statsMessage({ report: buildReport('idx-1', '1h', stats), image, userId: 'U1' });
    expect(JSON.stringify(message)).not.toContain('SECRET');
  });

  it('carries a period picker (initial option = current), Refresh and Details, holding only id and period', () => {
    const message = statsMessage({
      report: buildReport('idx-2', '3d', statsFor('3d', {}, 'idx-2')),
      userId: 'U1',
    });
    type Option = { value: string };
    const actions = message.blocks.find((b) => b.type === 'actions') as unknown as {
      elements: [
        { action_id: string; options: Option[]; initial_option: Option },
        Record<string, unknown>,
        Record<string, unknown>,
      ];
    };
    const [select, refresh, details] = actions.elements;
    expect(select.action_id).toBe(ACTION.period);
    expect(select.options.map((o) => o.value)).toEqual(STATS_PERIODS.map((p) => `${p}:idx-2`));
    expect(select.initial_option).toEqual(select.options[STATS_PERIODS.indexOf('3d')]);
    expect(refresh).toMatchObject({ action_id: ACTION.refresh, value: '3d:idx-2' });
    expect(details).toMatchObject({
      action_id: ACTION.details,
      value: '3d:idx-2',
      text: { text: 'Details' },
    });
  });
});

describe('detailsMessage', () => {
  it('shows every one of the 16 series: the days of the per-day totals, last/min/max/mean/change of the others', () => {
    const report = buildReport('idx-1', '7d', statsFor('7d'));
    const message = detailsMessage(report);
    expect(checkBlockKit('message', message.blocks)).toEqual([]);
    const text = visibleText(message);
    const rows = report.groups.flatMap((g) => g.rows);
    expect(rows).toHaveLength(16);
    for (const row of rows.filter((r) => r.days === undefined)) {
      const line = text.split('\n').find((l) => l.includes(`*${row.label}*`) && l.includes('last '));
      expect(line, row.label).toMatch(
        /^[▁▂▃▄▅▆▇█]{20} \*.+\* {2}last .+ · min .+ · max .+ · mean .+ · change [+−]?[\d.,]+%$/u,
      );
    }
    // Seven days' bars; idx-1 sends its per-day totals week to date (from Sunday); NOW is a Friday.
    expect(text).toContain('*Per day* · 7 days: Sat–Fri');
    expect(text).toMatch(
      /^[▁▂▃▄▅▆▇█]{6} \*Queries\* {2}Sat no data · Sun \S+ · Mon \S+ · Tue \S+ · Wed \S+ · Thu \S+ · today so far \S+$/mu,
    );
    expect(text).toContain('*Latency*');
    expect(text).toContain(
      '“Change” compares the mean of the last quarter of a period with the mean of its first quarter, in percent of the first.',
    );
    expect(text).toContain('units the API reports');
    expect(text).not.toMatch(/\bms\b/);
  });

  it('says plainly when a series is empty', () => {
    const stats = statsFor('1h', { query_throughput: [], data_size: null });
    const text = visibleText(detailsMessage(buildReport('idx-1', '1h', stats)));
    expect(text).toContain('*Query*  no data in this period');
    expect(text).toContain('*Data size*  no data in this period');
  });

  it('gives the time range from the data in words', () => {
    const text = visibleText(detailsMessage(buildReport('idx-1', '7d', statsFor('7d'))));
    // The simulator aligns 168-minute steps to the epoch, so the ends are not on the hour.
    expect(text).toContain('last 7 days, every 2.8 h, 15 Nov 12:24 – 22 Nov 09:36 UTC');
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
    notice(notFoundSentence('idx-404')),
    notice(apiErrorSentence('idx-1', 'The management API refused the request: <b>nope</b> & more')),
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
    expect(notFoundSentence('idx-404')).toContain("opsbot couldn't find vector index `idx-404`");
  });
});
