import type { SimFunctionCompletion, SimFunctionExecution } from './function-types.ts';
import type {
  RecordedView,
  ResponseUrlContext,
  SimCall,
  SimEphemeral,
  SimFile,
  SimMessage,
  SimResponse,
  SimSuggestion,
  SimUserGroup,
  SimView,
  SlackSimulatorOptions,
} from './types.ts';

export interface TriggerState {
  issuedAt: number;
  used: boolean;
  user?: string;
}

export interface ResponseUrlState {
  issuedAt: number;
  uses: number;
  context: ResponseUrlContext;
}

export interface SimState {
  calls: SimCall[];
  /** People an admin deactivated: users.info says `deleted: true`. */
  deactivated: Set<string>;
  messages: Map<string, SimMessage[]>;
  ephemerals: SimEphemeral[];
  views: RecordedView[];
  liveViews: Map<string, SimView>;
  /** user -> modal stack (view ids, root first). */
  stacks: Map<string, string[]>;
  files: Map<string, SimFile>;
  /** upload URL token -> file id. */
  uploads: Map<string, string>;
  triggers: Map<string, TriggerState>;
  /** response_url path -> state. */
  responseUrls: Map<string, ResponseUrlState>;
  responses: SimResponse[];
  /** user -> D… channel id. */
  dms: Map<string, string>;
  rateLimitedCount: number;
  slackFileFailures: number;
  /** id -> user group (usergroups.*). */
  userGroups: Map<string, SimUserGroup>;
  /** channel -> members and archived flag, seeded from the options (channels.ts). */
  channels: Map<string, { members?: string[]; archived: boolean }>;
  /** False on a plan without user groups. */
  userGroupsAvailable: boolean;
  /** Options requests (block_suggestion) delivered, with what the app answered. */
  suggestions: SimSuggestion[];
  /** Runs of the app's workflow steps, by function_execution_id, and the completions Slack accepted. */
  functionExecutions: Map<string, SimFunctionExecution>;
  functionCompletions: SimFunctionCompletion[];
  lastTsMicros: number;
  seq: number;
}

export interface ResolvedOptions {
  botToken: string;
  /** The app-level token Socket Mode connects with (apps.connections.open). */
  appToken: string;
  botUserId: string;
  botId: string;
  teamId: string;
  appId: string;
  users: SlackSimulatorOptions['users'];
  channels: SlackSimulatorOptions['channels'];
  rateLimits: boolean;
}

/** What every method handler gets. */
export interface SimContext {
  state: SimState;
  opts: ResolvedOptions;
  baseUrl: string;
  now(): number;
  nextTs(): string;
  nextId(prefix: string): string;
}

export function createState(): SimState {
  return {
    calls: [],
    deactivated: new Set(),
    messages: new Map(),
    ephemerals: [],
    views: [],
    liveViews: new Map(),
    stacks: new Map(),
    files: new Map(),
    uploads: new Map(),
    triggers: new Map(),
    responseUrls: new Map(),
    responses: [],
    dms: new Map(),
    rateLimitedCount: 0,
    slackFileFailures: 0,
    userGroups: new Map(),
    channels: new Map(),
    userGroupsAvailable: true,
    suggestions: [],
    functionExecutions: new Map(),
    functionCompletions: [],
    lastTsMicros: 0,
    seq: 0,
  };
}

export function resetState(state: SimState): void {
  Object.assign(state, createState());
}

/** Slack message timestamps: "<unix seconds>.<6 digits>", unique and increasing within the workspace. */
export function nextTs(state: SimState, nowMs: number): string {
  const micros = Math.max(Math.floor(nowMs) * 1000, state.lastTsMicros + 100);
  state.lastTsMicros = micros;
  return `${Math.floor(micros / 1e6)}.${String(micros % 1e6).padStart(6, '0')}`;
}

export function nextId(state: SimState, prefix: string): string {
  state.seq += 1;
  return `${prefix}${state.seq.toString(36).toUpperCase().padStart(8, '0')}`;
}
