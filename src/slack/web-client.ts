// Slack's Web API client as every part of opsbot receives it (Bolt hands one to each listener), and
// how app.ts configures it: how long a call may take and how failures are retried.
import type { AllMiddlewareArgs, webApi } from '@slack/bolt';

export type WebClient = AllMiddlewareArgs['client'];

type Fetch = typeof globalThis.fetch;

/** Slack lets a trigger_id open a view for 3 s; the rest is left for the call itself. */
export const TRIGGER_WINDOW_MS = 2_500;

/** How long one Web API call may take before the client gives up on it. */
export const SLACK_CALL_TIMEOUT_MS = 15_000;

/**
 * The client's defaults retry a failing call ten times over about thirty minutes and never time
 * out, which would hold a listener (and a graceful shutdown) for that long. A few quick retries ride
 * out a blip; a 429 still waits for its Retry-After before the next attempt, except on a call that
 * carries a trigger_id (triggerWindowFetch).
 */
export function webClientOptions(
  apiUrl: string | undefined,
  fetch: Fetch = globalThis.fetch,
  timeoutMs = SLACK_CALL_TIMEOUT_MS,
) {
  return {
    retryConfig: { retries: 3, factor: 2, minTimeout: 500, maxTimeout: 5_000, randomize: true },
    timeout: timeoutMs,
    fetch: triggerWindowFetch(postedOnceFetch(fetch)),
    ...(apiUrl === undefined ? {} : { slackApiUrl: apiUrl }),
  } satisfies webApi.WebClientOptions;
}

/**
 * A call that carries a trigger_id (views.open, views.push) is worth retrying after a 429 only while
 * its trigger lives: a later attempt can only be refused. Such a 429 is waited out inside the
 * window, and past it answered as Slack would answer the late attempt (`expired_trigger_id`), so the
 * client does not retry it and the person is asked to act again.
 */
export function triggerWindowFetch(
  fetch: Fetch,
  windowMs = TRIGGER_WINDOW_MS,
  sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
): Fetch {
  return async (input, init) => {
    if (!carriesTrigger(init?.body)) return fetch(input, init);
    const deadline = Date.now() + windowMs;
    for (;;) {
      const response = await fetch(input, init);
      if (response.status !== 429) return response;
      const waitMs = Number(response.headers.get('retry-after')) * 1_000;
      if (!(Date.now() + waitMs < deadline)) return Response.json({ ok: false, error: 'expired_trigger_id' });
      await sleep(waitMs);
    }
  };
}

/** The client sends a body without binary content url-encoded, as a string. */
function carriesTrigger(body: unknown): boolean {
  return typeof body === 'string' && /(^|&)trigger_id=/.test(body);
}

/**
 * The methods that put something in a channel. A second attempt after a timeout or a 5xx may post a
 * second message (Slack may have taken the first and failed only to answer), so their unknown
 * outcome is never retried by the client: it is answered as `post_outcome_unknown`, and the shared
 * posting path (slack/post-once.ts) looks in the channel before trying again. chat.update is not
 * among them: the same update sent twice shows the same message.
 */
const POSTING_METHODS = new Set(['chat.postMessage', 'chat.postEphemeral', 'files.completeUploadExternal']);

/** The error code of a post whose outcome Slack did not tell (see POSTING_METHODS). */
export const POST_OUTCOME_UNKNOWN = 'post_outcome_unknown';

/** Connection errors raised before a byte of the request left: the post was surely not taken. */
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT']);

export function postedOnceFetch(fetch: Fetch): Fetch {
  return async (input, init) => {
    if (!POSTING_METHODS.has(methodOf(input))) return fetch(input, init);
    const unknown = () => Response.json({ ok: false, error: POST_OUTCOME_UNKNOWN });
    try {
      const response = await fetch(input, init);
      if (response.status < 500) return response;
      await response.body?.cancel();
      return unknown();
    } catch (err) {
      if (NOT_SENT.has(causeCode(err))) throw err;
      return unknown();
    }
  };
}

function methodOf(input: Parameters<Fetch>[0]): string {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return url.slice(url.lastIndexOf('/') + 1).split('?')[0] ?? '';
}

function causeCode(err: unknown): string {
  const cause = (err as { cause?: { code?: unknown } } | undefined)?.cause;
  return typeof cause?.code === 'string' ? cause.code : '';
}
