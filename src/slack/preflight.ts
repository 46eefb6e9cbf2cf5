// Before opsbot says it is listening it makes sure Slack will take its credentials: auth.test with
// the bot token, and in Socket Mode the socket itself (opened with the app-level token). A
// definitive refusal ends start-up with one line that names the variable to fix; a Slack that can't
// be reached yet is not definitive, so start-up waits and retries, saying so at `warn`.
import { webApi } from '@slack/bolt';
import { errField, slackErrorCode } from '../errors.ts';
import type { Logger } from '../log.ts';

/** Start-up cannot go on; `message` is the one line the operator sees. */
export class StartupRefused extends Error {
  override readonly name = 'StartupRefused';
}

/** Slack's answers that no retry will change (the token is wrong, revoked, or of the wrong kind). */
const DEFINITIVE = new Set([
  'invalid_auth',
  'not_authed',
  'account_inactive',
  'token_revoked',
  'token_expired',
  'not_allowed_token_type',
  'invalid_token',
  'missing_scope',
]);

const FIX = {
  bot: 'copy the Bot User OAuth Token (xoxb-…) from your app’s OAuth & Permissions page into SLACK_BOT_TOKEN',
  app: 'generate an app-level token with the connections:write scope under Basic Information → App-Level Tokens and put it in SLACK_APP_TOKEN',
} as const;

export type RetryPolicy = {
  firstDelayMs: number;
  maxDelayMs: number;
  sleep: (ms: number) => Promise<void>;
};

const DEFAULT_RETRY: RetryPolicy = {
  firstDelayMs: 1_000,
  maxDelayMs: 30_000,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** Which token a refusal is about, as one line an operator can act on. */
function refusalLine(token: 'bot' | 'app', code: string): string {
  const variable = token === 'bot' ? 'SLACK_BOT_TOKEN' : 'SLACK_APP_TOKEN';
  return `Slack refused ${variable} (${code}): ${FIX[token]}.`;
}

/**
 * Runs `attempt` until it succeeds. A definitive Slack refusal becomes StartupRefused naming the
 * token; anything else (no route, DNS, 5xx, rate limit) is logged with the host tried and retried
 * with a growing pause.
 */
export async function untilSlackAnswers<T>(
  what: { token: 'bot' | 'app'; step: string; host: string },
  attempt: () => Promise<T>,
  logger: Pick<Logger, 'warn' | 'info'>,
  policy: RetryPolicy = DEFAULT_RETRY,
): Promise<T> {
  let delay = policy.firstDelayMs;
  for (let tries = 1; ; tries += 1) {
    try {
      return await attempt();
    } catch (error) {
      const code = slackErrorCode(error);
      if (code !== undefined && DEFINITIVE.has(code)) throw new StartupRefused(refusalLine(what.token, code));
      logger.warn(
        {
          event: 'slack_unreachable',
          step: what.step,
          host: what.host,
          attempt: tries,
          retryInMs: delay,
          err: errField(error),
        },
        `could not reach Slack at ${what.host}; retrying`,
      );
      await policy.sleep(delay);
      delay = Math.min(delay * 2, policy.maxDelayMs);
    }
  }
}

/** auth.test with the bot token, through a client that fails fast so the loop above decides. */
export async function checkBotToken(options: {
  token: string;
  apiUrl: string | undefined;
  logger: Pick<Logger, 'warn' | 'info'>;
  policy?: RetryPolicy;
}): Promise<{ teamId: string | undefined; enterpriseId: string | undefined; botUserId: string | undefined }> {
  const client = new webApi.WebClient(options.token, {
    ...(options.apiUrl === undefined ? {} : { slackApiUrl: options.apiUrl }),
    retryConfig: { retries: 0 },
    timeout: 10_000,
    logLevel: webApi.LogLevel.ERROR,
  });
  const answer = await untilSlackAnswers(
    { token: 'bot', step: 'auth.test', host: slackHost(options.apiUrl) },
    () => client.auth.test(),
    options.logger,
    options.policy,
  );
  return { teamId: answer.team_id, enterpriseId: answer.enterprise_id, botUserId: answer.user_id };
}

/** The host name a Slack API URL points at (for log lines: never a path or a token). */
export function slackHost(apiUrl: string | undefined): string {
  try {
    return new URL(apiUrl ?? 'https://slack.com/api/').host;
  } catch {
    return 'slack.com';
  }
}
