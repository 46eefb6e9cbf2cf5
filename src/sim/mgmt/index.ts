import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isStatsPeriod, STATS_PERIODS } from '../../api/schemas.ts';
import { defaultMessagingAccounts, type SimMessagingAccount, secretValuesOf } from './accounts.ts';
import { type FaultRule, reshape, type SimFault, type SimRoute, takeFault } from './faults.ts';
import { makeSearchIndexRecord, searchIndexToWire, validateCreateBody } from './search.ts';
import { DEFAULT_VECTOR_INDEXES, makeVectorIndexStats, type SimVectorIndex } from './stats.ts';
import type { WireSearchIndex } from './wire.ts';

export {
  ACCOUNT_PRESETS,
  type AccountPresetName,
  defaultMessagingAccounts,
  makeMessagingAccount,
  makeMessagingAccounts,
  type SimMessagingAccount,
  secretValuesOf,
} from './accounts.ts';
export { HUGE_ARRAY_LENGTH, type SimFault, type SimRoute, type SimShape } from './faults.ts';
export {
  DEFAULT_VECTOR_INDEXES,
  formatApiTimestamp,
  makeVectorIndexStats,
  type SimIncident,
  type SimVectorIndex,
  seriesLayout,
} from './stats.ts';

export interface ManagementApiSimulatorOptions {
  username: string;
  password: string;
  /** Served by `GET /v2/messaging/users`; default one account of each preset. */
  accounts?: SimMessagingAccount[];
  /** Vector index ids the stats route knows; default `DEFAULT_VECTOR_INDEXES`. */
  indexes?: Record<string, SimVectorIndex>;
  now?: () => number;
  seed?: number;
}

export interface SimRequestRecord {
  method: string;
  path: string;
  route: SimRoute | null;
  authorized: boolean;
}

type Reply = { status: number; json: unknown; headers?: Record<string, string> };

const MAX_REQUEST_BODY = 1024 * 1024;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_REQUEST_BODY) chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  if (res.destroyed || res.headersSent) return;
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    ...headers,
  });
  res.end(body);
}

function matchRoute(
  method: string,
  pathname: string,
): { route: SimRoute; id?: string } | 'bad-method' | null {
  const stats = /^\/v2\/vector\/index\/([^/]+)\/stats$/.exec(pathname);
  const route: SimRoute | null =
    pathname === '/v2/search'
      ? 'create'
      : pathname === '/v2/messaging/users'
        ? 'accounts'
        : stats
          ? 'stats'
          : null;
  if (route === null) return null;
  if (method !== (route === 'create' ? 'POST' : 'GET')) return 'bad-method';
  return stats?.[1] === undefined ? { route } : { route, id: decodeURIComponent(stats[1]) };
}

/** A local stand-in for the management API: spec-shaped answers, recorded calls, injectable faults. */
export class ManagementApiSimulator {
  /** Base URL without `/v2`, as `MGMT_API_URL` expects it. */
  url = '';
  accounts: SimMessagingAccount[];
  indexes: Record<string, SimVectorIndex>;
  /** Parsed body of every `POST /v2/search` received, faulted or not (undefined when not JSON). */
  readonly createCalls: unknown[] = [];
  /** Index records the simulator actually created, as it sent them. */
  readonly created: WireSearchIndex[] = [];
  readonly statsCalls: Array<{ id: string; period: string | null }> = [];
  readonly requests: SimRequestRecord[] = [];

  readonly #server: Server;
  readonly #options: ManagementApiSimulatorOptions;
  readonly #initialAccounts: SimMessagingAccount[];
  readonly #expectedAuth: string;
  readonly #now: () => number;
  readonly #rules: FaultRule[] = [];
  readonly #timers = new Set<NodeJS.Timeout>();
  readonly #handedOut = new Set<string>();

  constructor(options: ManagementApiSimulatorOptions) {
    this.#options = options;
    this.#initialAccounts = options.accounts ?? defaultMessagingAccounts();
    this.accounts = [...this.#initialAccounts];
    this.indexes = { ...(options.indexes ?? DEFAULT_VECTOR_INDEXES) };
    this.#expectedAuth = `Basic ${Buffer.from(`${options.username}:${options.password}`).toString('base64')}`;
    this.#now = options.now ?? Date.now;
    this.#server = createServer((req, res) => {
      this.#handle(req, res).catch(() => send(res, 500, JSON.stringify({ error: 'internal error' })));
    });
  }

  async listen(): Promise<this> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    const { port } = this.#server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${port}`;
    return this;
  }

  /** Make the next `times` requests to `route` (default: all, until `reset()`) fail this way. */
  fail(route: SimRoute | '*', fault: SimFault, options: { times?: number } = {}): void {
    this.#rules.push({ route, fault, remaining: options.times ?? Number.POSITIVE_INFINITY });
  }

  /** Forget faults and recorded calls; serve the initial accounts and indexes again. */
  reset(): void {
    this.#rules.length = 0;
    this.createCalls.length = 0;
    this.created.length = 0;
    this.statsCalls.length = 0;
    this.requests.length = 0;
    this.accounts = [...this.#initialAccounts];
    this.indexes = { ...(this.#options.indexes ?? DEFAULT_VECTOR_INDEXES) };
  }

  /** Every secret this simulator knows or handed out, its own API password included. */
  secretsHandedOut(): string[] {
    return [...new Set([this.#options.password, ...this.#handedOut, ...secretValuesOf(this.accounts)])];
  }

  async close(): Promise<void> {
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
    // Hung requests would otherwise keep close() waiting forever.
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  #delay(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#timers.delete(timer);
        resolve();
      }, ms);
      this.#timers.add(timer);
    });
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://sim.local');
    const method = req.method ?? 'GET';
    const authorized = req.headers.authorization === this.#expectedAuth;
    const match = matchRoute(method, url.pathname);
    const route = typeof match === 'object' && match !== null ? match.route : null;
    this.requests.push({ method, path: url.pathname + url.search, route, authorized });
    if (match === null) return send(res, 404, JSON.stringify({ error: 'not found' }));
    if (match === 'bad-method') return send(res, 405, JSON.stringify({ error: 'method not allowed' }));

    let body: unknown;
    if (match.route === 'create') {
      const text = await readBody(req);
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
      this.createCalls.push(body);
    } else {
      req.resume();
    }
    if (match.route === 'stats')
      this.statsCalls.push({ id: match.id ?? '', period: url.searchParams.get('period') });

    const fault = takeFault(this.#rules, match.route);
    if (fault && 'hang' in fault) return;
    if (fault && 'resetConnection' in fault) {
      req.socket.resetAndDestroy();
      return;
    }
    if (fault && 'latencyMs' in fault) await this.#delay(fault.latencyMs);
    if (fault && 'status' in fault) {
      const text = fault.body ?? JSON.stringify({ error: statusText(fault.status) });
      return send(
        res,
        fault.status,
        text,
        fault.retryAfter === undefined ? {} : { 'retry-after': fault.retryAfter },
      );
    }

    const reply: Reply = authorized
      ? this.#answer(match.route, match.id, body, url.searchParams.get('period'))
      : {
          status: 401,
          json: { error: 'unauthorized' },
          headers: { 'www-authenticate': 'Basic realm="management"' },
        };
    let json = reply.json;
    if (reply.status === 200 && fault && 'shape' in fault)
      json = reshape(match.route, fault.shape, json, this.#now());
    let text = JSON.stringify(json);
    if (reply.status === 200) {
      for (const secret of secretValuesOf(json)) this.#handedOut.add(secret);
      if (fault && 'malformedJson' in fault) text = malform(text, secretValuesOf(json));
    }
    send(res, reply.status, text, reply.headers);
  }

  #answer(route: SimRoute, id: string | undefined, body: unknown, period: string | null): Reply {
    if (route === 'accounts') return { status: 200, json: this.accounts };
    if (route === 'create') {
      const input = validateCreateBody(body);
      if (!input.ok) return { status: 400, json: { error: input.error } };
      const record = makeSearchIndexRecord(input, this.#options.username, this.#now());
      this.created.push(record);
      return { status: 200, json: searchIndexToWire(record) };
    }
    const chosen = period ?? '1h';
    if (!isStatsPeriod(chosen)) {
      return { status: 400, json: { error: `period must be one of ${STATS_PERIODS.join(', ')}` } };
    }
    const index = id === undefined ? undefined : this.indexes[id];
    if (id === undefined || index === undefined) return { status: 404, json: { error: 'index not found' } };
    return {
      status: 200,
      json: makeVectorIndexStats(id, chosen, this.#now(), this.#options.seed ?? 1, index),
    };
  }
}

/**
 * Break the body where it hurts most: a secret left unquoted, so the parser's error message
 * ("Unexpected token … "password":fake-msg-pas…") quotes part of it. Without a secret, cut it in half.
 */
function malform(text: string, secrets: string[]): string {
  const [secret] = secrets;
  const at = secret === undefined ? -1 : text.indexOf(`"${secret}"`);
  return at === -1 ? text.slice(0, Math.floor(text.length / 2)) : text.slice(0, at) + text.slice(at + 1);
}

function statusText(status: number): string {
  const texts: Record<number, string> = {
    400: 'bad request',
    401: 'unauthorized',
    403: 'forbidden',
    404: 'not found',
    429: 'too many requests',
    500: 'internal server error',
    502: 'bad gateway',
    503: 'service unavailable',
    504: 'gateway timeout',
  };
  return texts[status] ?? 'error';
}

export async function startManagementApiSimulator(
  options: ManagementApiSimulatorOptions,
): Promise<ManagementApiSimulator> {
  return new ManagementApiSimulator(options).listen();
}
