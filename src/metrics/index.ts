// The composition root's one handle on metrics. With METRICS_PORT unset it is inert: every wrapper
// hands back what it was given, so an operator who does not scrape pays nothing on the ack path.
import type { Server } from 'node:http';
import type { App } from '@slack/bolt';
import type { ManagementClient } from '../api/client.ts';
import type { Clock } from '../clock.ts';
import { closeServer, listen } from '../http-server.ts';
import type { Logger } from '../log.ts';
import type { ReadinessReport } from '../readiness.ts';
import type { Store } from '../store/index.ts';
import { collectDrift, instrumentManagementClient } from './mgmt.ts';
import { createMetrics, type Metrics } from './registry.ts';
import { observeRenders } from './render.ts';
import { createMetricsServer } from './server.ts';
import { observeSlackRequests } from './slack-requests.ts';
import { instrumentedFetch } from './slack-web-api.ts';
import { instrumentStore } from './store.ts';
import { collectWatchStates } from './watch-states.ts';

type MetricsKit = {
  /** Bolt's clientOptions with the measuring fetch every WebClient (and response_url post) uses. */
  slackClientOptions<T extends object>(options: T): T;
  /** Counts and times each Slack request; call before any other processEvent wrapper is installed. */
  observeRequests(app: App): void;
  /** A listener failed on this payload (the guard answered); its request counts as `failed`. */
  listenerFailed(body: object): void;
  /** The policy refused an action needing `capability` (slack/policy-gate.ts). */
  policyRefused(capability: string): void;
  /** An MCP tool was called (src/features/mcp), by tool and outcome. */
  mcpToolCalled(tool: string, outcome: string): void;
  mgmt(client: ManagementClient): ManagementClient;
  store(store: Store): Store;
  /** Starts serving /metrics (and /readyz in full); resolves with the bound port (undefined when off). */
  start(readiness?: () => Promise<ReadinessReport>): Promise<number | undefined>;
  stop(): Promise<void>;
  /** The port /metrics is served on once started; undefined when off. */
  port(): number | undefined;
};

export function metricsKit(options: { port: number | undefined; clock: Clock; logger: Logger }): MetricsKit {
  if (options.port === undefined) return inertKit;
  const metrics: Metrics = createMetrics();
  const stopRenders = observeRenders(metrics);
  let server: Server | undefined;
  let bound: number | undefined;
  const failedPayloads = new WeakSet<object>();
  return {
    slackClientOptions: (clientOptions) => ({ ...clientOptions, fetch: instrumentedFetch(metrics) }),
    observeRequests: (app) => observeSlackRequests(app, metrics, failedPayloads),
    listenerFailed: (body) => failedPayloads.add(body),
    policyRefused: (capability) => metrics.policyRefusals.inc({ capability }),
    mcpToolCalled: (tool, outcome) => metrics.mcpToolCalls.inc({ tool, outcome }),
    mgmt(client) {
      collectDrift(client, metrics);
      return instrumentManagementClient(client, metrics);
    },
    store(store) {
      collectWatchStates(store, options.clock, metrics);
      return instrumentStore(store, metrics);
    },
    async start(readiness) {
      server = createMetricsServer(metrics.registry, options.logger, readiness);
      bound = await listen(server, options.port as number);
      options.logger.info({ event: 'metrics_listening', port: bound }, 'GET /metrics answers');
      return bound;
    },
    async stop() {
      stopRenders();
      if (server !== undefined) await closeServer(server);
      server?.closeAllConnections();
    },
    port: () => bound,
  };
}

const inertKit: MetricsKit = {
  slackClientOptions: (clientOptions) => clientOptions,
  observeRequests: () => undefined,
  listenerFailed: () => undefined,
  policyRefused: () => undefined,
  mcpToolCalled: () => undefined,
  mgmt: (client) => client,
  store: (store) => store,
  start: async () => undefined,
  stop: async () => undefined,
  port: () => undefined,
};
