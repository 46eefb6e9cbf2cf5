// Every metric opsbot exposes, on one registry per app instance (tests run several in one process).
// Names follow Prometheus' conventions: `opsbot_` prefix, base units, `_total` counters, `_seconds`
// histograms. Labels are bounded by construction: kinds, outcomes, operation and method names from
// opsbot's own code — never a user, channel or index ID, never free text, never a secret.
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** Slack resends after 3 s; the buckets resolve the region around that limit. */
const ACK_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 3, 5];
const CALL_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Decisions and incidents take minutes to days. */
const SLOW_BUCKETS = [60, 300, 900, 1800, 3600, 4 * 3600, 12 * 3600, 86_400, 3 * 86_400, 7 * 86_400];
const RENDER_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

export function createMetrics() {
  const registry = new Registry();
  // CPU, resident set, heap, event-loop lag, GC: prom-client's standard names, without a prefix.
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  // /metrics lists the families in the order they are registered here.
  return {
    registry,
    ...slackMetrics(registers),
    ...managementApiMetrics(registers),
    ...searchRequestMetrics(registers),
    ...watchMetrics(registers),
    ...digestMetrics(registers),
    ...cardMetrics(registers),
    ...policyMetrics(registers),
    ...storeMetrics(registers),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** Requests Slack delivers to opsbot, and opsbot's requests to the Slack Web API. */
function slackMetrics(registers: Registry[]) {
  return {
    slackRequests: new Counter({
      name: 'opsbot_slack_requests_total',
      help: 'Requests Slack delivered, by kind (command, action, view_submission, view_closed, options, event, shortcut, other) and outcome (ok: a listener acknowledged; unhandled: none did, opsbot acknowledged empty; error: processing failed).',
      labelNames: ['kind', 'outcome'] as const,
      registers,
    }),
    slackAckSeconds: new Histogram({
      name: 'opsbot_slack_ack_seconds',
      help: 'Time from a verified Slack request reaching the app to its acknowledgement. Slack counts a delivery as failed after 3 s.',
      labelNames: ['kind'] as const,
      buckets: ACK_BUCKETS,
      registers,
    }),
    slackApiCalls: new Counter({
      name: 'opsbot_slack_api_calls_total',
      help: 'HTTP requests to the Slack Web API (each retry counted), by method and outcome (ok, ratelimited: HTTP 429, error: any other failure).',
      labelNames: ['method', 'outcome'] as const,
      registers,
    }),
    slackApiSeconds: new Histogram({
      name: 'opsbot_slack_api_call_seconds',
      help: 'Duration of one HTTP request to the Slack Web API, by method.',
      labelNames: ['method'] as const,
      buckets: CALL_BUCKETS,
      registers,
    }),
  };
}

/** Calls to the management API, and how its answers drift from the spec. */
function managementApiMetrics(registers: Registry[]) {
  return {
    mgmtCalls: new Counter({
      name: 'opsbot_mgmt_api_calls_total',
      help: "Management API calls (retries included in one call), by operation and outcome: ok, or the client's error kind (auth, not_found, rate_limited, unavailable, timeout, invalid_response, rejected, unexpected).",
      labelNames: ['operation', 'outcome'] as const,
      registers,
    }),
    mgmtSeconds: new Histogram({
      name: 'opsbot_mgmt_api_call_seconds',
      help: 'Duration of one management API call, retries and waits included, by operation.',
      labelNames: ['operation'] as const,
      buckets: CALL_BUCKETS,
      registers,
    }),
    mgmtDrift: new Counter({
      name: 'opsbot_mgmt_api_drift_total',
      help: "Fields of the management API's answers that drifted from the spec, by record and kind of drift (missing, unexpected_type, unknown_enum_value, unknown_field).",
      labelNames: ['record', 'drift'] as const,
      registers,
    }),
  };
}

/** Search index requests: the states they enter, and how long a decision takes. */
function searchRequestMetrics(registers: Registry[]) {
  return {
    searchRequests: new Counter({
      name: 'opsbot_search_requests_total',
      help: 'Search index requests entering a state (pending when filed; approved, creating, created, failed, rejected, expired).',
      labelNames: ['state'] as const,
      registers,
    }),
    searchDecisionSeconds: new Histogram({
      name: 'opsbot_search_request_decision_seconds',
      help: 'Time from a search index request being filed to its approval or rejection.',
      labelNames: ['decision'] as const,
      buckets: SLOW_BUCKETS,
      registers,
    }),
  };
}

/** Threshold watches: their states, the checks that run them, their fires and recoveries. */
function watchMetrics(registers: Registry[]) {
  return {
    watches: new Gauge({
      name: 'opsbot_watches',
      help: 'Threshold watches by state (ok, firing, snoozed, muted, no_data), read from the store at scrape time; every replica reports the same numbers.',
      labelNames: ['state'] as const,
      registers,
    }),
    watchChecks: new Counter({
      name: 'opsbot_watch_checks_total',
      help: 'Watch checks saved, by the state they left the watch in (ok, firing, no_data: the statistics could not be read).',
      labelNames: ['state'] as const,
      registers,
    }),
    watchFires: new Counter({
      name: 'opsbot_watch_fires_total',
      help: 'Watches that started firing.',
      registers,
    }),
    watchResolves: new Counter({
      name: 'opsbot_watch_resolves_total',
      help: 'Firing watches that recovered.',
      registers,
    }),
    watchResolveSeconds: new Histogram({
      name: 'opsbot_watch_resolve_seconds',
      help: 'Time from an incident starting (its first breach) to its recovery.',
      buckets: SLOW_BUCKETS,
      registers,
    }),
  };
}

/** Daily digest runs. */
function digestMetrics(registers: Registry[]) {
  return {
    digests: new Counter({
      name: 'opsbot_digests_total',
      help: 'Digest runs finished, by outcome (posted, skipped, failed).',
      labelNames: ['outcome'] as const,
      registers,
    }),
    digestTakeovers: new Counter({
      name: 'opsbot_digest_takeovers_total',
      help: 'Digest runs claimed again after another claim (a replica that died mid-run, whose lease ran out).',
      registers,
    }),
  };
}

/** PNG cards drawn on the render thread. */
function cardMetrics(registers: Registry[]) {
  return {
    cardsRendered: new Counter({
      name: 'opsbot_cards_rendered_total',
      help: 'PNG cards rendered, by kind (stats, watch) and outcome (ok, error).',
      labelNames: ['kind', 'outcome'] as const,
      registers,
    }),
    cardRenderSeconds: new Histogram({
      name: 'opsbot_card_render_seconds',
      help: 'Time to render one PNG card on the render thread, queueing included, by kind.',
      labelNames: ['kind'] as const,
      buckets: RENDER_BUCKETS,
      registers,
    }),
  };
}

/** Actions the guardrails policy refused. */
function policyMetrics(registers: Registry[]) {
  return {
    policyRefusals: new Counter({
      name: 'opsbot_policy_refusals_total',
      help: 'Actions the guardrails policy refused, by the capability they needed.',
      labelNames: ['capability'] as const,
      registers,
    }),
    mcpToolCalls: new Counter({
      name: 'opsbot_mcp_tool_calls_total',
      help: 'MCP tool calls by agents, by tool and outcome (ok, refused, rate_limited, failed).',
      labelNames: ['tool', 'outcome'] as const,
      registers,
    }),
  };
}

/** Store calls that failed. */
function storeMetrics(registers: Registry[]) {
  return {
    storeFailures: new Counter({
      name: 'opsbot_store_failures_total',
      help: 'Store calls that failed, by operation (the Store method).',
      labelNames: ['operation'] as const,
      registers,
    }),
  };
}

/** Seconds since `startMs` by the monotonic clock. */
export function secondsSince(startMs: number): number {
  return (performance.now() - startMs) / 1000;
}
