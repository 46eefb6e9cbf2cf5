// The guard every payload passes through: slash commands, button clicks (in messages, modals and
// the Home tab), view submissions, options requests and events alike. If a listener throws, the
// person who acted gets one sentence (errors.ts) where they are looking — an ephemeral message in
// the channel, an error in the open modal, a DM when they clicked on the Home tab — and the log gets
// the detail. A payload no listener acknowledges (a button an older opsbot posted, a view this
// version no longer has) gets an empty acknowledgement instead of Slack's own error after 3 s.
//
// It wraps App.processEvent, the one place every payload passes through in HTTP and Socket Mode
// alike, because middleware only sees a copy of the arguments and cannot tell whether a listener
// acked; and it is the first global middleware, so a listener's error reaches it through next().
import type { App, RespondFn } from '@slack/bolt';
import { errField, isExpectedSlackAnswer, PolicyRefusal, sentenceFor, UserFacingError } from '../errors.ts';
import type { Logger } from '../log.ts';
import { section } from './blocks.ts';
import { respondWithFallback } from './respond.ts';
import type { WebClient } from './web-client.ts';

type ReceiverEvent = Parameters<App['processEvent']>[0];
type Body = Record<string, unknown>;

type GuardOptions = {
  logger: Logger;
  /** How a failed command is named in its sentence: `/ops vector stats`. */
  describeCommand(command: string, text: string): string;
  /** Told of each payload whose listener failed (the metrics count them). */
  onFailure?(body: object): void;
};

export function installGuard(app: App, options: GuardOptions): void {
  const acked = new WeakSet<object>();
  const processEvent = app.processEvent.bind(app);
  app.processEvent = async (event: ReceiverEvent) => {
    const ack: ReceiverEvent['ack'] = (response) => {
      acked.add(event.body);
      return event.ack(response);
    };
    try {
      await processEvent({ ...event, ack });
    } finally {
      if (!acked.has(event.body)) {
        options.logger.info(
          { event: 'unhandled_payload', ...describePayload(event.body) },
          'no listener took this payload; acknowledged and ignored',
        );
        // Fails only when Bolt already answered (a listener stuck past its 3 s): nothing left to do.
        await event.ack().catch(() => undefined);
      }
    }
  };

  app.use(async (args) => {
    try {
      await args.next();
    } catch (error) {
      const body = args.body as Body;
      const failure = { ...describePayload(body), err: errField(error) };
      // A refusal is the guardrails working, not a failed listener: logged with what was refused.
      if (!(error instanceof PolicyRefusal)) options.onFailure?.(body);
      if (error instanceof PolicyRefusal) logPolicyRefusal(options.logger, error, failure);
      else if (error instanceof UserFacingError)
        options.logger.info({ event: 'action_refused', ...failure }, 'told the person why');
      // Slack's expected answers (a spent trigger, a channel opsbot isn't in) are not opsbot's bugs.
      else if (isExpectedSlackAnswer(error))
        options.logger.warn({ event: 'action_failed', ...failure }, 'Slack refused a call');
      else options.logger.error({ event: 'action_failed', ...failure }, 'a listener failed');
      const ackArgs = args as unknown as { ack?: (response?: unknown) => Promise<void> };
      const answer = answerer(body, {
        field: error instanceof PolicyRefusal ? error.detail.field : undefined,
        alreadyAcked: acked.has(body),
        ack: ackArgs.ack,
        respond: (args as { respond?: RespondFn }).respond,
        client: args.client,
        logger: options.logger,
      });
      const what =
        typeof body.command === 'string'
          ? `\`${options.describeCommand(body.command, String(body.text ?? ''))}\``
          : undefined;
      await answer(sentenceFor(error, what)).catch((answerError: unknown) =>
        options.logger.warn(
          { event: 'failure_not_told', err: errField(answerError) },
          'could not tell the person that their action failed',
        ),
      );
    }
  });
}

/**
 * The one `policy_refused` line, whichever door was refused (a payload here, an agent's tool call
 * in src/features/mcp): what the door was asked (`asked`), and what was refused, by whom and where.
 */
export function logPolicyRefusal(logger: Logger, refusal: PolicyRefusal, asked: object): void {
  const { field: _field, ...detail } = refusal.detail;
  logger.info({ event: 'policy_refused', ...asked, ...detail }, 'refused by the policy');
}

type AnswerDeps = {
  /** The form field the sentence is about (its block id); otherwise the form's first field. */
  field: string | undefined;
  alreadyAcked: boolean;
  ack: ((response?: unknown) => Promise<void>) | undefined;
  respond: RespondFn | undefined;
  client: WebClient;
  logger: Logger;
};

/** Where the person who sent `body` is looking, and how to put one sentence there. */
function answerer(body: Body, deps: AnswerDeps): (sentence: string) => Promise<void> {
  const { client } = deps;
  const user = userOf(body);
  const ackOnce = async (response?: unknown) => {
    if (!deps.alreadyAcked) await deps.ack?.(response);
  };
  const dm = async (text: string) => {
    if (user !== undefined) await client.chat.postMessage({ channel: user, text, blocks: [section(text)] });
  };

  if (typeof body.command === 'string') {
    return async (sentence) => {
      const text = `:warning: ${sentence}`;
      if (!deps.alreadyAcked) return ackOnce({ response_type: 'ephemeral', text });
      const channel = typeof body.channel_id === 'string' ? body.channel_id : undefined;
      await respondWithFallback(deps.respond, { client, channel, user: user ?? '', logger: deps.logger })({
        response_type: 'ephemeral',
        text,
      });
    };
  }

  const view = body.view as
    | { type?: string; blocks?: Array<{ type?: string; block_id?: string }> }
    | undefined;
  if (body.type === 'view_submission') {
    return async (sentence) => {
      const text = `:warning: ${sentence}`;
      // The modal is still open while unanswered: the sentence shows in it, under the field it is about (else the first).
      const inputs = view?.blocks?.filter((b) => b.type === 'input' && typeof b.block_id === 'string');
      const field = inputs?.find((b) => b.block_id === deps.field) ?? inputs?.[0];
      if (!deps.alreadyAcked && field?.block_id !== undefined)
        return ackOnce({ response_action: 'errors', errors: { [field.block_id]: sentence } });
      await ackOnce();
      await dm(text);
    };
  }

  if (body.type === 'block_suggestion') return () => ackOnce({ options: [] });

  if (body.type === 'block_actions') {
    return async (sentence) => {
      const text = `:warning: ${sentence}`;
      await ackOnce();
      if (view?.type === 'home') return dm(text);
      if (view?.type === 'modal' && typeof body.trigger_id === 'string') {
        // A click inside an open modal: the answer is a small modal on top of it.
        await client.views
          .push({ trigger_id: body.trigger_id, view: noticeModal(sentence) })
          .catch(() => dm(text));
        return;
      }
      const channel = (body.channel as { id?: string } | undefined)?.id;
      await respondWithFallback(deps.respond, { client, channel, user: user ?? '', logger: deps.logger })({
        response_type: 'ephemeral',
        replace_original: false,
        text,
      });
    };
  }

  // Events (app_home_opened): nobody clicked anything, so the log is the only place to say it.
  return () => ackOnce();
}

function noticeModal(sentence: string) {
  return {
    type: 'modal' as const,
    title: { type: 'plain_text' as const, text: 'opsbot' },
    close: { type: 'plain_text' as const, text: 'Close' },
    blocks: [section(`:warning: ${sentence}`)],
  };
}

function userOf(body: Body): string | undefined {
  if (typeof body.user_id === 'string') return body.user_id;
  const user = body.user as { id?: unknown } | undefined;
  if (typeof user?.id === 'string') return user.id;
  const event = body.event as { user?: unknown } | undefined;
  return typeof event?.user === 'string' ? event.user : undefined;
}

const ID_MAX = 100;

/** Identifiers only: which payload, which action or callback. Never values or text. */
function describePayload(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null) return {};
  const b = body as Body;
  const id = (v: unknown) => (typeof v === 'string' ? v.slice(0, ID_MAX) : undefined);
  const view = b.view as Body | undefined;
  const actions = Array.isArray(b.actions) ? b.actions : [];
  const event = b.event as Body | undefined;
  return {
    type: id(b.type) ?? (typeof b.command === 'string' ? 'slash_command' : 'unknown'),
    actionIds: actions.map((a) => id((a as Body | null)?.action_id)).slice(0, 5),
    callbackId: id(view?.callback_id) ?? id(b.callback_id),
    ...(typeof b.command === 'string' ? { command: id(b.command) } : {}),
    ...(event === undefined ? {} : { eventType: id(event.type) }),
  };
}
