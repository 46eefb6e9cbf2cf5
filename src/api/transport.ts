import type { Agent } from 'undici';
import { doublingDelay } from '../retry-delay.ts';
import {
  extractApiMessage,
  ManagementApiError,
  type ManagementOperation,
  sanitizeApiMessage,
} from './errors.ts';
import { type AttemptFailure, invalidFailure, statusFailure, transportFailure } from './failure.ts';
import type { ReadResult } from './records.ts';

/** Pino-compatible: a pino Logger can be passed as is. */
export interface ManagementClientLogger {
  debug(obj: Record<string, unknown>, msg?: string): void;
  info(obj: Record<string, unknown>, msg?: string): void;
  warn(obj: Record<string, unknown>, msg?: string): void;
  error(obj: Record<string, unknown>, msg?: string): void;
}

export interface TransportSettings {
  agent: Agent;
  origin: string;
  basePath: string;
  authorization: string;
  /** Strings scrubbed from any API message we keep (password, encoded credentials). */
  secrets: readonly string[];
  timeoutMs: number;
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  maxResponseBytes: number;
  logger: ManagementClientLogger | undefined;
  sleep: (ms: number) => Promise<void>;
  random: () => number;
}

interface CallSpec<T> {
  operation: ManagementOperation;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  /** The tolerant reader of the answer (records.ts); a failure names the field and the problem. */
  read: (json: unknown) => ReadResult<T>;
  /** Only safe, repeatable reads are retried. The create POST costs money and hands out credentials. */
  retry: boolean;
}

type AttemptResult<T> = { ok: true; value: T; status: number } | { ok: false; failure: AttemptFailure };

const ERROR_BODY_MAX = 64 * 1024;

/** Retry-After is seconds or an HTTP date; anything else is ignored. */
export function parseRetryAfter(value: string | string[] | undefined, now: number): number | undefined {
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // Every HTTP-date form starts with a weekday; without this check Date.parse takes '-5' as a year.
  if (!/^[A-Za-z]{3}/.test(text)) return undefined;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

async function readCapped(body: AsyncIterable<Buffer> & { destroy(): void }, max: number) {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > max) {
      body.destroy();
      return { text: Buffer.concat(chunks).toString('utf8'), truncated: true };
    }
    chunks.push(chunk);
  }
  return { text: Buffer.concat(chunks).toString('utf8'), truncated: false };
}

async function attempt<T>(
  s: TransportSettings,
  spec: CallSpec<T>,
  budgetMs: number,
): Promise<AttemptResult<T>> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, budgetMs);
  try {
    const res = await s.agent.request({
      origin: s.origin,
      path: s.basePath + spec.path,
      method: spec.method,
      headers: {
        authorization: s.authorization,
        accept: 'application/json',
        'user-agent': 'opsbot-management-client',
        ...(spec.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: spec.body ?? null,
      signal: controller.signal,
      headersTimeout: budgetMs,
      bodyTimeout: budgetMs,
    });
    const status = res.statusCode;
    if (status < 200 || status >= 300) {
      const { text } = await readCapped(res.body, ERROR_BODY_MAX);
      const raw = extractApiMessage(text);
      const apiMessage = raw === undefined ? undefined : sanitizeApiMessage(raw, s.secrets);
      return {
        ok: false,
        failure: statusFailure(status, apiMessage, parseRetryAfter(res.headers['retry-after'], Date.now())),
      };
    }
    const { text, truncated } = await readCapped(res.body, s.maxResponseBytes);
    if (truncated) {
      return {
        ok: false,
        failure: invalidFailure(`the response is larger than ${s.maxResponseBytes} bytes`, status),
      };
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      // The SyntaxError quotes the body, and the body holds credentials: drop it.
      return { ok: false, failure: invalidFailure('the response body is not valid JSON', status) };
    }
    const read = spec.read(json);
    if (!read.ok) return { ok: false, failure: invalidFailure(`at ${read.field}: ${read.problem}`, status) };
    return { ok: true, value: read.value, status };
  } catch (err) {
    return { ok: false, failure: transportFailure(err, timedOut) };
  } finally {
    clearTimeout(timer);
  }
}

function backoff(s: TransportSettings, attemptNo: number): number {
  const ceiling = doublingDelay(s.baseDelayMs, s.maxDelayMs, attemptNo);
  // "Equal jitter": never less than half the step, so retries stay spread out but bounded.
  return Math.round(ceiling / 2 + s.random() * (ceiling / 2));
}

function toError(spec: CallSpec<unknown>, f: AttemptFailure, attempts: number): ManagementApiError {
  const outcomeUnknown = spec.method === 'POST' && f.mayHaveReachedServer;
  const suffix = f.apiMessage ? `: ${f.apiMessage}` : '';
  return new ManagementApiError({
    kind: f.kind,
    operation: spec.operation,
    message: `${spec.operation} failed: ${f.detail}${suffix}${outcomeUnknown ? ' (outcome unknown)' : ''}`,
    status: f.status,
    apiMessage: f.apiMessage,
    retryAfterMs: f.retryAfterMs,
    outcomeUnknown,
    attempts,
    code: f.code,
    // Only transport errors are kept as cause: they carry codes, never bodies.
    cause: f.kind === 'invalid_response' ? undefined : f.cause,
  });
}

export async function call<T>(s: TransportSettings, spec: CallSpec<T>): Promise<T> {
  const deadline = Date.now() + s.timeoutMs;
  const maxAttempts = spec.retry ? Math.max(1, s.attempts) : 1;
  for (let attemptNo = 1; ; attemptNo++) {
    const started = Date.now();
    const result = await attempt(s, spec, Math.max(1, deadline - started));
    const log = {
      operation: spec.operation,
      method: spec.method,
      path: spec.path,
      attempt: attemptNo,
      durationMs: Date.now() - started,
      status: result.ok ? result.status : (result.failure.status ?? null),
      ...(result.ok ? {} : { outcome: result.failure.kind, code: result.failure.code ?? null }),
    };
    s.logger?.debug(log, 'management API request');
    if (result.ok) return result.value;

    const f = result.failure;
    // The provider's API answers the odd transient 500: a read gets one quick second try (a create
    // never does: maxAttempts is 1 for it). A 500 that repeats is a real failure, told at once.
    const retryable = f.retryable || (f.status === 500 && attemptNo === 1);
    if (!retryable || attemptNo >= maxAttempts) throw toError(spec, f, attemptNo);
    // A server asking for minutes is better told to the user than slept through.
    if (f.retryAfterMs !== undefined && f.retryAfterMs > s.maxDelayMs) throw toError(spec, f, attemptNo);
    const delay = f.retryAfterMs ?? backoff(s, attemptNo);
    if (Date.now() + delay >= deadline) throw toError(spec, f, attemptNo);
    s.logger?.debug(
      { operation: spec.operation, attempt: attemptNo, delayMs: delay },
      'retrying management API request',
    );
    await s.sleep(delay);
  }
}
