// A whole simulated workspace: the Slack simulator, the management API simulator and the real
// opsbot app wired to them through the same environment variables an operator sets. Used by the
// e2e tests and by `npm run demo`; only the endpoints differ from production.
import { Writable } from 'node:stream';
import { createManagementClient } from '../api/client.ts';
import { createOpsbot, type Opsbot } from '../app.ts';
import type { Clock } from '../clock.ts';
import { type Config, parseConfig, secretsOf } from '../config.ts';
import { createLogger, type Logger } from '../log.ts';
import type { RetryPolicy } from '../slack/preflight.ts';
import { openStore, type Store } from '../store/index.ts';
import { createSlackDriver, type SlackDriver } from './driver/driver.ts';
import { type ManagementApiSimulator, startManagementApiSimulator } from './mgmt/index.ts';
import {
  SIM_APP_TOKEN,
  type SlackSimulator,
  type SlackSimulatorOptions,
  startSlackSimulator,
} from './slack/index.ts';
import { SIM_PARTNER } from './workspace-channels.ts';

/** Obviously fake credentials: the simulators accept them, nothing real ever does. */
export const SIM_CREDENTIALS = {
  botToken: 'xoxb-sim-0000-fake-bot-token',
  signingSecret: 'sim-fake-signing-secret-0000',
  appToken: SIM_APP_TOKEN,
  mgmtUsername: 'sim-user',
  mgmtPassword: 'sim-fake-password-0000',
} as const;

export const SIM_IDS = {
  teamId: 'T0SIMTEAM',
  appId: 'A0SIMAPP',
  approvalChannel: 'C0APPROVALS',
  generalChannel: 'C0GENERAL',
  requester: 'U0REQUESTER',
  approver: 'U0APPROVER',
  secondApprover: 'U0APPROVER2',
  outsider: 'U0OUTSIDER',
} as const;

/** The environment that points opsbot at the simulators (fake credentials, in-memory SQLite). */
export function simulatedAppEnv(slackApiUrl: string, mgmtUrl: string): Record<string, string> {
  return {
    SLACK_BOT_TOKEN: SIM_CREDENTIALS.botToken,
    SLACK_SIGNING_SECRET: SIM_CREDENTIALS.signingSecret,
    SLACK_API_URL: slackApiUrl,
    MGMT_API_URL: mgmtUrl,
    MGMT_API_USERNAME: SIM_CREDENTIALS.mgmtUsername,
    MGMT_API_PASSWORD: SIM_CREDENTIALS.mgmtPassword,
    APPROVAL_CHANNEL_ID: SIM_IDS.approvalChannel,
    APPROVER_USER_IDS: `${SIM_IDS.approver},${SIM_IDS.secondApprover}`,
    DATABASE_PATH: ':memory:',
    LOG_LEVEL: 'warn',
    PORT: '0',
  };
}

/** The simulated workspace's people, with the time zones their Slack profiles give. */
export const SIM_USERS: Record<string, { tz: string; name: string; teamId?: string }> = {
  [SIM_IDS.requester]: { tz: 'Europe/Berlin', name: 'requester' },
  [SIM_IDS.approver]: { tz: 'America/New_York', name: 'approver' },
  [SIM_IDS.secondApprover]: { tz: 'Asia/Tokyo', name: 'approver2' },
  [SIM_IDS.outsider]: { tz: 'UTC', name: 'outsider' },
  [SIM_PARTNER.id]: { tz: SIM_PARTNER.tz, name: SIM_PARTNER.name, teamId: SIM_PARTNER.teamId },
};

export type WorkspaceOptions = {
  /** Extra or overriding environment variables for opsbot. */
  env?: Record<string, string | undefined>;
  clock?: Clock;
  /** Slack simulator settings: rate-limit enforcement, private channels the bot is (not) in, user groups. */
  slack?: Pick<SlackSimulatorOptions, 'rateLimits' | 'channels' | 'userGroups'>;
  /** Receives every log line (JSON); by default lines are kept in `logs` only. */
  onLogLine?: (line: string) => void;
  /** How Slack reaches opsbot: signed HTTP POSTs (default) or Socket Mode. */
  mode?: 'http' | 'socket';
  /** A smaller admission for statistics work than STATS_ADMISSION, so a burst past it is quick. */
  statsAdmission?: { running: number; waiting: number };
  /** How long opsbot's Web API calls may take (15 s by default): a test of a late answer shortens it. */
  slackTimeoutMs?: number;
};

/** Start-up retries in the simulated workspace: Slack is local, so waiting long helps nobody. */
const FAST_RETRY: RetryPolicy = {
  firstDelayMs: 50,
  maxDelayMs: 500,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export type SimulatedWorkspace = {
  slack: SlackSimulator;
  mgmt: ManagementApiSimulator;
  opsbot: Opsbot;
  store: Store;
  config: Config;
  logger: Logger;
  driver: SlackDriver;
  /** Every log line the app wrote, raw JSON text. */
  logs: string[];
  /** Management API requests since the first instance started (its start-up probe excluded). */
  apiRequestsAfterStart(): ManagementApiSimulator['requests'];
  url: string;
  /**
   * The environment every instance is configured from (the fake credentials plus `options.env`),
   * e.g. to run one more instance as a separate process (`node src/main.ts`) on the same simulators.
   */
  env: Readonly<Record<string, string | undefined>>;
  /** Stops the app (graceful) and both simulators. */
  stop(): Promise<void>;
  /** A second app instance on the same simulators and database: a restart, or another replica. */
  startAnotherInstance(): Promise<{
    opsbot: Opsbot;
    driver: SlackDriver;
    store: Store;
    /** Its own base URL (ephemeral port), e.g. for `/readyz`. */
    url: string;
    stop(): Promise<void>;
  }>;
};

export async function startSimulatedWorkspace(options: WorkspaceOptions = {}): Promise<SimulatedWorkspace> {
  const clock = options.clock ?? (() => Date.now());
  const slack = await startSlackSimulator({
    botToken: SIM_CREDENTIALS.botToken,
    teamId: SIM_IDS.teamId,
    clock,
    users: SIM_USERS,
    ...options.slack,
  });
  const mgmt = await startManagementApiSimulator({
    username: SIM_CREDENTIALS.mgmtUsername,
    password: SIM_CREDENTIALS.mgmtPassword,
    now: clock,
  });
  const env = {
    ...simulatedAppEnv(slack.apiUrl, mgmt.url),
    LOG_LEVEL: 'debug',
    ...(options.mode === 'socket' ? { SLACK_APP_TOKEN: SIM_CREDENTIALS.appToken } : {}),
    ...options.env,
  };
  const parsed = parseConfig(env);
  if (!parsed.ok) throw new Error(`simulated workspace misconfigured: ${parsed.problems.join('; ')}`);
  const config = parsed.config;
  const logs: string[] = [];

  const startInstance = async () => {
    const logger = createLogger({
      level: config.logLevel,
      secrets: secretsOf(config),
      destination: lineCollector((line) => {
        logs.push(line);
        options.onLogLine?.(line);
      }),
    });
    const client = createManagementClient({
      baseUrl: config.mgmt.baseUrl,
      username: config.mgmt.username,
      password: config.mgmt.password,
      timeoutMs: config.mgmt.timeoutMs,
      connectTimeoutMs: config.mgmt.connectTimeoutMs,
      logger: logger.child({ component: 'mgmt-api' }),
    });
    const store = await openStore(config.database, logger.child({ component: 'store' }), clock);
    const opsbot = createOpsbot({
      ...{ config, logger, mgmt: client, store, clock, retry: FAST_RETRY },
      ...(options.statsAdmission ? { statsAdmission: options.statsAdmission } : {}),
      ...(options.slackTimeoutMs === undefined ? {} : { slackTimeoutMs: options.slackTimeoutMs }),
    });
    const { port } = await opsbot.start(0);
    await opsbot.startupChecks();
    const url = `http://127.0.0.1:${port}`;
    const driver = createSlackDriver({
      appUrl: `${url}/slack/events`,
      signingSecret: config.slack.signingSecret ?? '',
      slack,
      teamId: SIM_IDS.teamId,
      apiAppId: SIM_IDS.appId,
      transport: options.mode === 'socket' ? 'socket' : 'http',
    });
    const stop = async () => {
      await opsbot.stop(2_000);
      await client.close();
      await store.close();
    };
    return { opsbot, driver, logger, url, store, stop };
  };

  const first = await startInstance();
  const requestsAtStart = mgmt.requests.length;
  const others: Array<{ stop(): Promise<void> }> = [];
  return {
    slack,
    mgmt,
    opsbot: first.opsbot,
    store: first.store,
    config,
    logger: first.logger,
    driver: first.driver,
    logs,
    apiRequestsAfterStart: () => mgmt.requests.slice(requestsAtStart),
    url: first.url,
    env,
    async startAnotherInstance() {
      const instance = await startInstance();
      others.push(instance);
      return instance;
    },
    async stop() {
      await Promise.allSettled([first.stop(), ...others.map((o) => o.stop())]);
      await Promise.allSettled([slack.close(), mgmt.close()]);
    },
  };
}

function lineCollector(onLine: (line: string) => void): Writable & { write(chunk: string): boolean } {
  let pending = '';
  return new Writable({
    write(chunk, _encoding, callback) {
      pending += chunk.toString();
      let newline = pending.indexOf('\n');
      while (newline !== -1) {
        onLine(pending.slice(0, newline));
        pending = pending.slice(newline + 1);
        newline = pending.indexOf('\n');
      }
      callback();
    },
  });
}
