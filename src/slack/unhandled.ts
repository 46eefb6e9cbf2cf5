// Bolt leaves a payload that no listener acknowledges hanging, then answers 404 after three seconds,
// and Slack shows the user its own error. That happens for a click on a button an older opsbot
// posted, a view whose callback this version no longer has, or anything new Slack starts sending.
// Such payloads get an empty acknowledgement instead: nothing is posted, and the log says what came.
// It wraps the one place every payload passes through (App.processEvent, for HTTP and Socket Mode
// alike), since middleware only sees a copy of the arguments and cannot tell whether a listener acked.
import type { App } from '@slack/bolt';
import type { Logger } from '../log.ts';

type ReceiverEvent = Parameters<App['processEvent']>[0];

export function acknowledgeUnhandled(app: App, logger: Logger): void {
  const processEvent = app.processEvent.bind(app);
  app.processEvent = async (event: ReceiverEvent) => {
    let acked = false;
    const ack: ReceiverEvent['ack'] = (response) => {
      acked = true;
      return event.ack(response);
    };
    try {
      await processEvent({ ...event, ack });
    } finally {
      if (!acked) {
        logger.info(
          { event: 'unhandled_payload', ...describePayload(event.body) },
          'no listener took this payload; acknowledged and ignored',
        );
        // Fails only when Bolt already answered (a listener stuck past its 3 s): nothing left to do.
        await event.ack().catch(() => undefined);
      }
    }
  };
}

const ID_MAX = 100;

/** Identifiers only: which payload, which action or callback. Never values or text. */
function describePayload(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null) return {};
  const b = body as Record<string, unknown>;
  const id = (v: unknown) => (typeof v === 'string' ? v.slice(0, ID_MAX) : undefined);
  const view = b.view as Record<string, unknown> | undefined;
  const actions = Array.isArray(b.actions) ? b.actions : [];
  return {
    type: id(b.type) ?? (typeof b.command === 'string' ? 'slash_command' : 'unknown'),
    actionIds: actions.map((a) => id((a as Record<string, unknown> | null)?.action_id)).slice(0, 5),
    callbackId: id(view?.callback_id) ?? id(b.callback_id),
  };
}
