/*
 * Pure builders of the bodies Slack POSTs to an app, with the field sets and order of the captured
 * payloads recorded in test/support/fixtures/slack/payloads/. Slack form-encodes everything; interactivity is one
 * `payload=<json>` field. URLSearchParams reproduces Slack's encoding byte for byte ('+' for spaces).
 */

type Json = Record<string, unknown>;

/** A message as the simulator recorded it, from which a click or an options request comes. */
type RecordedMessage = { channel: string; ts: string; isEphemeral?: boolean } & Json;

/**
 * Where an interaction in a message happened, as Slack describes it in the payload: the container,
 * the channel, and the message itself (Slack leaves an ephemeral message out).
 */
export function messagePlace(recorded: RecordedMessage) {
  const isEphemeral = recorded.isEphemeral ?? 'replaced' in recorded;
  // The simulator's own bookkeeping fields are not part of the message Slack sends.
  const { via: _via, channel: _channel, isEphemeral: _e, replaced: _r, ...message } = recorded;
  return {
    isEphemeral,
    container: {
      type: 'message',
      message_ts: recorded.ts,
      channel_id: recorded.channel,
      is_ephemeral: isEphemeral,
    },
    channel: { id: recorded.channel },
    ...(isEphemeral ? {} : { message }),
  };
}

export interface PayloadUser {
  id: string;
  name?: string;
  /** A person from another organisation (Slack Connect) carries their own team. */
  teamId?: string;
}

/** Slack's deprecated verification token; Bolt ignores it in favour of the signature. */
const VERIFICATION_TOKEN = 'fake-verification-token';
const TEAM_DOMAIN = 'opsbot-sim';

export interface SlashCommandInput {
  command: string;
  text: string;
  userId: string;
  userName?: string;
  channelId: string;
  channelName?: string;
  teamId: string;
  teamDomain?: string;
  apiAppId: string;
  responseUrl: string;
  triggerId: string;
  token?: string;
  isEnterpriseInstall?: boolean;
  enterpriseId?: string;
  enterpriseName?: string;
}

export function slashCommandBody(input: SlashCommandInput): string {
  const fields: Record<string, string> = {
    token: input.token ?? VERIFICATION_TOKEN,
    team_id: input.teamId,
    team_domain: input.teamDomain ?? TEAM_DOMAIN,
    channel_id: input.channelId,
    channel_name:
      input.channelName ??
      (input.channelId.startsWith('D') ? 'directmessage' : input.channelId.toLowerCase()),
    user_id: input.userId,
    user_name: input.userName ?? input.userId.toLowerCase(),
    command: input.command,
    text: input.text,
    api_app_id: input.apiAppId,
    is_enterprise_install: String(input.isEnterpriseInstall ?? false),
  };
  // enterprise_* are only present on Enterprise Grid installs.
  if (input.enterpriseId) fields.enterprise_id = input.enterpriseId;
  if (input.enterpriseName) fields.enterprise_name = input.enterpriseName;
  fields.response_url = input.responseUrl;
  fields.trigger_id = input.triggerId;
  return new URLSearchParams(fields).toString();
}

function userObject(user: PayloadUser, teamId: string): Json {
  const name = user.name ?? user.id.toLowerCase();
  return { id: user.id, username: name, name, team_id: user.teamId ?? teamId };
}

function envelope(type: string, user: PayloadUser, teamId: string, apiAppId: string, token?: string): Json {
  return {
    type,
    user: userObject(user, teamId),
    api_app_id: apiAppId,
    token: token ?? VERIFICATION_TOKEN,
  };
}

const formPayload = (payload: Json): string =>
  new URLSearchParams({ payload: JSON.stringify(payload) }).toString();

/** "<seconds>.<6 digits>" as Slack formats action_ts. */
export function slackTs(ms: number): string {
  const whole = Math.floor(ms);
  return `${Math.floor(whole / 1000)}.${String((whole % 1000) * 1000).padStart(6, '0')}`;
}

export interface ActionInput {
  action_id: string;
  block_id: string;
  type: string;
  value?: string;
  selected_option?: Json;
  text?: Json;
  action_ts?: string;
  [key: string]: unknown;
}

export interface BlockActionsInput {
  user: PayloadUser;
  teamId: string;
  apiAppId: string;
  triggerId: string;
  /** {type:'message', message_ts, channel_id, is_ephemeral} or {type:'view', view_id}. */
  container: Json;
  actions: ActionInput[];
  channel?: { id: string; name?: string };
  message?: Json;
  view?: Json;
  state?: { values: Json };
  responseUrl?: string;
  teamDomain?: string;
  token?: string;
  actionTs?: string;
}

export function blockActionsPayload(input: BlockActionsInput): string {
  const payload: Json = {
    ...envelope('block_actions', input.user, input.teamId, input.apiAppId, input.token),
    container: input.container,
    trigger_id: input.triggerId,
    team: { id: input.teamId, domain: input.teamDomain ?? TEAM_DOMAIN },
    enterprise: null,
    is_enterprise_install: false,
  };
  if (input.channel)
    payload.channel = { id: input.channel.id, name: input.channel.name ?? input.channel.id.toLowerCase() };
  if (input.message) payload.message = input.message;
  if (input.view) payload.view = input.view;
  payload.state = input.state ?? { values: {} };
  if (input.responseUrl) payload.response_url = input.responseUrl;
  const actionTs = input.actionTs ?? slackTs(Date.now());
  payload.actions = input.actions.map((a) => ({ ...a, action_ts: a.action_ts ?? actionTs }));
  return formPayload(payload);
}

export interface ViewPayloadInput {
  id: string;
  callback_id: string;
  private_metadata: string;
  state: { values: Json };
  [key: string]: unknown;
}

/** Fills the envelope fields Slack puts on every view object around what the test gives. */
function fullView(view: ViewPayloadInput, teamId: string, apiAppId: string): Json {
  const defaults: Json = {
    id: view.id,
    team_id: teamId,
    type: 'modal',
    blocks: [],
    hash: '',
    clear_on_close: false,
    notify_on_close: false,
    root_view_id: view.id,
    previous_view_id: null,
    app_id: apiAppId,
    external_id: '',
    bot_id: 'B0SIMBOT',
  };
  return Object.assign(defaults, view);
}

export interface ViewSubmissionInput {
  user: PayloadUser;
  view: ViewPayloadInput;
  triggerId: string;
  teamId: string;
  apiAppId: string;
  responseUrls?: Json[];
  teamDomain?: string;
  token?: string;
}

export function viewSubmissionPayload(input: ViewSubmissionInput): string {
  return formPayload({
    type: 'view_submission',
    team: { id: input.teamId, domain: input.teamDomain ?? TEAM_DOMAIN },
    ...envelope('view_submission', input.user, input.teamId, input.apiAppId, input.token),
    trigger_id: input.triggerId,
    view: fullView(input.view, input.teamId, input.apiAppId),
    response_urls: input.responseUrls ?? [],
    is_enterprise_install: false,
    enterprise: null,
  });
}

export interface ViewClosedInput {
  user: PayloadUser;
  view: ViewPayloadInput;
  teamId: string;
  apiAppId: string;
  isCleared?: boolean;
  teamDomain?: string;
  token?: string;
}

/** view_closed carries no trigger_id (Slack sends it only for views opened with notify_on_close). */
export function viewClosedPayload(input: ViewClosedInput): string {
  return formPayload({
    type: 'view_closed',
    team: { id: input.teamId, domain: input.teamDomain ?? TEAM_DOMAIN },
    ...envelope('view_closed', input.user, input.teamId, input.apiAppId, input.token),
    view: fullView(input.view, input.teamId, input.apiAppId),
    is_cleared: input.isCleared ?? false,
    is_enterprise_install: false,
    enterprise: null,
  });
}

/** Who an Events API delivery is for and when it happened: the `event_callback` around every event. */
export interface EventEnvelopeInput {
  teamId: string;
  apiAppId: string;
  eventId: string;
  /** Milliseconds since the epoch. */
  eventTime: number;
  token?: string;
}

/** An Events API `event_callback` carrying `event`, as Slack POSTs it (JSON, not form-encoded). */
export function eventCallbackBody(event: Json, input: EventEnvelopeInput): string {
  return JSON.stringify({
    token: input.token ?? VERIFICATION_TOKEN,
    team_id: input.teamId,
    context_team_id: input.teamId,
    context_enterprise_id: null,
    api_app_id: input.apiAppId,
    event,
    type: 'event_callback',
    event_id: input.eventId,
    event_time: Math.floor(input.eventTime / 1000),
    authorizations: [
      {
        enterprise_id: null,
        team_id: input.teamId,
        user_id: 'U0SIMBOT',
        is_bot: true,
        is_enterprise_install: false,
      },
    ],
    is_ext_shared_channel: false,
  });
}

export interface AppHomeOpenedInput extends EventEnvelopeInput {
  userId: string;
  /** The bot's DM channel with the user: Slack names it even for the Home tab. */
  channelId: string;
  tab: 'home' | 'messages';
  /** The Home view as the user sees it; Slack includes it once a view has been published. */
  view?: Json | undefined;
}

/** `app_home_opened`: the person opened the app's Home or Messages tab. */
export function appHomeOpenedBody(input: AppHomeOpenedInput): string {
  const event: Json = {
    type: 'app_home_opened',
    user: input.userId,
    channel: input.channelId,
    tab: input.tab,
    event_ts: slackTs(input.eventTime),
  };
  if (input.view !== undefined) event.view = input.view;
  return eventCallbackBody(event, input);
}
