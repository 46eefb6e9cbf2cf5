import { Agent } from 'undici';
import { DriftLog, type DriftSnapshot } from './drift.ts';
import {
  type MessagingAccountList,
  readMessagingAccountList,
  readSearchIndex,
  readVectorIndexStats,
  type SearchIndex,
  type VectorIndexStats,
} from './records.ts';
import {
  type CreateSearchIndexInput,
  DEFAULT_STATS_PERIOD,
  isStatsPeriod,
  type StatsPeriod,
} from './schemas.ts';
import { call, type ManagementClientLogger, type TransportSettings } from './transport.ts';

export type { ManagementClientLogger } from './transport.ts';

export interface ManagementClientOptions {
  /** Base URL of the API without `/v2`; the client appends `/v2/...`. */
  baseUrl: string;
  username: string;
  password: string;
  /** Time allowed to open a TCP/TLS connection. Default 5000. */
  connectTimeoutMs?: number;
  /** Time allowed for a whole call, retries and waits included. Default 15000. */
  timeoutMs?: number;
  retry?: {
    /** Total attempts for a GET, the first included. Default 3. The create POST always gets one. */
    attempts?: number;
    baseDelayMs?: number;
    /** Longest wait between attempts; a longer Retry-After ends the call instead. Default 5000. */
    maxDelayMs?: number;
  };
  /** Bodies larger than this are an invalid response. Default 32 MiB. */
  maxResponseBytes?: number;
  logger?: ManagementClientLogger;
  /** Injected in tests to observe and skip backoff waits. */
  sleep?: (ms: number) => Promise<void>;
  /** Jitter source in [0, 1); injected in tests. */
  random?: () => number;
}

export interface ManagementClient {
  /** `POST /v2/search`. Never retried: a repeat could create a second index. */
  createSearchIndex(input: CreateSearchIndexInput): Promise<SearchIndex>;
  /** `GET /v2/messaging/users`: the accounts that could be read, and how many could not. */
  listMessagingAccounts(): Promise<MessagingAccountList>;
  /** `GET /v2/vector/index/{id}/stats?period=`. */
  getVectorIndexStats(id: string, period?: StatsPeriod): Promise<VectorIndexStats>;
  /** How far the answers so far drifted from the spec, per record field (for /readyz). */
  drift(): DriftSnapshot;
  /** Lets in-flight calls finish, then releases pooled connections. */
  close(): Promise<void>;
}

// encodeURIComponent leaves '.' and '..' as they are, and those would walk up the path.
function encodePathSegment(segment: string): string {
  const encoded = encodeURIComponent(segment);
  return /^\.+$/.test(encoded) ? encoded.replaceAll('.', '%2E') : encoded;
}

export function createManagementClient(options: ManagementClientOptions): ManagementClient {
  const url = new URL(options.baseUrl);
  // Tolerate a configured trailing slash or `/v2`: both would otherwise double up in every path.
  const basePath = url.pathname.replace(/\/+$/, '').replace(/\/v2$/, '');
  const connectTimeoutMs = options.connectTimeoutMs ?? 5000;
  const timeoutMs = options.timeoutMs ?? 15000;
  const credentials = `${options.username}:${options.password}`;
  const encoded = Buffer.from(credentials, 'utf8').toString('base64');

  const agent = new Agent({
    connectTimeout: connectTimeoutMs,
    keepAliveTimeout: 10_000,
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });

  const settings: TransportSettings = {
    agent,
    origin: url.origin,
    basePath,
    authorization: `Basic ${encoded}`,
    secrets: [options.password, encoded, credentials],
    timeoutMs,
    attempts: options.retry?.attempts ?? 3,
    baseDelayMs: options.retry?.baseDelayMs ?? 250,
    maxDelayMs: options.retry?.maxDelayMs ?? 5000,
    maxResponseBytes: options.maxResponseBytes ?? 32 * 1024 * 1024,
    logger: options.logger,
    sleep: options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
    random: options.random ?? Math.random,
  };

  const drift = new DriftLog(options.logger);

  return {
    drift: () => drift.snapshot(),
    createSearchIndex(input) {
      return call(settings, {
        operation: 'createSearchIndex',
        method: 'POST',
        path: '/v2/search',
        body: JSON.stringify({ name: input.name, region: input.region, type: input.type }),
        read: (json) => readSearchIndex(json, drift),
        retry: false,
      });
    },
    listMessagingAccounts() {
      return call(settings, {
        operation: 'listMessagingAccounts',
        method: 'GET',
        path: '/v2/messaging/users',
        read: (json) => readMessagingAccountList(json, drift),
        retry: true,
      });
    },
    async getVectorIndexStats(id, period = DEFAULT_STATS_PERIOD) {
      if (id === '') throw new TypeError('getVectorIndexStats needs a vector index id');
      if (!isStatsPeriod(period)) throw new TypeError('getVectorIndexStats got an unknown period');
      return call(settings, {
        operation: 'getVectorIndexStats',
        method: 'GET',
        path: `/v2/vector/index/${encodePathSegment(id)}/stats?period=${period}`,
        read: (json) => readVectorIndexStats(json, drift),
        retry: true,
      });
    },
    async close() {
      await agent.close();
    },
  };
}
