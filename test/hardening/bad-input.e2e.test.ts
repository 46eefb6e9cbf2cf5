// Issue 8, Bad input end to end: hostile text typed after every command and into the request modal,
// through the real app. Every command is answered (an ack, a response or a modal), and nothing
// opsbot shows anywhere — ack bodies, messages, cards, modals — can ping a channel or a person.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandResult } from '../../src/sim/driver/driver.ts';
import { SIM_IDS, type SimulatedWorkspace, startSimulatedWorkspace } from '../../src/sim/workspace.ts';
import { textOf } from '../support/blocks.ts';
import { until } from '../support/poll.ts';
import { healthy, pingsIn, shownMrkdwn } from '../support/shown.ts';
import { hostileText } from './arbitraries.ts';

const { requester, generalChannel } = SIM_IDS;
const TEN_K = `${'<!channel> *x* '.repeat(666)}tail`.slice(0, 10_000);

describe('bad input through the real app', () => {
  let ws: SimulatedWorkspace;
  const acks: string[] = [];
  beforeAll(async () => {
    ws = await startSimulatedWorkspace({ env: { MAX_PENDING_REQUESTS_PER_USER: '100' } });
  });
  afterAll(async () => {
    await ws?.stop();
  });

  async function command(text: string): Promise<CommandResult> {
    const res = await ws.driver.command(text, { userId: requester, channelId: generalChannel });
    expect(res.status).toBe(200);
    acks.push(res.body);
    return res;
  }

  /** Whatever reached the person: the ack's own text, a response_url answer, or an opened modal. */
  async function answerOf(res: CommandResult): Promise<string> {
    if (res.body !== '') {
      const body = JSON.parse(res.body) as { text?: string; blocks?: unknown };
      return `${body.text ?? ''}\n${textOf(body.blocks)}`;
    }
    const found = await until(
      () =>
        ws.slack.responses.find((r) => r.url === res.responseUrl && r.ok) ??
        ws.slack.calls.find((c) => c.method === 'views.open' && c.args.trigger_id === res.triggerId),
      'an answer to the command',
    );
    return 'url' in found
      ? `${found.text ?? ''}\n${textOf(found.blocks)}`
      : textOf((found.args.view as { blocks?: unknown }).blocks);
  }

  it.each([
    ['an unknown command', TEN_K, "opsbot doesn't know `&lt;!channel&gt; *x*"],
    [
      'messaging accounts',
      `messaging accounts ${TEN_K}`,
      '`/ops messaging accounts` takes no arguments, but got',
    ],
    ['search requests', `search requests ${TEN_K}`, '`/ops search requests` takes no arguments, but got'],
    ['search create', `search create ${TEN_K}`, 'Not used from your command:'],
  ])('a 10,000-character text after %s gets a specific, inert answer', async (_name, text, says) => {
    const answer = await answerOf(await command(text));
    expect(answer).toContain(says);
    expect(answer.length).toBeLessThan(8_000);
    expect(pingsIn(shownMrkdwn(ws, acks))).toEqual([]);
  });

  it('random hostile text after each command: always answered, never a ping', async () => {
    const prefixes = [
      '',
      'help ',
      'messaging accounts ',
      'accounts ',
      'search requests ',
      'search create ',
      'search ',
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...prefixes), hostileText, async (prefix, text) => {
        const answer = await answerOf(await command(`${prefix}${text}`));
        expect(answer.trim()).not.toBe('');
        expect(pingsIn(shownMrkdwn(ws, acks))).toEqual([]);
      }),
      { numRuns: 40, endOnFailure: true },
    );
    expect(await healthy(ws.url)).toBe(true);
  }, 60_000);

  it('hostile text in the request form: refused per field, or posted to the approvals channel inert', async () => {
    const cardsPosted = () =>
      ws.slack.callsTo('chat.postMessage').filter((c) => c.ok && c.args.channel === SIM_IDS.approvalChannel)
        .length;
    let submitted = 0;
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.option(hostileText, { freq: 2 }),
        hostileText.filter((t) => t.trim() !== ''),
        async (hostileName, reason) => {
          run += 1;
          // null: a valid, unique name, so the reason's way onto a card is exercised too.
          const name = hostileName ?? `valid-name-${run}`;
          const res = await command('search create eu-west-1 free');
          await answerOf(res);
          const view = ws.slack.views.findLast(
            (v) => v.user === requester && v.view.callback_id === 'search.request',
          );
          if (!view) throw new Error('no modal');
          const ack = await ws.driver.submitView({
            userId: requester,
            view: view.view,
            values: { search_name: { search_name: name }, search_reason: { search_reason: reason } },
          });
          expect(ack.status).toBe(200);
          const errors = (ack.ack as { errors?: Record<string, string> } | undefined)?.errors;
          if (errors === undefined) {
            submitted += 1;
            // Names are trimmed before they are stored, and may repeat: count the cards instead.
            await until(() => (cardsPosted() >= submitted ? true : undefined), 'the card');
          } else {
            expect(Object.values(errors).every((e) => e.length > 10)).toBe(true);
          }
          expect(pingsIn(shownMrkdwn(ws, acks))).toEqual([]);
        },
      ),
      { numRuns: 30, endOnFailure: true },
    );
    // The generator makes valid names often enough that cards carrying hostile reasons were posted.
    expect(submitted).toBeGreaterThan(0);
    expect(cardsPosted()).toBe(submitted);
  }, 60_000);

  it('mentions and broadcasts in a reason are shown escaped on the card, not dropped', async () => {
    const res = await command('search create inert-reason eu-west-1 free');
    await answerOf(res);
    const view = ws.slack.views.findLast(
      (v) => v.user === requester && v.view.callback_id === 'search.request',
    );
    if (!view) throw new Error('no modal');
    await ws.driver.submitView({
      userId: requester,
      view: view.view,
      values: { search_reason: { search_reason: '<!here> ask <@U0INJECT1> > now *please*' } },
    });
    const card = await until(
      () =>
        ws.slack.messagesIn(SIM_IDS.approvalChannel).find((m) => textOf(m.blocks).includes('inert-reason')),
      'the card',
    );
    expect(textOf(card.blocks)).toContain('&lt;!here&gt; ask &lt;@U0INJECT1&gt; &gt; now *please*');
  });
});
