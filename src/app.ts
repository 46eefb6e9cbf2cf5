// Composition root: builds the Bolt App over a receiver, registers each feature, and serves HTTP.
// Receivers do transport only; everything a user sees is decided in the features.
import type { Server } from 'node:http';
import { App, HTTPReceiver, SocketModeReceiver, webApi } from '@slack/bolt';
import { type TrackedClient, trackApiHealth } from './api/health.ts';
import { sharedStatsReads, statsAdmission } from './api/shared-reads.ts';
import { ChangeFeed } from './changes.ts';
import { errField } from './errors.ts';
import type { AppDeps, FeatureContext, Lifecycle } from './feature-context.ts';
import * as digests from './features/digests/index.ts';
import * as home from './features/home/index.ts';
import * as indexNames from './features/index-names/index.ts';
import * as mcp from './features/mcp/index.ts';
import * as messagingAccounts from './features/messaging-accounts/index.ts';
import * as searchRequests from './features/search-requests/index.ts';
import * as vectorStats from './features/vector-stats/index.ts';
import * as watches from './features/watches/index.ts';
import * as workflowSteps from './features/workflow-steps/index.ts';
import { closeServer, createOpsbotServer, listen, MAX_REQUEST_BODY_BYTES } from './http-server.ts';
import { boltLogger } from './log.ts';
import { metricsKit } from './metrics/index.ts'; // metrics
import { Readiness } from './readiness.ts';
import { memoryBudget, type SlackBudget } from './slack/budget.ts';
import { connectToSlack, probeManagementApi, socketClientOptions } from './slack/connect.ts';
import { installGuard } from './slack/guard.ts';
import { type Guardrails, installGuardrails } from './slack/guardrails.ts';
import { createPacer, DEFAULT_PACING } from './slack/pacer.ts';
import { helpScope, helpStandings, registerPolicyCommand } from './slack/policy-help.ts';
import { createPostOnce } from './slack/post-once.ts';
import { CommandRouter, registerCommandRouter } from './slack/router.ts';
import { userTimeZones } from './slack/user-time-zone.ts';
import { webClientOptions } from './slack/web-client.ts';
import { observedStore } from './store/observed-store.ts';
import { APP_VERSION } from './version.ts';
import { WorkTracker } from './work-tracker.ts';

export { MAX_REQUEST_BODY_BYTES } from './http-server.ts';

/** Each feature's service: what other features, the demo and tests may use of it. */
type FeatureServices = ReturnType<typeof registerFeatures>;

export type Opsbot = {
  app: App;
  router: CommandRouter;
  work: WorkTracker;
  features: FeatureServices;
  /** The management API probe start() began (it does not hold start-up up); for tests and tools. */
  startupChecks(): Promise<void>;
  /** Starts serving; resolves with the port actually bound (PORT=0 picks a free one). */
  start(port?: number): Promise<{ port: number }>;
  /** Stops taking requests, waits for in-flight work (bounded), closes the server. */
  stop(graceMs?: number): Promise<void>;
  /** Where GET /metrics answers once started; undefined when METRICS_PORT is unset. */
  metricsPort(): number | undefined; // metrics
};

type Receiver = HTTPReceiver | SocketModeReceiver;
type Hook = () => void | Promise<void>;
/** What the steps of createOpsbot build and hand to the next. */
type Parts = {
  app: App;
  receiver: Receiver;
  router: CommandRouter;
  readiness: Readiness;
  metrics: ReturnType<typeof metricsKit>;
  /** Slack's allowance per method, shared by every replica on one database, and what to say when it can't be read. */
  budget: { shared: SlackBudget; onTrouble: (error: unknown) => void };
  work: WorkTracker;
  guardrails: Guardrails;
  hooks: Record<'check' | 'start' | 'stop', Hook[]>;
};

export function createOpsbot(deps: AppDeps): Opsbot {
  const work = new WorkTracker();
  const readiness = new Readiness();
  const metrics = metricsKit({ port: deps.config.metricsPort, clock: deps.clock, logger: deps.logger }); // metrics
  // How far the API's answers drifted from the spec: an operator learns it before users do.
  readiness.extras.set('drift', () => deps.mgmt.drift());
  const receiver = createReceiver(deps);
  const router = new CommandRouter();
  const budget = { shared: deps.store.slackBudget ?? memoryBudget(), onTrouble: budgetTrouble(deps) };
  const { app, guardrails } = createApp(deps, receiver, { router, work, metrics, budget });
  const parts: Parts = {
    ...{ app, receiver, router, readiness, metrics, budget, work, guardrails },
    hooks: { check: [], start: [], stop: [] },
  };
  const { context, api } = sharedContext(deps, parts);
  const features = registerFeatures(context, api, metrics);
  registerPolicyCommand(router, guardrails.gate);
  // Help's examples name an index the workspace knows (index-names), not one it may not have.
  router.useExampleIndex(features.indexNames.exampleIndex);
  registerCommandRouter(app, router, {
    logger: deps.logger,
    scopeHelp: helpScope(guardrails.gate),
    explainHere: helpStandings(guardrails.gate),
  });
  return {
    app,
    router,
    work,
    features,
    metricsPort: () => metrics.port(),
    ...lifecycleOf(deps, parts, api, features.mcp.handle),
  }; // metrics
}

/** HTTP (Events API over a signed endpoint) or Socket Mode when an app-level token is configured. */
function createReceiver({ config, logger }: AppDeps): Receiver {
  if (config.slack.appToken === undefined)
    return new HTTPReceiver({
      signingSecret: config.slack.signingSecret as string,
      endpoints: '/slack/events',
      logger: boltLogger(logger),
      bodyLimit: MAX_REQUEST_BODY_BYTES,
    });
  return new SocketModeReceiver({
    appToken: config.slack.appToken,
    logger: boltLogger(logger),
    // The socket's own Web API client (apps.connections.open) must reach the same Slack host as
    // every other call: GovSlack, a proxy, or the simulator.
    installerOptions: { clientOptions: socketClientOptions(config.slack.apiUrl) },
  });
}

/** The Bolt app with what every payload passes through: metrics, the guard, the work tracker, the guardrails. */
function createApp(
  { config, logger, clock, slackTimeoutMs }: AppDeps,
  receiver: Receiver,
  parts: Pick<Parts, 'router' | 'work' | 'metrics' | 'budget'>,
): Pick<Parts, 'app' | 'guardrails'> {
  const { router, work, metrics } = parts;
  const app = new App({
    token: config.slack.botToken,
    receiver,
    logger: boltLogger(logger),
    // Bolt's default conversation store is a middleware that looks every request up in a map and
    // builds an Error for each miss (~7% of the CPU of acking a command); opsbot never reads it.
    convoStore: false,
    deferInitialization: true, // app.init() once Slack answers (slack/connect.ts)
    clientOptions: slackClientOptions(config, parts, slackTimeoutMs),
  });
  // Inside the guard's wrapper, so a listener's ack is told apart from the guard's fallback ack.
  metrics.observeRequests(app); // metrics
  // Every listener runs inside this middleware, so shutdown can wait for work acked but unfinished;
  // the guard's answer to a failed listener too, so it comes first.
  app.use(({ next }) => work.run(next));
  // Every payload is acknowledged, and every failure answers whoever acted (slack/guard.ts).
  installGuard(app, {
    logger,
    describeCommand: (command, text) => router.describe(command, text),
    onFailure: (body) => metrics.listenerFailed(body), // metrics
  });
  // Our workspace and people only, then who may do what, where: before any listener runs.
  const guardrails = installGuardrails(app, {
    ...{ config, logger, clock, router },
    membershipClient: clientOfItsOwn(
      { config, logger, ...(slackTimeoutMs === undefined ? {} : { slackTimeoutMs }) },
      parts,
    ),
    onRefusal: (capability) => metrics.policyRefused(capability), // metrics
  });
  // Only what happens outside the listeners reaches here (the guard answers for theirs).
  app.error(async (error) => {
    logger.error({ event: 'listener_error', err: errField(error) }, 'unhandled listener error');
  });
  return { app, guardrails };
}

function slackClientOptions(
  config: AppDeps['config'],
  { metrics, budget }: Pick<Parts, 'metrics' | 'budget'>,
  callTimeoutMs?: number,
) {
  return webClientOptions(config.slack.apiUrl, {
    budget: budget.shared,
    onTrouble: budget.onTrouble,
    callTimeoutMs,
    fetch: metrics.slackClientOptions<{ fetch?: typeof fetch }>({}).fetch, // metrics
  });
}

/** Once a minute at most: a database that is away would otherwise log with every call to Slack. */
function budgetTrouble({ logger, clock }: Pick<AppDeps, 'logger' | 'clock'>) {
  let lastAt = Number.NEGATIVE_INFINITY;
  return (error: unknown) => {
    if (clock() - lastAt < 60_000) return;
    lastAt = clock();
    logger.warn(
      { event: 'slack_budget_unavailable', err: errField(error) },
      "Slack's shared rate budget could not be read; calls go without it until it can",
    );
  };
}

/** FeatureContext.slackClientOfItsOwn: for Home's publishes and the guardrails' membership reads. */
function clientOfItsOwn(
  { config, logger, slackTimeoutMs }: Pick<AppDeps, 'config' | 'logger' | 'slackTimeoutMs'>,
  parts: Pick<Parts, 'metrics' | 'budget'>,
) {
  return new webApi.WebClient(config.slack.botToken, {
    ...slackClientOptions(config, parts, slackTimeoutMs),
    logger: boltLogger(logger),
  });
}

/** What every feature's register() receives (feature-context.ts). */
function sharedContext(deps: AppDeps, parts: Parts): { context: FeatureContext; api: TrackedClient } {
  const { app, router, work, metrics, hooks } = parts;
  const lifecycle: Lifecycle = {
    checkBeforeListening: (hook) => hooks.check.push(hook),
    onStart: (hook) => hooks.start.push(hook),
    onStop: (hook) => hooks.stop.push(hook),
  };
  const changes = new ChangeFeed();
  // Features see the API through the health tracker and the store through the change feed, so the
  // Home tab knows how the API answers and what changed without any feature telling it.
  const api = trackApiHealth(metrics.mgmt(deps.mgmt), deps.clock, () => changes.emit({ kind: 'health' }));
  const pacer = createPacer(DEFAULT_PACING);
  const context: FeatureContext = {
    ...deps,
    uses: undefined,
    pacer,
    postOnce: createPostOnce({ client: app.client, pacer, clock: deps.clock, logger: deps.logger }),
    userTimeZone: userTimeZones(deps.clock),
    slackClientOfItsOwn: () => clientOfItsOwn(deps, parts),
    commandName: () => router.commandName,
    mgmt: api.client,
    store: observedStore(metrics.store(deps.store), changes), // metrics: metrics.store()
    app,
    router,
    work,
    lifecycle,
    policy: parts.guardrails.gate,
    changes,
    // Rebuilt over the remembering reader in registerFeatures.
    scheduledStats: sharedStatsReads(api.client),
    statsWork: statsAdmission(deps.statsAdmission),
  };
  return { context, api };
}

/** start(): probes first, then Slack, then the background jobs; stop(): the same, backwards. */
function lifecycleOf(
  deps: AppDeps,
  parts: Parts,
  api: TrackedClient,
  mcpHandler: mcp.McpService['handle'],
): Pick<Opsbot, 'start' | 'stop' | 'startupChecks'> {
  const { config, logger } = deps;
  const { app, receiver, readiness, metrics, work, hooks, guardrails } = parts;
  let server: Server | undefined;
  let startupProbe: Promise<void> = Promise.resolve();
  let stopping = false;
  return {
    startupChecks: () => startupProbe,
    async start(port = config.port) {
      // The probes answer from here on, whatever happens with Slack.
      server = createOpsbotServer({
        receiver: receiver instanceof HTTPReceiver ? receiver : undefined,
        readiness,
        store: deps.store,
        logger,
        mcp: mcpHandler,
      });
      const actual = await listen(server, port);
      await metrics.start(() => readiness.details(deps.store)); // metrics
      logger.info(
        { event: 'probes_listening', port: actual },
        '/healthz and /readyz answer; connecting to Slack',
      );
      await connectToSlack({
        app,
        receiver,
        config,
        logger,
        readiness,
        onWorkspace: (ids) => guardrails.learnedWorkspace(ids),
        ...(deps.retry ? { retry: deps.retry } : {}),
      });
      // A policy or APPROVER_GROUP naming a user group Slack doesn't know stops here, with the one line.
      await guardrails.checkAtStart();
      // The channel directory is read now, not by the first command: a read of thousands of
      // channels takes longer than a decision may wait for it (at most ANSWER_WITHIN_MS here too).
      await guardrails.gate.membership.canPost(config.approvals.channelId).catch(() => undefined);
      for (const check of hooks.check) await check();
      const mode = receiver instanceof SocketModeReceiver ? 'socket' : 'http';
      logger.info({ event: 'listening', port: actual, mode }, 'opsbot is listening');
      // A SIGTERM may come while start-up still runs: nothing starts once stopping has begun.
      if (!stopping)
        startupProbe = work
          .run(() => probeManagementApi(api.client, readiness, logger))
          .catch(() => undefined);
      for (const hook of hooks.start) if (!stopping) await hook();
      return { port: actual };
    },
    async stop(graceMs = 8_000) {
      stopping = true;
      // Stop starting new background work first; what is already running is drained below.
      for (const hook of hooks.stop) {
        try {
          await hook();
        } catch (error) {
          logger.error({ event: 'stop_hook_failed', err: errField(error) }, 'a stop hook failed');
        }
      }
      const closing = server === undefined ? Promise.resolve() : closeServer(server);
      const finished = await work.drain(graceMs);
      if (!finished)
        logger.warn({ event: 'shutdown_incomplete', inFlight: work.size }, 'stopped with work in flight');
      server?.closeAllConnections();
      await closing;
      await metrics.stop(); // metrics
      if (receiver instanceof SocketModeReceiver && readiness.slack !== 'connecting to Slack')
        await app.stop();
    },
  };
}

/**
 * Features register their listeners and subcommands here, in help-card order; each returns its service,
 * and a feature that builds on others gets their services in `uses`.
 */
function registerFeatures(base: FeatureContext, api: TrackedClient, metrics: Parts['metrics']) {
  // First, so every feature that takes an index gets its service; every successful stats read, whoever
  // makes it (a command, a watch, a digest, Home), goes through its reader and is remembered.
  const indexNamesService = indexNames.register(base);
  const mgmt = indexNamesService.rememberingReads(base.mgmt);
  const context: FeatureContext = { ...base, mgmt, scheduledStats: sharedStatsReads(mgmt) };
  const searchRequestsService = searchRequests.register(context);
  const messagingAccountsService = messagingAccounts.register(context);
  const vectorStatsService = vectorStats.register({ ...context, uses: { indexNames: indexNamesService } });
  const digestsService = digests.register({
    ...context,
    uses: { indexNames: indexNamesService, messagingAccounts: messagingAccountsService },
  });
  const watchesService = watches.register({
    ...context,
    uses: { vectorStats: vectorStatsService, indexNames: indexNamesService },
  });
  const workflowStepsService = workflowSteps.register({
    ...context,
    uses: {
      searchRequests: searchRequestsService,
      vectorStats: vectorStatsService,
      messagingAccounts: messagingAccountsService,
    },
  });
  const mcpService = mcp.register({
    ...context,
    uses: {
      vectorStats: vectorStatsService,
      messagingAccounts: messagingAccountsService,
      indexNames: indexNamesService,
      searchRequests: searchRequestsService,
      watches: watchesService,
      onToolCall: (tool, outcome) => metrics.mcpToolCalled(tool, outcome), // metrics
    },
  });
  home.register({
    ...context,
    uses: {
      searchRequests: searchRequestsService,
      vectorStats: vectorStatsService,
      watches: watchesService,
      digests: digestsService,
      indexNames: indexNamesService,
      apiHealth: api.snapshot,
      version: APP_VERSION,
      mcpTokens: mcpService.tokens,
    },
  });
  return {
    searchRequests: searchRequestsService,
    digests: digestsService,
    watches: watchesService,
    indexNames: indexNamesService,
    workflowSteps: workflowStepsService,
    mcp: mcpService,
  };
}
