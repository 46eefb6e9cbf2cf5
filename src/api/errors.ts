import { waitSpelledOut } from '../text/spans.ts';

const MANAGEMENT_API_ERROR_KINDS = [
  'auth',
  'not_found',
  'rate_limited',
  'unavailable',
  'timeout',
  'invalid_response',
  'rejected',
] as const;

export type ManagementApiErrorKind = (typeof MANAGEMENT_API_ERROR_KINDS)[number];

/** Names of the client's operations; `describeApiError` words its sentences by them. */
export type ManagementOperation = 'createSearchIndex' | 'listMessagingAccounts' | 'getVectorIndexStats';

interface ManagementApiErrorInit {
  kind: ManagementApiErrorKind;
  operation: ManagementOperation | (string & {});
  message: string;
  status?: number | undefined;
  apiMessage?: string | undefined;
  retryAfterMs?: number | undefined;
  outcomeUnknown?: boolean | undefined;
  attempts?: number | undefined;
  /** Transport error code such as ECONNRESET, for the log. */
  code?: string | undefined;
  cause?: unknown;
}

/**
 * The only error the management client throws. Its message and fields are safe to log: they never
 * carry a credential, a response body beyond a short sanitized `apiMessage`, or a record value.
 */
export class ManagementApiError extends Error {
  override readonly name = 'ManagementApiError';
  readonly kind: ManagementApiErrorKind;
  readonly operation: string;
  readonly status: number | undefined;
  /** The API's own error text, cut short and scrubbed of credentials. */
  readonly apiMessage: string | undefined;
  readonly retryAfterMs: number | undefined;
  /**
   * True when a request that changes something (the create POST) may have reached the server and
   * we cannot tell whether it took effect. Retrying it blindly could create a second index.
   */
  readonly outcomeUnknown: boolean;
  readonly attempts: number | undefined;
  readonly code: string | undefined;

  constructor(init: ManagementApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.operation = init.operation;
    this.status = init.status;
    this.apiMessage = init.apiMessage;
    this.retryAfterMs = init.retryAfterMs;
    this.outcomeUnknown = init.outcomeUnknown ?? false;
    this.attempts = init.attempts;
    this.code = init.code;
  }
}

export function isManagementApiError(err: unknown): err is ManagementApiError {
  return err instanceof ManagementApiError;
}

export function kindForStatus(status: number): ManagementApiErrorKind {
  if (status === 401 || status === 403) return 'auth';
  if (status === 404) return 'not_found';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'unavailable';
  if (status >= 400) return 'rejected';
  // 1xx/3xx: nothing the spec describes, and undici does not follow redirects for us.
  return 'invalid_response';
}

const API_MESSAGE_MAX = 200;
// Long opaque runs with a digit in them (tokens, keys, base64 blobs) are hidden even when we don't
// know them; UUIDs and long snake_case field names stay, they are what makes a message useful.
const OPAQUE_RUN = /[A-Za-z0-9+/_=-]{32,}/g;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const AUTH_SCHEME = /\b(Basic|Bearer)\s+\S+/gi;
// `"token": "…"`, `password=…`: a body that echoes a record puts its secrets right after the name.
const SECRET_PAIR = /((?:token|password|secret|api_?key)["']?\s*[:=]\s*["']?)[^\s"',;&}]+/gi;

/**
 * The API's error text as one short line without credentials: each known secret, any
 * `Basic …`/`Bearer …` value and any long opaque run becomes `[redacted]`.
 */
export function sanitizeApiMessage(text: string, secrets: readonly string[] = []): string {
  let out = text;
  // Longest first, so a secret that contains another is removed whole.
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) {
    if (secret.length >= 4) out = out.split(secret).join('[redacted]');
  }
  out = out
    .replace(AUTH_SCHEME, '$1 [redacted]')
    .replace(SECRET_PAIR, '$1[redacted]')
    .replace(OPAQUE_RUN, (run) => (UUID.test(run) || !/\d/.test(run) ? run : '[redacted]'))
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we remove
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (out.length > API_MESSAGE_MAX) out = `${out.slice(0, API_MESSAGE_MAX - 1).trimEnd()}…`;
  return out;
}

/**
 * Error bodies come as `{"error": "..."}`, `{"message": "..."}` or plain text; take the first
 * present. Returns the raw text — sanitize before storing it anywhere.
 */
export function extractApiMessage(body: string): string | undefined {
  const text = body.trim();
  if (text === '') return undefined;
  if (text.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed !== null && typeof parsed === 'object') {
        for (const key of ['error', 'message'] as const) {
          const value = (parsed as Record<string, unknown>)[key];
          if (typeof value === 'string' && value.trim() !== '') return value;
          // Some APIs nest it: {"error": {"message": "..."}}.
          if (value !== null && typeof value === 'object') {
            const nested = (value as Record<string, unknown>).message;
            if (typeof nested === 'string' && nested.trim() !== '') return nested;
          }
        }
        return undefined;
      }
    } catch {
      // Not JSON after all: fall through to plain text.
    }
  }
  // An HTML error page from a proxy says nothing useful to a user.
  if (/^<(!doctype|html)/i.test(text)) return undefined;
  return text;
}

function subject(operation: string): string {
  switch (operation) {
    case 'createSearchIndex':
      return 'the search index';
    case 'listMessagingAccounts':
      return 'the messaging accounts';
    case 'getVectorIndexStats':
      return 'the vector index statistics';
    default:
      return 'that';
  }
}

/** A read's failure as a clause for a sentence opsbot writes on its own, without advice to try again. */
const READ_FAILED: Partial<Record<ManagementApiErrorKind, string>> = {
  auth: 'the management API refused opsbot’s credentials',
  timeout: 'the management API didn’t answer in time',
  rate_limited: 'the management API is rate-limiting opsbot',
  invalid_response: 'the management API answered in a form opsbot doesn’t understand',
};

/** Why a read of `indexId` failed, for a message nobody asked for (a watch's "no data"). */
export function whyReadFailed(err: unknown, indexId: string): string {
  if (!(err instanceof ManagementApiError)) return 'opsbot couldn’t read the statistics';
  if (err.kind === 'not_found') return `the management API has no vector index ${indexId} (404)`;
  return READ_FAILED[err.kind] ?? 'the management API couldn’t be reached';
}

/**
 * One or two plain sentences for a Slack user: what went wrong and what to do. Never contains a
 * secret; may contain the API's sanitized message (escape it for mrkdwn where it is shown).
 */
export function describeApiError(err: unknown): string {
  if (!(err instanceof ManagementApiError)) {
    return 'Something went wrong while talking to the management API; the details are in the log.';
  }
  const creating = err.operation === 'createSearchIndex';
  const unknownOutcome = creating && err.outcomeUnknown;
  const checkFirst = ' Check the console to see whether the index exists before trying again.';
  switch (err.kind) {
    case 'auth':
      return 'The management API rejected opsbot’s credentials — check MGMT_API_USERNAME / MGMT_API_PASSWORD.';
    case 'not_found':
      return err.operation === 'getVectorIndexStats'
        ? 'The management API has no vector index with that ID — check the ID and try again.'
        : `The management API answered “not found” (404) for ${subject(err.operation)} — check that MGMT_API_URL points at the management API, without /v2.`;
    case 'rate_limited':
      return err.retryAfterMs === undefined
        ? 'The management API is rate-limiting opsbot; try again in a minute.'
        : `The management API is rate-limiting opsbot; try again in ${waitSpelledOut(err.retryAfterMs)}.`;
    case 'unavailable':
      return unknownOutcome
        ? `The management API failed while creating the search index, so it may or may not exist.${checkFirst}`
        : 'The management API is unavailable right now; try again in a minute.';
    case 'timeout':
      return unknownOutcome
        ? `The management API didn’t answer in time, so opsbot can’t tell whether the index was created.${checkFirst}`
        : 'The management API didn’t answer in time; try again in a minute.';
    case 'invalid_response':
      return unknownOutcome
        ? `The management API answered in a form opsbot doesn’t understand, so the index may exist without opsbot knowing its details.${checkFirst}`
        : 'The management API answered in a form opsbot doesn’t understand; the details are in the log.';
    case 'rejected':
      return err.apiMessage
        ? `The management API refused the request: ${err.apiMessage}`
        : `The management API refused the request (HTTP ${err.status ?? 'error'}).`;
  }
}
