// One number per thing per message: the stats card (the data the renderer is given, read back as
// its panels' big numbers and bars), its alt text and the message's fields say the same figure for
// each thing, formatted alike, for the hour, the week and the month; and where the API contradicts
// itself (a day above its month) the message says so in one line.
import { describe, expect, it } from 'vitest';
import type { StatsPeriod } from '../../../../src/api/index.ts';
import { statsAdmission } from '../../../../src/api/shared-reads.ts';
import { createVectorStatsService } from '../../../../src/features/vector-stats/service.ts';
import { statsMessage } from '../../../../src/features/vector-stats/views.ts';
import { altTextFor, type StatsCardInput } from '../../../../src/render/index.ts';
import { DEFAULT_VECTOR_INDEXES, makeVectorIndexStats } from '../../../../src/sim/mgmt/index.ts';
import { cardDataOf, headlineOf } from '../../../../src/stats-report/card-data.ts';
import { formatBytes, formatCount } from '../../../../src/text/numbers.ts';
import { readStats } from '../../../support/api-records.ts';

// Tuesday 1 December 2026, 22:10 UTC.
const NOW = Date.UTC(2026, 11, 1, 22, 10);
const BUSY = '9b2f6c1e-3d4a-4f5b-8c7d-1e2f3a4b5c6d';

/** The message and what the renderer was given for it, as the service builds them. */
async function shown(indexId: string, period: StatsPeriod, timeZone = 'UTC') {
  const stats = readStats(makeVectorIndexStats(indexId, period, NOW, 7, DEFAULT_VECTOR_INDEXES[indexId]));
  const given: StatsCardInput[] = [];
  const service = createVectorStatsService({
    mgmt: { getVectorIndexStats: async () => stats },
    admission: statsAdmission(),
    logger: { error: () => undefined },
    store: { getSubscription: async () => undefined },
    commandName: () => '/ops',
    show: async () => undefined,
    renderer: {
      render: async (input) => {
        given.push(input);
        return Buffer.from('png');
      },
      altText: altTextFor,
    },
  });
  const view = await service.read({ indexId, period }, { timeZone });
  const input = given[0] as StatsCardInput;
  const message = statsMessage({ report: view.report, userId: 'U1' });
  const fields = Object.fromEntries(
    message.blocks.flatMap((b) =>
      b.type === 'section' && b.fields ? b.fields.map((f) => f.text.split('\n') as [string, string]) : [],
    ),
  );
  const context = message.blocks
    .flatMap((b) => (b.type === 'context' ? b.elements.map((e) => ('text' in e ? e.text : '')) : []))
    .join('\n');
  return { data: cardDataOf(input), alt: view.card?.altText ?? '', fields, context };
}

/** The figure the alt text says for today's bar of a per-day series: `Queries per day: … today so far 1.9M`. */
function altToday(alt: string, words: string): string | undefined {
  return new RegExp(`${words} per day: [^:]*?today so far (.+?)[.,](?: |$)`).exec(alt)?.[1];
}

const THINGS = [
  ['Queries', 'daily_query_requests', formatCount],
  ['Updates', 'daily_update_requests', formatCount],
  ['Reranks', 'daily_rerank_requests', formatCount],
  ['Bandwidth', 'daily_bandwidths', formatBytes],
] as const;

const SLOTS: Record<string, number> = { '1h': 1, '7d': 7, '30d': 30 };

describe('the card, its alt text and the message say one figure per thing', () => {
  for (const indexId of ['idx-1', BUSY]) {
    for (const period of ['1h', '7d', '30d'] as const) {
      it(`${indexId}, ${period}`, async () => {
        const { data, alt, fields } = await shown(indexId, period);
        for (const [label, series, format] of THINGS) {
          const card = headlineOf(data, series);
          expect(card, `${label}: the card has today's figure`).toBeDefined();
          const figure = format(card as number);
          expect(fields[`*${label}*`], label).toMatch(
            new RegExp(`^${figure.replace('.', '\\.')} today so far · `),
          );
          expect(altToday(alt, label), label).toBe(figure);
          // The per-day panel has a bar slot for each day (or hour) the period covers.
          expect(data.daily[series].values, label).toHaveLength(SLOTS[period] as number);
        }
        const vectors = formatCount(headlineOf(data, 'vector_count') as number);
        expect(fields['*Vectors*']).toBe(vectors);
        expect(alt).toContain(`Vectors: last ${vectors},`);
      });
    }
  }

  it('says in one line where the API contradicts itself: more bandwidth today than this month', async () => {
    const { data, fields, context } = await shown(BUSY, '7d');
    const today = formatBytes(headlineOf(data, 'daily_bandwidths') as number);
    const month = (fields['*Bandwidth*'] as string).split(' · ')[1]?.replace(' this month', '');
    expect(context).toContain(
      `The API's figures disagree: bandwidth today (${today}) is above this month's (${month}).`,
    );
    // A record that agrees with itself says nothing of the kind.
    expect((await shown('idx-1', '7d')).context).not.toContain('disagree');
  });

  it('writes the card’s times in the conversation’s zone, and names it', async () => {
    const { alt } = await shown('idx-1', '1h', 'Europe/Berlin');
    expect(alt).toContain('1 Dec, 22:11 – 23:10 Europe/Berlin');
  });
});
