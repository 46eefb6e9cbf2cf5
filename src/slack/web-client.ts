// Slack's Web API client as every part of opsbot receives it (Bolt hands one to each listener), and
// how app.ts configures it: how long a call may take and how failures are retried.
import type { AllMiddlewareArgs, webApi } from '@slack/bolt';

export type WebClient = AllMiddlewareArgs['client'];

type Fetch = typeof globalThis.fetch;

/** Slack lets a trigger_id open a view for 3 s; the rest is left for the call itself. */
export const TRIGGER_WINDOW_MS = 2_500;

/**
 * The client's defaults retry a failing call ten times over about thirty minutes and never time
 * out, which would hold a listener (and a graceful shutdown) for that long. A few quick retries ride
 * out a blip; a 429 still waits for its Retry-After before the next attempt, except on a call that
 * carries a trigger_id (triggerWindowFetch).
 */
export function webClientOptions(apiUrl: string | undefined, fetch: Fetch = globalThis.fetch) {
  return {
    retryConfig: { retries: 3, factor: 2, minTimeout: 500, maxTimeout: 5_000, randomize: true },
    timeout: 15_000,
    fetch: triggerWindowFetch(fetch),
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
