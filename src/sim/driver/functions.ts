/*
 * A workflow reaching one of the app's custom steps: Slack starts an execution and sends the app a
 * `function_executed` event (an Events API `event_callback`, JSON over HTTP or an `events_api`
 * envelope over Socket Mode). Bolt's `app.function(callbackId, …)` recognises it by
 * `event.type === 'function_executed'` and `event.function.callback_id`, and reads
 * `event.function_execution_id`, `event.inputs` and `event.bot_access_token` (the workflow token).
 */
import type { FunctionExecutedEvent, SlackSimulator } from '../slack/index.ts';
import type { DriverResponse } from './driver.ts';
import { eventCallbackBody } from './payloads.ts';

export interface FunctionDeliveryDeps {
  slack: SlackSimulator;
  teamId: string;
  apiAppId: string;
  now: () => number;
  nextEventId: () => string;
  send: (body: string, headers: Record<string, string>) => Promise<DriverResponse>;
}

export interface FunctionExecutionResult {
  /** The `Fx…` id the app completes with functions.completeSuccess / completeError. */
  executionId: string;
  /** The event as sent (deliver it again, e.g. to another replica, with deliverFunctionExecuted). */
  event: FunctionExecutedEvent;
  /** The app's answer to each delivery (status 200: acknowledged). */
  deliveries: DriverResponse[];
}

/** Sends the event of an execution already started; each delivery is a new event_id, as a redelivery is. */
export function deliverFunctionExecuted(
  deps: FunctionDeliveryDeps,
  event: FunctionExecutedEvent,
): Promise<DriverResponse> {
  const body = eventCallbackBody(
    // The function belongs to the app the event is delivered to.
    { ...event, function: { ...event.function, app_id: deps.apiAppId } },
    { teamId: deps.teamId, apiAppId: deps.apiAppId, eventId: deps.nextEventId(), eventTime: deps.now() },
  );
  return deps.send(body, { 'Content-Type': 'application/json' });
}

export async function executeFunction(
  deps: FunctionDeliveryDeps,
  callbackId: string,
  inputs: Record<string, unknown> = {},
  options: { deliverTwice?: boolean } = {},
): Promise<FunctionExecutionResult> {
  const event = await deps.slack.functions.start(callbackId, inputs);
  const deliveries = [await deliverFunctionExecuted(deps, event)];
  if (options.deliverTwice) deliveries.push(await deliverFunctionExecuted(deps, event));
  return { executionId: event.function_execution_id, event, deliveries };
}
