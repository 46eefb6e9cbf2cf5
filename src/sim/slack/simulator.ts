import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { dmFor } from './api-support.ts';
import { createChannelsControl, seedChannels } from './channels.ts';
import { createFaultBook } from './faults.ts';
import { createFunctionsControl } from './function-executions.ts';
import { escapeCommandText } from './mentions.ts';
import { receiveOptionsAnswer } from './options-answer.ts';
import { createRateLimiter } from './rate-limits.ts';
import { issueResponseUrl } from './response-urls.ts';
import { createHandler } from './server.ts';
import { createSocketModeHub, type SocketModeHub } from './socket-mode.ts';
import { createState, nextId, nextTs, resetState, type SimContext } from './state.ts';
import { issueTrigger } from './triggers.ts';
import type { SimCall, SimView, SlackSimulator, SlackSimulatorOptions } from './types.ts';
import { createUserGroupsControl } from './user-groups.ts';
import { applyViewAck } from './view-acks.ts';

/** The app-level token the simulator accepts unless told another: obviously fake. */
export const SIM_APP_TOKEN = 'xapp-1-A0SIM-0000-fake-app-token';

function describe(call: SimCall): string {
  const outcome = call.ok ? 'ok' : `${call.error ?? 'failed'} (HTTP ${call.status})`;
  return `  ${call.method} -> ${outcome} ${JSON.stringify(call.args).slice(0, 160)}`;
}

function checkOptions(options: SlackSimulatorOptions): void {
  for (const [user, { tz }] of Object.entries(options.users ?? {})) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: tz });
    } catch {
      throw new Error(`simulator user ${user} has an unknown time zone: ${tz}`);
    }
  }
}

/** Starts the Slack Web API simulator on 127.0.0.1 (ephemeral port unless `port` is given). */
export async function startSlackSimulator(options: SlackSimulatorOptions): Promise<SlackSimulator> {
  checkOptions(options);
  const clock = options.clock ?? Date.now;
  const state = createState();
  const ctx: SimContext = {
    state,
    opts: {
      botToken: options.botToken,
      appToken: options.appToken ?? SIM_APP_TOKEN,
      botUserId: options.botUserId ?? 'U0SIMBOT',
      botId: 'B0SIMBOT',
      teamId: options.teamId ?? 'T0TEST',
      appId: 'A0TEST',
      users: options.users,
      channels: options.channels,
      rateLimits: options.rateLimits ?? false,
    },
    baseUrl: '',
    now: clock,
    nextTs: () => nextTs(state, clock()),
    nextId: (prefix) => nextId(state, prefix),
  };
  const userGroups = createUserGroupsControl(ctx);
  const seedUserGroups = () => {
    for (const [id, group] of Object.entries(options.userGroups ?? {})) userGroups.set(id, group);
  };
  seedUserGroups();
  seedChannels(ctx);
  const faults = createFaultBook();
  const limiter = createRateLimiter(options.rateLimitOverrides);
  let socket: SocketModeHub | undefined;
  const handler = createHandler({ ctx, faults, limiter, openSocketUrl: () => socket?.openUrl() ?? '' });
  const server = createServer((req, res) => {
    handler(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ok: false, error: 'internal_error', detail: String(error) }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  ctx.baseUrl = `http://127.0.0.1:${port}`;
  socket = createSocketModeHub(server, () => `ws://127.0.0.1:${port}`, ctx.opts.appId);
  const hub = socket;

  return {
    apiUrl: `${ctx.baseUrl}/api/`,
    baseUrl: ctx.baseUrl,
    port,
    get calls() {
      return state.calls;
    },
    get responses() {
      return state.responses;
    },
    get views() {
      return state.views;
    },
    get files() {
      return [...state.files.values()];
    },
    socket: hub,
    get rateLimitedCount() {
      return state.rateLimitedCount;
    },
    callsTo: (method) => state.calls.filter((c) => c.method === method),
    // Snapshots, so a test holding a message sees it as it was when read, like a Slack client would.
    messagesIn: (channel) => structuredClone(state.messages.get(channel) ?? []),
    ephemeralsFor: (user) => structuredClone(state.ephemerals.filter((e) => e.user === user)),
    viewById: (id) => structuredClone(state.liveViews.get(id)),
    userName: (user) => options.users?.[user]?.name,
    dmWith: (user) => dmFor(ctx, user),
    userTeam: (user) => options.users?.[user]?.teamId,
    homeOf: (user) => {
      const id = state.views.findLast((v) => v.via === 'views.publish' && v.user === user)?.view.id;
      return id === undefined ? undefined : structuredClone(state.liveViews.get(id));
    },
    openViews: (user) =>
      structuredClone(
        (state.stacks.get(user) ?? []).map((id) => state.liveViews.get(id)).filter((v): v is SimView => !!v),
      ),
    newTriggerId: (user) => issueTrigger(ctx, user),
    newResponseUrl: (context) => issueResponseUrl(ctx, context),
    applyViewAck: (user, viewId, ack) => applyViewAck(ctx, user, viewId, ack),
    fail: (method, fault, { times = 1 } = {}) => faults.add(method, fault, times),
    deactivate: (user) => state.deactivated.add(user),
    failUploadedFileBlocks: (times) => {
      state.slackFileFailures = times;
    },
    clearFaults: () => faults.clear(),
    // Generous: a wait ends as soon as the call is there, and a busy machine must not fail a test.
    async waitFor(predicate, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = state.calls.find(predicate);
        if (found) return found;
        if (Date.now() >= deadline) {
          const recent = state.calls.slice(-10).map(describe).join('\n') || '  (no calls at all)';
          throw new Error(
            `Slack simulator: no matching call within ${timeoutMs} ms. Recent calls:\n${recent}`,
          );
        }
        await sleep(10);
      }
    },
    userGroups,
    functions: createFunctionsControl(ctx),
    channels: createChannelsControl(ctx),
    get suggestions() {
      return state.suggestions;
    },
    receiveOptionsAnswer: (request, response) => receiveOptionsAnswer(ctx, request, response),
    escapeCommandText: (text) => escapeCommandText(ctx, text),
    reset: () => {
      resetState(state);
      faults.clear();
      limiter.reset();
      seedUserGroups();
      seedChannels(ctx);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        hub.close();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
