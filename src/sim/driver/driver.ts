import type { FunctionExecutedEvent, SimView, SlackSimulator } from '../slack/index.ts';
import { findElement, initialState, stateValue } from './blocks.ts';
import {
  deliverFunctionExecuted,
  executeFunction,
  type FunctionDeliveryDeps,
  type FunctionExecutionResult,
} from './functions.ts';
import {
  type ActionInput,
  appHomeOpenedBody,
  blockActionsPayload,
  messagePlace,
  slackTs,
  slashCommandBody,
  viewClosedPayload,
  viewSubmissionPayload,
} from './payloads.ts';
import { signSlackRequest } from './signing.ts';
import { type SuggestInput, type SuggestResult, suggestOptions } from './suggest.ts';

type Json = Record<string, unknown>;

export interface SlackDriverOptions {
  /** The app's Slack endpoint, e.g. http://127.0.0.1:1234/slack/events */
  appUrl: string;
  signingSecret: string;
  slack: SlackSimulator;
  teamId?: string;
  apiAppId?: string;
  /** Signing clock (ms). Bolt rejects timestamps older than 5 minutes, so keep it near real time. */
  now?: () => number;
  /**
   * How Slack delivers to the app: signed HTTP POSTs to `appUrl` (default), or envelopes over the
   * Socket Mode connection the app opened to the simulator.
   */
  transport?: 'http' | 'socket';
  /** Defaults for command(): who types it and where. */
  userId?: string;
  channelId?: string;
  /**
   * Escape command text as Slack does for a command with `should_escape: true` (default false: the
   * text is sent as given). command()'s own `escape` option wins.
   */
  escapeCommandText?: boolean;
}

export interface DriverResponse {
  status: number;
  body: string;
  headers: Record<string, string>;
}

export interface CommandResult extends DriverResponse {
  responseUrl: string;
  triggerId: string;
}

export interface InteractionResult extends DriverResponse {
  triggerId: string;
  responseUrl?: string;
}

export interface ViewAckResult extends DriverResponse {
  triggerId?: string;
  /** The parsed ack body (undefined when empty: "close this view"). */
  ack: unknown;
  /** What the simulator made of the ack (false when e.g. a response_action view is invalid). */
  applied: { ok: boolean; errors?: string[] };
}

/** A message as the simulator recorded it (messagesIn / ephemeralsFor). */
export interface MessageLike {
  channel: string;
  ts: string;
  blocks?: unknown[];
  isEphemeral?: boolean;
}

export interface ClickInput {
  userId: string;
  message: MessageLike;
  actionId: string;
  /** For buttons: picks among same action_id buttons; for selects: the option value to choose. */
  value?: string;
  blockId?: string;
}

export interface ViewClickInput {
  userId: string;
  view: SimView;
  actionId: string;
  value?: string;
  blockId?: string;
}

export interface SlackDriver {
  /**
   * The person types `/ops <text>`. With `escape`, `@alice`, `@ops-approvers` and `#general` the
   * simulator knows arrive as `<@U…|alice>`, `<!subteam^S…|@ops-approvers>`, `<#C…|general>` and
   * unknown names stay plain, as Slack sends them when the command sets `should_escape: true`.
   */
  command(
    text: string,
    options?: {
      userId?: string;
      channelId?: string;
      command?: string;
      escape?: boolean;
      /** Sent without `user_id` and `user_name`, signed all the same: a payload naming nobody. */
      nobody?: boolean;
    },
  ): Promise<CommandResult>;
  /**
   * The person types `value` into an external_select / multi_external_select of a view (modal, Home)
   * or message: sends the block_suggestion Slack would, and returns the answer as Slack judged it.
   */
  suggest(input: SuggestInput): Promise<SuggestResult>;
  clickButton(input: ClickInput): Promise<InteractionResult>;
  selectOption(input: ClickInput & { value: string }): Promise<InteractionResult>;
  clickInView(input: ViewClickInput): Promise<InteractionResult>;
  submitView(input: {
    userId: string;
    view: SimView;
    values?: Record<string, Record<string, unknown>>;
  }): Promise<ViewAckResult>;
  closeView(input: { userId: string; view: SimView; isCleared?: boolean }): Promise<ViewAckResult>;
  /**
   * The person opens opsbot's App Home (the Home tab unless `tab` says otherwise). With `retry`,
   * sends the same event again as Slack's retry does: same event_id, X-Slack-Retry-* headers.
   */
  openHome(input: {
    userId: string;
    tab?: 'home' | 'messages';
    retry?: { of: string; num: number; reason?: string };
  }): Promise<DriverResponse & { eventId: string }>;
  postRaw(input: { body: string; headers: Record<string, string> }): Promise<DriverResponse>;
  /**
   * A workflow reaches the app's step `callbackId` with `inputs`: Slack starts an execution and
   * delivers `function_executed` (twice with `deliverTwice`, as Slack may). Returns the execution id.
   */
  executeFunction(
    callbackId: string,
    inputs?: Record<string, unknown>,
    options?: { deliverTwice?: boolean },
  ): Promise<FunctionExecutionResult>;
  /** Delivers an execution's `function_executed` once more, e.g. to another replica's endpoint. */
  deliverFunctionExecuted(event: FunctionExecutedEvent): Promise<DriverResponse>;
  /** The workflow was cancelled or timed out: Slack refuses to complete the execution from now on. */
  cancelFunction(executionId: string): void;
}

function actionFor(blockId: string, element: Json, value: string | undefined): ActionInput {
  const action: ActionInput = {
    action_id: String(element.action_id),
    block_id: blockId,
    type: String(element.type),
  };
  if (element.type === 'button') {
    action.text = element.text as Json;
    if (typeof element.value === 'string') action.value = element.value;
    if (typeof element.style === 'string') action.style = element.style;
    return action;
  }
  if (value === undefined) throw new Error(`Choosing in ${action.action_id} (${action.type}) needs a value`);
  const state = stateValue(element, value);
  return { ...action, ...state, type: action.type };
}

/**
 * The same delivery as Socket Mode makes it: the body's content as an envelope's payload, and the
 * app's ack payload back as the response body (what an HTTP ack would have carried).
 */
async function overSocket(
  slack: SlackSimulator,
  body: string,
  headers: Record<string, string>,
): Promise<DriverResponse> {
  const retryNum = headers['X-Slack-Retry-Num'];
  const retry =
    retryNum === undefined
      ? undefined
      : { attempt: Number(retryNum), reason: headers['X-Slack-Retry-Reason'] ?? 'timeout' };
  let delivery: Awaited<ReturnType<SlackSimulator['socket']['deliver']>>;
  if (headers['Content-Type'] === 'application/json') {
    delivery = await slack.socket.deliver('events_api', JSON.parse(body), retry);
  } else {
    const form = new URLSearchParams(body);
    const payload = form.get('payload');
    delivery =
      payload === null
        ? await slack.socket.deliver('slash_commands', Object.fromEntries(form))
        : await slack.socket.deliver('interactive', JSON.parse(payload));
  }
  // A bare ack arrives as an empty payload; over HTTP it would have been an empty body.
  const ack = delivery.ack;
  const empty =
    ack === undefined || (typeof ack === 'object' && ack !== null && Object.keys(ack).length === 0);
  return { status: delivery.acked ? 200 : 504, body: empty ? '' : JSON.stringify(ack), headers: {} };
}

function parseAck(body: string): unknown {
  if (body.trim() === '') return undefined;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

export function createSlackDriver(options: SlackDriverOptions): SlackDriver {
  const { slack, signingSecret } = options;
  const teamId = options.teamId ?? 'T0TEST';
  const apiAppId = options.apiAppId ?? 'A0TEST';
  const now = options.now ?? Date.now;
  let eventCount = 0;
  const nextEventId = () => {
    eventCount += 1;
    return `Ev${String(eventCount).padStart(8, '0')}SIM`;
  };
  /** Who clicked, as Slack names them in a payload (the simulator's handle for a known user). */
  const person = (id: string) => {
    const name = slack.userName(id);
    const team = slack.userTeam(id);
    return { id, ...(name === undefined ? {} : { name }), ...(team === undefined ? {} : { teamId: team }) };
  };

  async function postRaw(input: { body: string; headers: Record<string, string> }): Promise<DriverResponse> {
    const res = await fetch(options.appUrl, { method: 'POST', headers: input.headers, body: input.body });
    return { status: res.status, body: await res.text(), headers: Object.fromEntries(res.headers) };
  }

  /** Signs with the current time and sends the header set Slack sends, or the envelope it would. */
  function send(body: string, extraHeaders: Record<string, string> = {}): Promise<DriverResponse> {
    if (options.transport === 'socket') return overSocket(slack, body, extraHeaders);
    const timestamp = String(Math.floor(now() / 1000));
    return postRaw({
      body,
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        ...extraHeaders,
        Accept: 'application/json,*/*',
        'User-Agent': 'Slackbot 1.0 (+https://api.slack.com/robots)',
        'X-Slack-Request-Timestamp': timestamp,
        'X-Slack-Signature': signSlackRequest(signingSecret, timestamp, body),
      },
    });
  }

  async function interact(
    userId: string,
    blocks: unknown,
    input: { actionId: string; blockId?: string | undefined; value?: string | undefined; type?: string },
    where: { message?: MessageLike; view?: SimView },
  ): Promise<InteractionResult> {
    const found = findElement(blocks, input);
    const action = actionFor(found.blockId, found.element, input.value);
    const values = initialState(blocks);
    if (action.type !== 'button') {
      const { action_id: _a, block_id: _b, ...state } = action;
      values[found.blockId] = { ...values[found.blockId], [action.action_id]: state };
    }
    const triggerId = slack.newTriggerId(userId);
    const common = {
      user: person(userId),
      teamId,
      apiAppId,
      triggerId,
      actions: [action],
      actionTs: slackTs(now()),
    };
    if (where.view) {
      const view = { ...where.view, state: { values } };
      const body = blockActionsPayload({ ...common, container: { type: 'view', view_id: view.id }, view });
      return { ...(await send(body)), triggerId };
    }
    const message = where.message as MessageLike & Json;
    const { isEphemeral, ...place } = messagePlace(message);
    const responseUrl = slack.newResponseUrl({
      channel: message.channel,
      user: userId,
      messageTs: message.ts,
      isEphemeral,
    });
    const body = blockActionsPayload({ ...common, ...place, state: { values }, responseUrl });
    return { ...(await send(body)), triggerId, responseUrl };
  }

  async function finishView(userId: string, view: SimView, res: DriverResponse, ack: unknown) {
    const applied =
      res.status === 200
        ? slack.applyViewAck(userId, view.id, ack)
        : { ok: false, errors: [`HTTP ${res.status}`] };
    return { ...res, ack, applied };
  }

  const functionDeps: FunctionDeliveryDeps = { slack, teamId, apiAppId, now, nextEventId, send };

  return {
    async command(text, opts = {}) {
      const userId = opts.userId ?? options.userId ?? 'U0TESTUSER';
      const channelId = opts.channelId ?? options.channelId ?? 'C0TEST';
      const responseUrl = slack.newResponseUrl({ channel: channelId, user: userId });
      const triggerId = slack.newTriggerId(userId);
      const escaped = opts.escape ?? options.escapeCommandText ?? false;
      const body = slashCommandBody({
        command: opts.command ?? '/ops',
        text: escaped ? slack.escapeCommandText(text) : text,
        userId,
        channelId,
        teamId,
        apiAppId,
        responseUrl,
        triggerId,
      });
      if (!opts.nobody) return { ...(await send(body)), responseUrl, triggerId };
      const fields = new URLSearchParams(body);
      fields.delete('user_id');
      fields.delete('user_name');
      return { ...(await send(fields.toString())), responseUrl, triggerId };
    },
    suggest: (input) => suggestOptions({ slack, teamId, apiAppId, send: (body) => send(body) }, input),
    clickButton: (input) => interact(input.userId, input.message.blocks, { ...input, type: 'button' }, input),
    selectOption: (input) => interact(input.userId, input.message.blocks, input, input),
    clickInView: (input) => interact(input.userId, input.view.blocks, input, { view: input.view }),
    async submitView({ userId, view, values = {} }) {
      const state = initialState(view.blocks);
      for (const [blockId, actions] of Object.entries(values)) {
        for (const [actionId, given] of Object.entries(actions)) {
          const { element } = findElement(view.blocks, { actionId, blockId });
          state[blockId] = { ...state[blockId], [actionId]: stateValue(element, given) };
        }
      }
      const triggerId = slack.newTriggerId(userId);
      const body = viewSubmissionPayload({
        user: person(userId),
        view: { ...view, state: { values: state } },
        triggerId,
        teamId,
        apiAppId,
      });
      const res = await send(body);
      return { ...(await finishView(userId, view, res, parseAck(res.body))), triggerId };
    },
    async closeView({ userId, view, isCleared = false }) {
      const res = await send(viewClosedPayload({ user: person(userId), view, teamId, apiAppId, isCleared }));
      return finishView(userId, view, res, isCleared ? { response_action: 'clear' } : undefined);
    },
    async openHome({ userId, tab = 'home', retry }) {
      const eventId = retry?.of ?? nextEventId();
      const current = slack.homeOf(userId);
      const body = appHomeOpenedBody({
        userId,
        channelId: `D${userId.replace(/^[UW]/, '')}`,
        tab,
        teamId,
        apiAppId,
        eventId,
        eventTime: now(),
        view: tab === 'home' ? current : undefined,
      });
      const headers: Record<string, string> = { 'Content-Type': 'application/json' };
      if (retry !== undefined) {
        headers['X-Slack-Retry-Num'] = String(retry.num);
        headers['X-Slack-Retry-Reason'] = retry.reason ?? 'http_timeout';
      }
      return { ...(await send(body, headers)), eventId };
    },
    postRaw,
    executeFunction: (callbackId, inputs, opts) => executeFunction(functionDeps, callbackId, inputs, opts),
    deliverFunctionExecuted: (event) => deliverFunctionExecuted(functionDeps, event),
    cancelFunction: (executionId) => slack.functions.cancel(executionId),
  };
}
