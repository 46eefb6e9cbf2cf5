// The one HTTP server opsbot runs. It answers /healthz and /readyz from the moment it listens, in
// both modes, and in HTTP mode hands everything else to Bolt's receiver (POST /slack/events).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { HTTPReceiver } from '@slack/bolt';
import type { Logger } from './log.ts';
import type { Readiness, ReadinessReport } from './readiness.ts';
import { timestampRejection } from './slack/timestamp-window.ts';
import type { Store } from './store/index.ts';

/** Slack requests are small; anything bigger is refused before it is parsed. */
export const MAX_REQUEST_BODY_BYTES = 256 * 1024;

/**
 * What one process spends on requests, whoever sends them. Slack sends a few KiB and expects an
 * answer within 3 s, so a request still arriving after seconds is not Slack's; Node's own limits
 * (60 s for headers, 5 minutes for a request, connections unbounded) let slow senders hold memory
 * outside the V8 heap cap until a container limit kills the process.
 */
export const HTTP_BUDGETS = {
  /** A request's headers must have arrived within this (Node: 60 s). */
  headersTimeoutMs: 5_000,
  /** A whole request, body included, within this; then 408 and the connection closed (Node: 5 min). */
  requestTimeoutMs: 10_000,
  /** How often Node enforces the two timeouts above (Node: every 30 s). */
  timeoutCheckMs: 1_000,
  /** Connections open at once; past it Node closes new ones as they arrive (Node: unbounded). */
  maxConnections: 512,
  /**
   * Body bytes being read at once over every request (a request counts what it declares, or the
   * body limit when it declares nothing): past it, 503 with Retry-After before the body is read.
   */
  bodyBytesInFlight: 8 * 1024 * 1024,
} as const;

type ServerDeps = {
  /** Absent in Socket Mode: Slack's requests come over the socket, so only the probes are served. */
  receiver: HTTPReceiver | undefined;
  readiness: Readiness;
  store: Store;
  logger: Logger;
  /** POST /mcp (src/features/mcp) when MCP=on, in both modes; undefined: /mcp is not found. */
  mcp?: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
};

export function createOpsbotServer(deps: ServerDeps): Server {
  const bodies = bodyBudget(HTTP_BUDGETS.bodyBytesInFlight);
  const server = createServer(
    {
      headersTimeout: HTTP_BUDGETS.headersTimeoutMs,
      requestTimeout: HTTP_BUDGETS.requestTimeoutMs,
      connectionsCheckingInterval: HTTP_BUDGETS.timeoutCheckMs,
    },
    (req, res) => {
      const path = req.url?.split('?')[0];
      if (req.method === 'GET' && path === '/healthz') return serveHealth(res);
      if (req.method === 'GET' && path === '/readyz') return void serveReadiness(deps, res);
      if (path === '/mcp') return deps.mcp === undefined ? notFound(res) : deps.mcp(req, res);
      if (deps.receiver === undefined) return notFound(res);
      // Bolt authorises nothing until Slack has answered auth.test (start-up's retries): a request
      // that arrives before then gets 503, which Slack retries, rather than a failed listener.
      if (deps.readiness.slack === 'connecting to Slack') return notReadyYet(res, deps.logger);
      serveSlack(deps.receiver, req, res, deps.logger, bodies);
    },
  );
  server.maxConnections = HTTP_BUDGETS.maxConnections;
  return server;
}

type BodyBudget = {
  /** Reserves what the request's body may take; false when that is past the budget. */
  reserve(req: IncomingMessage, res: ServerResponse): boolean;
};

/** The bytes of bodies being read at once: reserved as a request arrives, given back once it is read. */
function bodyBudget(limit: number): BodyBudget {
  let reserved = 0;
  return {
    reserve(req, res) {
      const declared = Number(req.headers['content-length']);
      const bytes = Number.isFinite(declared) ? declared : MAX_REQUEST_BODY_BYTES;
      if (reserved + bytes > limit) return false;
      reserved += bytes;
      let given = false;
      const giveBack = () => {
        if (given) return;
        given = true;
        reserved -= bytes;
      };
      // Read to the end (Bolt holds a parsed body from then on), or the answer went or the peer left.
      req.once('end', giveBack);
      res.once('close', giveBack);
      return true;
    },
  };
}

export function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, () => {
      const address = server.address();
      resolve(typeof address === 'object' && address !== null ? address.port : port);
    });
  });
}

export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    // Idle keep-alive sockets would hold close() open; in-flight requests keep theirs.
    server.closeIdleConnections();
  });
}

function notReadyYet(res: ServerResponse, logger: Logger): void {
  logger.info({ event: 'request_before_ready' }, 'a Slack request arrived before Slack answered; 503');
  res.writeHead(503, { 'retry-after': '1', connection: 'close' });
  res.end();
}

function serveSlack(
  receiver: HTTPReceiver,
  req: IncomingMessage,
  res: ServerResponse,
  logger: Logger,
  bodies: BodyBudget,
): void {
  const rejection = rejectionBeforeReading(req) ?? rejectionPastBudget(req, res, bodies);
  if (rejection !== undefined) {
    logger.warn({ event: 'request_refused', ...rejection.log }, 'request refused before reading its body');
    // Bolt's own answers to these (401, 413) carry no body either; the unread body ends the connection.
    res.writeHead(rejection.status, {
      connection: 'close',
      ...(rejection.status === 503 ? { 'retry-after': '1' } : {}),
    });
    res.end();
    return;
  }
  try {
    receiver.requestListener(req, res);
  } catch {
    // Bolt throws for paths it does not serve; answer plainly instead of hanging up.
    logger.debug({ event: 'http_not_found', method: req.method, path: req.url?.split('?')[0] }, 'not found');
    notFound(res);
  }
}

/**
 * What can be refused from the headers alone. Bolt enforces the body limit only while reading (a
 * client declaring gigabytes is read up to the limit), and lets far-future timestamps through.
 */
function rejectionBeforeReading(
  req: IncomingMessage,
): { status: number; log: Record<string, unknown> } | undefined {
  if (req.method !== 'POST') return undefined;
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > MAX_REQUEST_BODY_BYTES) {
    return { status: 413, log: { reason: 'body_too_large', declaredBytes: declared } };
  }
  const stamp = timestampRejection(req.headers, Date.now());
  return stamp === undefined ? undefined : { status: 401, log: stamp };
}

/** 503 (Slack retries it) when the bodies being read at once already take the budget. */
function rejectionPastBudget(
  req: IncomingMessage,
  res: ServerResponse,
  bodies: BodyBudget,
): { status: number; log: Record<string, unknown> } | undefined {
  if (req.method !== 'POST' || bodies.reserve(req, res)) return undefined;
  return { status: 503, log: { reason: 'bodies_in_flight', budgetBytes: HTTP_BUDGETS.bodyBytesInFlight } };
}

function serveHealth(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ ok: true }));
}

/** A load balancer stops routing here while this says 503. */
async function serveReadiness(deps: ServerDeps, res: ServerResponse): Promise<void> {
  sendReadiness(res, await deps.readiness.publicReport(deps.store, deps.logger));
}

export function sendReadiness(res: ServerResponse, report: ReadinessReport): void {
  res.writeHead(report.status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(report.body));
}

function notFound(res: ServerResponse): void {
  res.writeHead(404, { 'content-type': 'text/plain' });
  res.end('not found\n');
}
