// Slack requests by kind and outcome, and the time to acknowledge them: Slack disables an app's
// event subscriptions when too many deliveries fail, so this is the first thing an operator watches.
// It wraps App.processEvent (every payload passes through it, HTTP and Socket Mode alike) inside the
// guard's wrapper (slack/guard.ts), so it can tell a listener's ack from the guard's fallback ack;
// the guard tells it which payloads' listeners failed.
import type { App } from '@slack/bolt';
import { type Metrics, secondsSince } from './registry.ts';

type ReceiverEvent = Parameters<App['processEvent']>[0];

/** Payloads whose listener failed (the guard answered the person): counted as `failed`. */
export function observeSlackRequests(app: App, metrics: Metrics, failed: WeakSet<object>): void {
  const processEvent = app.processEvent.bind(app);
  app.processEvent = async (event: ReceiverEvent) => {
    const kind = kindOf(event.body);
    const started = performance.now();
    let acked = false;
    const ack: ReceiverEvent['ack'] = (response) => {
      if (!acked) metrics.slackAckSeconds.observe({ kind }, secondsSince(started));
      acked = true;
      return event.ack(response);
    };
    try {
      await processEvent({ ...event, ack });
    } catch (error) {
      metrics.slackRequests.inc({ kind, outcome: 'error' });
      throw error;
    }
    if (!acked) metrics.slackAckSeconds.observe({ kind }, secondsSince(started));
    const outcome = failed.has(event.body) ? 'failed' : acked ? 'ok' : 'unhandled';
    metrics.slackRequests.inc({ kind, outcome });
  };
}

const INTERACTIVE_KINDS: Record<string, string> = {
  block_actions: 'action',
  interactive_message: 'action',
  view_submission: 'view_submission',
  view_closed: 'view_closed',
  block_suggestion: 'options',
  shortcut: 'shortcut',
  message_action: 'shortcut',
  event_callback: 'event',
};

/** One of a fixed set of words, whatever the payload says. */
export function kindOf(body: unknown): string {
  if (typeof body !== 'object' || body === null) return 'other';
  const b = body as Record<string, unknown>;
  if (typeof b.command === 'string') return 'command';
  const type = typeof b.type === 'string' ? b.type : '';
  return Object.hasOwn(INTERACTIVE_KINDS, type) ? (INTERACTIVE_KINDS[type] as string) : 'other';
}
