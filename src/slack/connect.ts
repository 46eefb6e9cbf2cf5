// Start-up's conversation with Slack and the management API, in the order an operator can act on:
// the bot token (auth.test), then in Socket Mode the socket, then one cheap management API call.
import type { App, HTTPReceiver, SocketModeReceiver } from '@slack/bolt';
import type { ManagementClient } from '../api/client.ts';
import { isManagementApiError } from '../api/errors.ts';
import type { Config } from '../config.ts';
import type { Logger } from '../log.ts';
import type { Readiness } from '../readiness.ts';
import { checkBotToken, type RetryPolicy, slackHost, untilSlackAnswers } from './preflight.ts';

/**
 * The Socket Mode client's Web API options. Its default retries apps.connections.open a hundred
 * times, for hours, without a word; a few quick tries leave the waiting (and the saying so) to
 * start-up's own loop, and to the client's reconnect loop afterwards.
 */
export function socketClientOptions(apiUrl: string | undefined) {
  return {
    ...(apiUrl === undefined ? {} : { slackApiUrl: apiUrl }),
    retryConfig: { retries: 5, factor: 2, minTimeout: 1_000, maxTimeout: 30_000, randomize: true },
    timeout: 15_000,
  };
}

export async function connectToSlack(options: {
  app: App;
  receiver: SocketModeReceiver | HTTPReceiver;
  config: Config;
  logger: Logger;
  readiness: Readiness;
  retry?: RetryPolicy;
  /** Told which workspace the bot token belongs to, before any payload can arrive over a socket. */
  onWorkspace?(workspace: { teamId: string | undefined; enterpriseId: string | undefined }): void;
}): Promise<void> {
  const { app, config, logger, readiness } = options;
  const host = slackHost(config.slack.apiUrl);
  const policy = options.retry;
  const bot = await checkBotToken({
    token: config.slack.botToken,
    apiUrl: config.slack.apiUrl,
    logger,
    ...(policy ? { policy } : {}),
  });
  // Bolt's own auth.test (it learns the bot's ids from it) runs only now that Slack has answered:
  // run from App's constructor it would reject unawaited while Slack is away, and its cached
  // failure would refuse every request after Slack came back.
  await untilSlackAnswers({ token: 'bot', step: 'auth.test', host }, () => app.init(), logger, policy);
  logger.info(
    { event: 'slack_authenticated', host, team: bot.teamId, botUser: bot.botUserId },
    'Slack accepted the bot token',
  );
  // The workspace whose payloads opsbot answers (slack/origin-guard.ts), when SLACK_TEAM_ID is unset.
  options.onWorkspace?.({ teamId: bot.teamId, enterpriseId: bot.enterpriseId });
  if (config.slack.appToken === undefined) {
    readiness.slack = 'ok';
    return;
  }
  const socket = (options.receiver as SocketModeReceiver).client;
  socket.on('connected', () => {
    if (readiness.slack !== 'ok')
      logger.info({ event: 'slack_socket_connected', host }, 'Socket Mode connected');
    readiness.slack = 'ok';
  });
  socket.on('reconnecting', () => {
    readiness.slack = 'reconnecting to Slack';
    logger.warn(
      { event: 'slack_socket_reconnecting', host },
      `Socket Mode connection to ${host} lost; reconnecting`,
    );
  });
  await untilSlackAnswers(
    { token: 'app', step: 'apps.connections.open', host },
    () => withoutSocketReconnects(socket, () => app.start()),
    logger,
    policy,
  );
  readiness.slack = 'ok';
}

/**
 * The socket client's first start, with its own reconnecting off. Left on, a failed
 * apps.connections.open or socket schedules a retry whose failure nobody awaits (an unhandled
 * rejection) while start() waits forever; off, the failure comes back here and start-up's loop
 * decides. Once connected, the client reconnects by itself again.
 */
async function withoutSocketReconnects<T>(socket: SocketModeReceiver['client'], start: () => Promise<T>) {
  // A private field of @slack/socket-mode's client (no option sets it for one start only).
  const client = socket as unknown as { autoReconnectEnabled: boolean };
  client.autoReconnectEnabled = false;
  try {
    return await start();
  } finally {
    client.autoReconnectEnabled = true;
  }
}

/**
 * One cheap call to the management API at start-up. Bad credentials are worth an operator's
 * attention now rather than at the first user's command; they do not stop opsbot, whose users then
 * get its clear in-Slack message instead of a dead app.
 */
export async function probeManagementApi(
  mgmt: ManagementClient,
  readiness: Readiness,
  logger: Pick<Logger, 'warn' | 'info'>,
): Promise<void> {
  try {
    await mgmt.listMessagingAccounts();
    readiness.mgmt = 'ok';
  } catch (error) {
    const kind = isManagementApiError(error) ? error.kind : 'unexpected';
    if (kind === 'auth') {
      readiness.mgmt = 'credentials refused';
      logger.warn(
        { event: 'mgmt_credentials_refused' },
        'the management API refused MGMT_API_USERNAME / MGMT_API_PASSWORD; commands will say so until they are fixed',
      );
    } else {
      readiness.mgmt = kind === 'unavailable' || kind === 'timeout' ? 'unreachable' : 'ok';
      logger.warn(
        { event: 'mgmt_probe_failed', kind },
        'the management API did not answer the start-up probe',
      );
    }
  }
}
