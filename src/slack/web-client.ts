// Slack's Web API client as every part of opsbot receives it (Bolt hands one to each listener), and
// how app.ts configures it: how long a call may take and how failures are retried.
import type { AllMiddlewareArgs, webApi } from '@slack/bolt';
import { runningJob } from '../jobs.ts';
import {
  ALLOWANCES,
  type Allowance,
  backgroundShareOf,
  memoryBudget,
  PER_CHANNEL_POSTS,
  type SlackBudget,
} from './budget.ts';
import { abortableSleep } from './pacer.ts';

export type WebClient = AllMiddlewareArgs['client'];

type Fetch = typeof globalThis.fetch;

/** Slack lets a trigger_id open a view for 3 s; the rest is left for the call itself. */
export const TRIGGER_WINDOW_MS = 2_500;

/** How long one call to Slack may take once it is sent. */
const CALL_TIMEOUT_MS = 15_000;

/**
 * The client's defaults retry a failing call ten times over about thirty minutes and never time
 * out, which would hold a listener (and a graceful shutdown) for that long. A few quick retries ride
 * out a blip; 429s are waited out by the budget (budgetedFetch), for the call that met one alone.
 */
export function webClientOptions(
  apiUrl: string | undefined,
  {
    fetch = globalThis.fetch,
    budget = memoryBudget(),
    ...budgetOptions
  }: { fetch?: Fetch | undefined; budget?: SlackBudget } & Pick<
    BudgetOptions,
    'allowances' | 'onTrouble' | 'callTimeoutMs'
  > = {},
) {
  return {
    retryConfig: { retries: 3, factor: 2, minTimeout: 500, maxTimeout: 5_000, randomize: true },
    timeout: budgetOptions.callTimeoutMs ?? CALL_TIMEOUT_MS,
    fetch: postedOnceFetch(budgetedFetch(fetch, budget, budgetOptions)),
    ...(apiUrl === undefined ? {} : { slackApiUrl: apiUrl }),
  } satisfies webApi.WebClientOptions;
}

/** The client sends a body without binary content url-encoded, as a string. */
function carriesTrigger(body: unknown): boolean {
  return typeof body === 'string' && /(^|&)trigger_id=/.test(body);
}

type BudgetOptions = {
  /** What each method may spend (ALLOWANCES; a test's tiny tier). */
  allowances?: Readonly<Record<string, Allowance>>;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** 429s one call waits out before it is answered `ratelimited`. */
  holds?: number;
  /** The budget could not be read or written: the call went without it. */
  onTrouble?: (error: unknown) => void;
  /** How long a call may take once sent (CALL_TIMEOUT_MS); a test of a late answer shortens it. */
  callTimeoutMs?: number | undefined;
};

/**
 * Every call of a method in ALLOWANCES first takes its turn from the budget every replica shares,
 * and a 429 moves that method's schedule for all of them. The 429 is waited out here, for this call
 * alone: the client's own handling would pause its whole queue, so one method's limit would hold
 * every other call. The client's timeout is for Slack's answer, so it starts when the call is sent,
 * not while it waits its turn. A budget that cannot be read (the database away) lets calls through.
 *
 * A call that carries a trigger_id (views.open, views.push) may wait only while its trigger lives
 * (Slack: 3 s): a later attempt can only be refused, so past the window it is answered as Slack
 * would answer it (`expired_trigger_id`), not retried, and the person is asked to act again.
 */
export function budgetedFetch(fetch: Fetch, budget: SlackBudget, options: BudgetOptions = {}): Fetch {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? abortableSleep;
  const holds = options.holds ?? 3;
  const callTimeoutMs = options.callTimeoutMs ?? CALL_TIMEOUT_MS;
  const allowances = options.allowances ?? ALLOWANCES;
  const turnWait = (key: string, allowance: Allowance) =>
    budget.reserve(key, allowance, now()).catch((error: unknown): number => {
      options.onTrouble?.(error);
      return 0;
    });
  return async (input, init) => {
    const method = methodOf(input);
    const allowance = method === undefined ? undefined : allowances[method];
    if (method === undefined || allowance === undefined) return fetch(input, init);
    const deadline = carriesTrigger(init?.body) ? now() + TRIGGER_WINDOW_MS : Number.POSITIVE_INFINITY;
    /** Takes a turn and waits for it; false, taking none, when it would come too late. */
    const turn = async (key: string, allowance: Allowance) => {
      const maxWaitMs = Math.min(allowance.maxWaitMs ?? Number.POSITIVE_INFINITY, deadline - now());
      const wait = await turnWait(key, { ...allowance, maxWaitMs });
      if (wait === undefined) return false;
      if (wait > 0) await sleep(wait);
      return true;
    };
    const refused = () => (deadline === Number.POSITIVE_INFINITY ? RATE_LIMITED() : EXPIRED_TRIGGER());
    const channel = method === 'chat.postMessage' ? fieldOf(init?.body, 'channel') : undefined;
    // A post's 429 is about its channel (Slack: one a second per channel); other methods', the method.
    const held: [string, Allowance] =
      channel === undefined ? [method, allowance] : [`${method}:${channel}`, PER_CHANNEL_POSTS];
    const share = runningJob() === undefined ? undefined : backgroundShareOf(allowance);
    for (let attempt = 0; ; attempt += 1) {
      // A job's call waits for the background share first, so the whole schedule never fills with it.
      if (share !== undefined && !(await turn(`${method}:background`, share))) return refused();
      if (!(await turn(method, allowance))) return refused();
      if (channel !== undefined && !(await turn(...held))) return refused();
      const response = await fetch(input, { ...init, signal: AbortSignal.timeout(callTimeoutMs) });
      if (response.status !== 429) return response;
      const retryAfterMs = (Number(response.headers.get('retry-after')) || 1) * 1_000;
      await budget
        .hold(held[0], held[1], now() + retryAfterMs)
        .catch((error: unknown) => options.onTrouble?.(error));
      if (now() + retryAfterMs >= deadline) return EXPIRED_TRIGGER();
      if (attempt >= holds) return RATE_LIMITED();
    }
  };
}

/**
 * The methods that put something in a channel. A second attempt after a timeout or a 5xx may post a
 * second message (Slack may have taken the first and failed only to answer), so their unknown
 * outcome is never retried by the client: it is answered as one of POST_OUTCOME_UNKNOWN, and the
 * shared posting path (slack/post-once.ts) looks in the channel before trying again. Not among them:
 * chat.update (the same update twice shows one message) and chat.postEphemeral (an answer seen by
 * one person, for a moment: one lost is worse than one twice).
 */
const POSTING_METHODS = new Set(['chat.postMessage', 'files.completeUploadExternal']);

/**
 * The error codes of a post whose outcome Slack did not tell (see POSTING_METHODS): no answer in
 * time (it may still land), or a 5xx (Slack finished with it, and failed somewhere).
 */
const POST_TIMED_OUT = 'post_timed_out';
export const POST_SERVER_ERROR = 'post_server_error';
export const POST_OUTCOME_UNKNOWN: ReadonlySet<string> = new Set([POST_TIMED_OUT, POST_SERVER_ERROR]);

/** Connection errors raised before a byte of the request left: the post was surely not taken. */
const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT']);

/** Outside budgetedFetch, so a timeout of the call itself is seen here (its own signal). */
function postedOnceFetch(fetch: Fetch): Fetch {
  return async (input, init) => {
    if (!POSTING_METHODS.has(methodOf(input) ?? '')) return fetch(input, init);
    try {
      const response = await fetch(input, init);
      if (response.status < 500) return response;
      await response.body?.cancel();
      return Response.json({ ok: false, error: POST_SERVER_ERROR });
    } catch (err) {
      if (NOT_SENT.has(causeCode(err))) throw err;
      return Response.json({ ok: false, error: POST_TIMED_OUT });
    }
  };
}

function causeCode(err: unknown): string {
  const cause = (err as { cause?: { code?: unknown } } | undefined)?.cause;
  return typeof cause?.code === 'string' ? cause.code : '';
}

const EXPIRED_TRIGGER = () => Response.json({ ok: false, error: 'expired_trigger_id' });
const RATE_LIMITED = () => Response.json({ ok: false, error: 'ratelimited' });

/** `https://slack.com/api/chat.postMessage` → `chat.postMessage`. */
function methodOf(input: Parameters<Fetch>[0]): string | undefined {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  return /\/api\/([a-zA-Z.]+)$/.exec(url.split('?')[0] ?? '')?.[1];
}

function fieldOf(body: unknown, name: string): string | undefined {
  return typeof body === 'string' ? (new URLSearchParams(body).get(name) ?? undefined) : undefined;
}
