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
  statsDriver,
  textOf,
  USER,
  until,
} from '../features/vector-stats/e2e-helpers.ts';

describe('e2e: /ops vector stats — summary, card and period picker', () => {
  let ws: SimulatedWorkspace;
  const { postStats, expectValidBlocks, expectNoSecrets } = statsDriver(() => ws);
  beforeAll(async () => {
    ws = await startSimulatedWorkspace();
  });
  afterAll(async () => {
    await ws?.stop();
  });
  beforeEach(() => {
    ws.mgmt.reset();
  });

  it.each(STATS_PERIODS)('posts the summary and a valid PNG card in the channel for %s', async (period) => {
    const channel = `C0STATS${period.toUpperCase()}`;
    const message = await postStats(`vector stats idx-1 ${period}`, channel);
    const text = textOf(message.blocks);

    expect(ws.mgmt.statsCalls).toEqual([{ id: 'idx-1', period }]);
    expect(text).toContain(`Vector index idx-1 · ${PERIOD_WORDS[period]}`);
    expect(text).toMatch(new RegExp(`${PERIOD_WORDS[period]}, \\d+-(minute|hour) steps, .+ UTC`));
    for (const label of [
      '*Vectors*',
      '*Pending index operations*',
      '*Queries*',
      '*Cost this month*',
      '*Storage*',
    ]) {
      expect(text).toContain(label);
    }
    expect(text.match(/^[▁▂▃▄▅▆▇█]+ \*.+\* {2}last /gmu)).toHaveLength(16);
    expect(message.text).toContain('Vector index idx-1');

    const file = ws.slack.files.find((f) => f.id === imageFileId(message));
    expect(file?.channel).toBeUndefined();
    expect(file?.alt_text?.toLowerCase()).toContain(PERIOD_WORDS[period]);
    const png = await inspectPng(file?.bytes);
    // Rendered at 2× for high-density screens.
    expect(png).toMatchObject({ width: STATS_CARD_SIZE.width * 2, height: STATS_CARD_SIZE.height * 2 });
    expect(png.colours).toBeGreaterThan(8);
    expect(png.headerInk).toBeGreaterThan(2000);
  });

  it('answers to the alias /ops stats and defaults to the last hour', async () => {
    const message = await postStats('stats idx-2', 'C0ALIAS');
    expect(ws.mgmt.statsCalls).toEqual([{ id: 'idx-2', period: '1h' }]);
    expect(textOf(message.blocks)).toContain('Vector index idx-2 · last hour');
  });

  it('shows an idle, empty index without breaking: zeros, flat sparklines, a valid card', async () => {
    const message = await postStats('vector stats idx-empty 1d', 'C0EMPTY');
    const text = textOf(message.blocks);
    expect(text).toContain('*Vectors*\n0');
    expect(text).toContain('▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁▁ *Query p99*  last 0 · min 0 · max 0 · mean 0 · change 0%');
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
    await until(() => (okUpdates() === 1 ? true : undefined), 8000);
    const [updated, ...others] = ws.slack.messagesIn(channel);
    expect(others).toHaveLength(0);
    expect(updated?.ts).toBe(first.ts);
    expect(textOf(updated?.blocks)).toContain('Vector index idx-1 · last 7 days');
    expect(textOf(updated?.blocks)).toContain(`Updated by <@${SIM_IDS.approver}>`);
    const actions = (updated?.blocks as Block[] | undefined)?.find((b) => b.type === 'actions');
    expect(actions?.elements).toMatchObject([
      { initial_option: { value: '7d:idx-1' } },
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
    await until(() => (okUpdates() === 2 ? true : undefined), 8000);
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
