// One person acting in the simulated workspace for the copy test: every command, click and
// submission goes through here, so the acknowledgements Slack shows (which no Web API call
// records) are kept beside the calls, and each action is finished before the next one starts.
import type { MessageLike } from '../../../src/sim/driver/index.ts';
import { slackTs } from '../../../src/sim/driver/index.ts';
import type { SimView } from '../../../src/sim/slack/index.ts';
import type { SimulatedWorkspace } from '../../../src/sim/workspace.ts';
import { type SeenText, textsOfAck, textsOfCall, textsOfSuggestion } from './collect.ts';

/** Long enough for a stats card to render on a busy machine; a run that takes longer is a failure anyway. */
const SETTLE_MS = 10_000;

export type Person = ReturnType<typeof personIn>;

export function personIn(ws: SimulatedWorkspace, where: { user: string; channel: string }) {
  const acks: SeenText[] = [];
  /** Ephemeral answers that came back in an ack, as messages a person can click in. */
  const ackedMessages: MessageLike[] = [];
  const parse = (body: string): unknown => {
    try {
      return body.trim() === '' ? undefined : JSON.parse(body);
    } catch {
      return body;
    }
  };
  /** Waits until the app's work for the last payload (its answer, its posts) has finished. */
  const settle = async () => {
    if (!(await ws.opsbot.work.drain(SETTLE_MS)))
      throw new Error('the app was still busy after the last action');
  };

  return {
    ...where,
    /** `/ops <text>` typed by the person; returns everything Slack showed because of it. */
    async command(text: string, options: { channel?: string } = {}): Promise<SeenText[]> {
      const callsBefore = ws.slack.calls.length;
      const res = await ws.driver.command(text, {
        userId: where.user,
        channelId: options.channel ?? where.channel,
      });
      const body = parse(res.body);
      const shown = textsOfAck(`answer to ${ws.opsbot.router.commandName} ${text}`, body);
      acks.push(...shown);
      const blocks = (body as { blocks?: unknown[] } | undefined)?.blocks;
      if (blocks !== undefined) {
        ackedMessages.push({
          channel: options.channel ?? where.channel,
          ts: slackTs(Date.now()),
          blocks,
          isEphemeral: true,
        });
      }
      await settle();
      return [...shown, ...ws.slack.calls.slice(callsBefore).flatMap(textsOfCall)];
    },
    /** A button clicked, or for a menu (`value` given, `menu` true) the option chosen. */
    async clickInMessage(message: MessageLike, actionId: string, value?: string, menu = false) {
      const input = { userId: where.user, message, actionId, ...(value === undefined ? {} : { value }) };
      if (menu) await ws.driver.selectOption({ ...input, value: value ?? '' });
      else await ws.driver.clickButton(input);
      await settle();
    },
    async clickInView(view: SimView, actionId: string, value?: string) {
      await ws.driver.clickInView({
        userId: where.user,
        view,
        actionId,
        ...(value === undefined ? {} : { value }),
      });
      await settle();
    },
    async submit(view: SimView, values: Record<string, Record<string, unknown>>) {
      const result = await ws.driver.submitView({ userId: where.user, view, values });
      acks.push(...textsOfAck(`answer to submitting ${view.callback_id}`, result.ack));
      await settle();
      return result;
    },
    ackedMessages: (): readonly MessageLike[] => ackedMessages,
    /** Every text a person has seen so far: calls, acknowledgements, type-ahead options. */
    seen: (): SeenText[] => [
      ...ws.slack.calls.flatMap(textsOfCall),
      ...acks,
      ...ws.slack.suggestions.flatMap(textsOfSuggestion),
    ],
  };
}
