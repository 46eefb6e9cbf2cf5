import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { STATS_PERIODS } from '../../src/api/index.ts';
import { STATS_CARD_SIZE } from '../../src/render/index.ts';
import type { SimMessage } from '../../src/sim/slack/index.ts';
import { SIM_IDS, type SimulatedWorkspace, startSimulatedWorkspace } from '../../src/sim/workspace.ts';
import {
  type Block,
  imageFileId,
  inspectPng,
  PERIOD_WORDS,
  shownTextOf,
  statsDriver,
  textOf,
  USER,
  until,
} from '../support/vector-stats.ts';

describe('e2e: /ops vector stats — summary, card and period picker', () => {
  let ws: SimulatedWorkspace;
  const { postStats, ephemeralReply, expectValidBlocks, expectNoSecrets } = statsDriver(() => ws);
  beforeAll(async () => {
    ws = await startSimulatedWorkspace();
  });
  afterAll(async () => {
    await ws?.stop();
  });
  beforeEach(() => {
    ws.mgmt.reset();
  });

  it.each(STATS_PERIODS)(
    'posts the news, the scalars and a valid PNG card in the channel for %s',
    async (period) => {
      const channel = `C0STATS${period.toUpperCase()}`;
      const message = await postStats(`vector stats idx-1 ${period}`, channel);
      const shown = shownTextOf(message.blocks);

      expect(ws.mgmt.statsCalls).toEqual([{ id: 'idx-1', period }]);
      expect(shown).toContain(`Vector index idx-1 · ${PERIOD_WORDS[period]}`);
      expect(shown).toMatch(new RegExp(`${PERIOD_WORDS[period]}, every [\\d.]+ (min|h), .+ UTC`));
      for (const label of [
        '*Vectors*',
        '*Pending index operations*',
        '*Queries*',
        '*Cost this month*',
        '*Storage*',
      ]) {
        expect(shown).toContain(label);
      }
      // The news comes first, right under the time range: highlights, or that there are none.
      const types = (message.blocks as Block[]).map((b) => b.type);
      expect(types.slice(0, 4)).toEqual(['header', 'context', 'section', 'image']);
      expect(shown).toMatch(/(:mag: \*What changed\*|:white_check_mark: Nothing unusual in this period\.)/u);
      // No unicode sparklines in the channel, and it stays short.
      expect(shown).not.toMatch(/[▁▂▃▄▅▆▇█]/u);
      expect(shown.length).toBeLessThanOrEqual(1000);
      expect(message.text).toContain('Vector index idx-1');

      const file = ws.slack.files.find((f) => f.id === imageFileId(message));
      expect(file?.channel).toBeUndefined();
      expect(file?.alt_text?.toLowerCase()).toContain(PERIOD_WORDS[period]);
      const png = await inspectPng(file?.bytes);
      // Rendered at 2× for high-density screens.
      expect(png).toMatchObject({ width: STATS_CARD_SIZE.width * 2, height: STATS_CARD_SIZE.height * 2 });
      expect(png.colours).toBeGreaterThan(8);
      expect(png.headerInk).toBeGreaterThan(2000);
    },
  );

  it('leads with the highlights of an index in trouble, and its alt text still has every series’ numbers', async () => {
    const message = await postStats('vector stats idx-incident', 'C0INCIDENT');
    const section = (message.blocks as Block[])[2] as { text?: { text?: string } } | undefined;
    const news = (section?.text?.text ?? '').split('\n');
    expect(news[0]).toBe(':mag: *What changed*');
    // Within the last hour: yesterday's date comes with it just after midnight.
    expect(news[1]).toMatch(/^• updates stopped at (\d{1,2} [A-Z][a-z]{2} )?\d\d:\d\d UTC — 0 since$/);
    expect(news[2]).toMatch(/^• p99 query latency rose [\d.]+× in the last 15 min \([\d.]+ → [\d.]+\)$/u);
    expect(message.text).toMatch(/^Vector index idx-incident, last hour: updates stopped at/);
    const shown = shownTextOf(message.blocks);
    expect(shown.length).toBeLessThanOrEqual(1000);

    const image = (message.blocks as Block[]).find((b) => b.type === 'image');
    const alt = String(image?.alt_text);
    for (const words of [
      'Queries per day',
      'Updates per day',
      'Reranks per day',
      'Bandwidth per day',
      'Query throughput: last',
      'Update throughput: last 0, min 0, max',
      'Vectors: last',
      'Data size: last',
      'Query latency mean: last',
      'Query latency p99: last',
      'Update latency mean: last',
      'Update latency p99: last',
      'Embeddings latency mean: last',
      'Embeddings latency p99: last',
      'Rerank latency mean: last',
      'Rerank latency p99: last',
    ]) {
      expect(alt).toContain(words);
    }
    // The last hour's per-day panel is its one hour: today so far, the figure the message says.
    expect(alt).toMatch(/Queries per day: today so far [\d.]+[kM]?\./u);
  });

  it('answers Details privately with every series in numbers, and leaves the post alone', async () => {
    const channel = 'C0DETAILS';
    const message = await postStats('vector stats idx-2 7d', channel);
    const before = ws.mgmt.statsCalls.length;
    const click = await ws.driver.clickButton({ userId: USER, message, actionId: 'vector-stats.details' });
    expect(click.status).toBe(200);
    const reply = await ephemeralReply(click.responseUrl ?? '');
    expect(ws.mgmt.statsCalls.slice(before)).toEqual([{ id: 'idx-2', period: '7d' }]);
    expect(reply).toContain('every series');
    // Only the clicker sees the details, so their times are on the clicker's clock; the post in a
    // channel without a digest speaks UTC.
    expect(reply).toMatch(/\d\d:\d\d Europe\/Berlin/);
    expect(textOf(message.blocks)).toMatch(/\d\d:\d\d UTC/);
    expect(reply.match(/^[▁▂▃▄▅▆▇█]+ \*.+\* {2}/gmu)).toHaveLength(16);
    expect(reply).toContain('“Change” compares the mean of the last quarter');
    expect(ws.slack.messagesIn(channel)).toHaveLength(1);
    expect(ws.slack.callsTo('chat.update').filter((c) => c.args.channel === channel)).toHaveLength(0);
  });

  it('answers to the alias /ops stats and defaults to the last hour', async () => {
    const message = await postStats('stats idx-2', 'C0ALIAS');
    expect(ws.mgmt.statsCalls).toEqual([{ id: 'idx-2', period: '1h' }]);
    expect(textOf(message.blocks)).toContain('Vector index idx-2 · last hour');
  });

  it('shows an idle, empty index without breaking: zeros, said to be empty, a valid card', async () => {
    const message = await postStats('vector stats idx-empty 1d', 'C0EMPTY');
    const text = textOf(message.blocks);
    expect(text).toContain('*Vectors*\n0');
    expect(text).toContain(':white_circle: This index is empty: no vectors and no traffic in this period.');
    const png = await inspectPng(ws.slack.files.find((f) => f.id === imageFileId(message))?.bytes);
    expect(png.headerInk).toBeGreaterThan(2000);
  });

  it('re-renders in place from the period picker, and Refresh renders again', async () => {
    const channel = 'C0PICKER';
    const first = await postStats('vector stats idx-1', channel);
    const okUpdates = () => ws.slack.callsTo('chat.update').filter((c) => c.ok).length;

    await ws.driver.selectOption({
      userId: SIM_IDS.approver,
      message: first,
      actionId: 'vector-stats.period',
      value: '7d:idx-1',
    });
    await until(() => (okUpdates() === 1 ? true : undefined), 'the first update', 8000);
    const [updated, ...others] = ws.slack.messagesIn(channel);
    expect(others).toHaveLength(0);
    expect(updated?.ts).toBe(first.ts);
    expect(textOf(updated?.blocks)).toContain('Vector index idx-1 · last 7 days');
    expect(textOf(updated?.blocks)).toContain(`Updated by <@${SIM_IDS.approver}>`);
    const actions = (updated?.blocks as Block[] | undefined)?.find((b) => b.type === 'actions');
    expect(actions?.elements).toMatchObject([
      { initial_option: { value: '7d:idx-1' } },
      { value: '7d:idx-1' },
      { value: '7d:idx-1' },
    ]);
    const pickedFile = imageFileId(updated);
    expect(pickedFile).toBeDefined();
    expect(pickedFile).not.toBe(imageFileId(first));
    const png = await inspectPng(ws.slack.files.find((f) => f.id === pickedFile)?.bytes);
    expect(png.headerInk).toBeGreaterThan(2000);
    expect(ws.mgmt.statsCalls.map((c) => c.period)).toEqual(['1h', '7d']);

    await ws.driver.clickButton({
      userId: USER,
      message: updated as SimMessage,
      actionId: 'vector-stats.refresh',
    });
    await until(() => (okUpdates() === 2 ? true : undefined), 'the second update', 8000);
    const refreshed = ws.slack.messagesIn(channel);
    expect(refreshed).toHaveLength(1);
    expect(refreshed[0]?.ts).toBe(first.ts);
    expect(textOf(refreshed[0]?.blocks)).toContain('last 7 days');
    expect(imageFileId(refreshed[0])).not.toBe(pickedFile);
    expect(ws.mgmt.statsCalls.map((c) => c.period)).toEqual(['1h', '7d', '7d']);
  });

  it('sent only messages that pass the Block Kit checks, and no secret reached Slack or the log', () => {
    expectValidBlocks();
    expectNoSecrets();
  });
});
