import type { ManagementApiErrorKind } from './errors.ts';
import { kindForStatus } from './errors.ts';

/** What went wrong in one attempt, before we know whether it is final. */
export interface AttemptFailure {
  kind: ManagementApiErrorKind;
  /** Log-safe description: no values, no bodies. */
  detail: string;
  retryable: boolean;
  /** The request may have been received and acted on (matters for the create POST). */
  mayHaveReachedServer: boolean;
  status?: number;
  apiMessage?: string;
  retryAfterMs?: number;
  code?: string;
  cause?: unknown;
}

const RETRYABLE_STATUSES = new Set([429, 502, 503, 504]);

export function statusFailure(
  status: number,
  apiMessage: string | undefined,
  retryAfterMs: number | undefined,
): AttemptFailure {
  const failure: AttemptFailure = {
    kind: kindForStatus(status),
    detail: `the management API answered HTTP ${status}`,
    retryable: RETRYABLE_STATUSES.has(status),
    // A 4xx is a rejection; a 5xx may come from a gateway after the server already acted.
    mayHaveReachedServer: status >= 500 || status < 400,
    status,
  };
  if (apiMessage) failure.apiMessage = apiMessage;
  if (retryAfterMs !== undefined) failure.retryAfterMs = retryAfterMs;
  return failure;
}

function errorCode(err: unknown): string | undefined {
  if (err === null || typeof err !== 'object') return undefined;
  const e = err as { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string' && e.code !== 'UND_ERR_SOCKET') return e.code;
  // undici wraps system errors; happy-eyeballs connects yield an AggregateError.
  const inner = errorCode(e.cause) ?? (Array.isArray(e.errors) ? errorCode(e.errors[0]) : undefined);
  return inner ?? (typeof e.code === 'string' ? e.code : undefined);
}

const NEVER_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
const TRANSIENT = new Set([
  'ECONNREFUSED',
  'EAI_AGAIN',
  'ECONNRESET',
  'EPIPE',
  'UND_ERR_SOCKET',
  'ETIMEDOUT',
]);

export function transportFailure(err: unknown, timedOut: boolean): AttemptFailure {
  const code = errorCode(err);
  const name = err instanceof Error ? err.name : undefined;
  const base = { cause: err, ...(code === undefined ? {} : { code }) };
  if (
    timedOut ||
    name === 'TimeoutError' ||
    code === 'UND_ERR_HEADERS_TIMEOUT' ||
    code === 'UND_ERR_BODY_TIMEOUT'
  ) {
    // The whole budget is spent, so there is no time left to retry.
    return {
      ...base,
      kind: 'timeout',
      detail: 'the management API did not answer in time',
      retryable: false,
      mayHaveReachedServer: true,
    };
  }
  if (code === 'UND_ERR_CONNECT_TIMEOUT') {
    return {
      ...base,
      kind: 'timeout',
      detail: 'could not connect to the management API in time',
      retryable: true,
      mayHaveReachedServer: false,
    };
  }
  return {
    ...base,
    kind: 'unavailable',
    detail: `could not reach the management API (${code ?? name ?? 'network error'})`,
    retryable: code !== undefined && TRANSIENT.has(code),
    mayHaveReachedServer: code === undefined || !NEVER_CONNECTED.has(code),
  };
}

export function invalidFailure(detail: string, status: number): AttemptFailure {
  // A 200 means the server did the work even though we cannot read the answer.
  return { kind: 'invalid_response', detail, retryable: false, mayHaveReachedServer: true, status };
}
