// Issue 8, the failure nobody planned for: a subcommand whose handler throws — before or after its
// ack — still gets one sentence to the person, the log gets the detail, and the process keeps
// serving. (Features catch what they expect; this is the router's net under all of them.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIM_IDS, type SimulatedWorkspace, startSimulatedWorkspace } from '../../src/sim/workspace.ts';
import { answerTo } from '../support/answers.ts';
import { textOf } from '../support/blocks.ts';
import { parsedLogs } from '../support/logs.ts';
import { healthy } from '../support/shown.ts';

const SENTENCE = (name: string) =>
  `:warning: opsbot couldn’t finish \`/ops ${name}\` because of a problem on its side; the details are in its log. Try again in a minute.`;

describe('an unexpected failure inside a command', () => {
  let ws: SimulatedWorkspace;
  beforeAll(async () => {
    ws = await startSimulatedWorkspace({ env: { DIGEST_TICK_MS: '3600000' } });
    // Two deliberately broken subcommands, registered like any feature's.
    ws.opsbot.router.register({
      words: ['broken', 'early'],
      example: 'broken early',
      description: 'throws before acknowledging',
      handle: async () => {
        throw new Error('bug before ack');
      },
    });
    ws.opsbot.router.register({
      words: ['broken', 'late'],
      example: 'broken late',
      description: 'throws after acknowledging',
      handle: async ({ ack }) => {
        await ack();
        throw new Error('bug after ack');
      },
    });
  });
  afterAll(async () => {
    await ws?.stop();
  });

  it('before the ack: the ack itself carries the sentence', async () => {
    const res = await ws.driver.command('broken early', { userId: SIM_IDS.requester });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ response_type: 'ephemeral', text: SENTENCE('broken early') });
  });

  it('after the ack: the sentence comes through response_url; logged; the process stays up', async () => {
    const res = await ws.driver.command('broken late', { userId: SIM_IDS.requester });
    expect(res).toMatchObject({ status: 200, body: '' });
    expect((await answerTo(ws, res.responseUrl)).text).toBe(SENTENCE('broken late'));
    const logged = parsedLogs(ws.logs).filter((l) => l.event === 'action_failed');
    expect(logged.map((l) => [l.level, l.type, (l.err as { message: string }).message])).toEqual([
      ['error', 'slash_command', 'bug before ack'],
      ['error', 'slash_command', 'bug after ack'],
    ]);
    expect(await healthy(ws.url)).toBe(true);
    const help = await ws.driver.command('help', { userId: SIM_IDS.requester });
    expect(textOf(JSON.parse(help.body).blocks)).toContain('opsbot — run your cloud from Slack');
  });
});
