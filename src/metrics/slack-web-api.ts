// Every HTTP request the Slack Web API clients make goes through the `fetch` Bolt passes to each
// WebClient it builds (clientOptions.fetch), and Bolt's own response_url posts too. Wrapping it sees
// each attempt, retries included, so a 429 the client then rode out still shows as `ratelimited`.
import { type Metrics, secondsSince } from './registry.ts';

type Fetch = typeof globalThis.fetch;

/** A Web API method name as it appears in the URL, e.g. chat.postMessage; anything else is 'other'. */
const METHOD = /\/api\/([a-zA-Z]+(?:\.[a-zA-Z]+){1,3})$/;

export function instrumentedFetch(metrics: Metrics, base: Fetch = globalThis.fetch): Fetch {
  return async (input, init) => {
    const method = methodOf(input);
    const started = performance.now();
    try {
      const response = await base(input, init);
      const outcome = await outcomeOf(response);
      metrics.slackApiSeconds.observe({ method }, secondsSince(started));
      metrics.slackApiCalls.inc({ method, outcome });
      return response;
    } catch (error) {
      metrics.slackApiSeconds.observe({ method }, secondsSince(started));
      metrics.slackApiCalls.inc({ method, outcome: 'error' });
      throw error;
    }
  };
}

function methodOf(input: Parameters<Fetch>[0]): string {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return 'other';
  }
  const name = METHOD.exec(path)?.[1];
  return name !== undefined && name.length <= 64 ? name : 'other';
}

/** The Web API answers errors with HTTP 200 and `ok: false`; the body is read from a copy. */
async function outcomeOf(response: Response): Promise<'ok' | 'ratelimited' | 'error'> {
  if (response.status === 429) return 'ratelimited';
  if (!response.ok) return 'error';
  if (!(response.headers.get('content-type') ?? '').includes('json')) return 'ok';
  try {
    const body = (await response.clone().json()) as { ok?: unknown; error?: unknown };
    if (body.ok === false) return body.error === 'ratelimited' ? 'ratelimited' : 'error';
    return 'ok';
  } catch {
    return 'error';
  }
}
