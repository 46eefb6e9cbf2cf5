// The real app (`node src/main.ts`, as `npm start` runs it) in its own process, against the Slack and management API simulators
// started in the test process: for the load run (the app gets its own event loop, as in production)
// and for SIGTERM. Its SQLite file lives in a temporary folder the test can open afterwards. Its
// stdout goes to a file there, as to a platform's log collector: a pipe this busy test process
// reads late would block the app's synchronous log writes and measure the harness, not the app.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '../../src/log.ts';
import { createSlackDriver, type SlackDriver } from '../../src/sim/driver/driver.ts';
import { type ManagementApiSimulator, startManagementApiSimulator } from '../../src/sim/mgmt/index.ts';
import { type SlackSimulator, startSlackSimulator } from '../../src/sim/slack/index.ts';
import { SIM_CREDENTIALS, SIM_IDS } from '../../src/sim/workspace.ts';
import { openStore, type Store } from '../../src/store/index.ts';
import { type SpawnedApp, spawnApp, startFlags } from '../support/spawned-app.ts';

export type Spawned = {
  slack: SlackSimulator;
  mgmt: ManagementApiSimulator;
  dbPath: string;
  /** Opens the app's database from the test process (the app may still be running). */
  openDatabase(): Promise<Store>;
  /** Starts the app (with `args`, node's flags); resolves once it logs that it listens. */
  start(
    env?: Record<string, string>,
    args?: string[],
  ): Promise<{ child: ChildProcess; driver: SlackDriver; url: string }>;
  /** Every JSON log line the app wrote to stdout so far (this start), parsed. */
  logs(): Array<Record<string, unknown>>;
  stderr(): string;
  /** Stops the app (SIGKILL if still running), the simulators, and removes the folder. */
  close(): Promise<void>;
};

export async function spawnedWorkspace(options: { extraUsers?: string[] } = {}): Promise<Spawned> {
  const dir = mkdtempSync(join(tmpdir(), 'opsbot-spawned-'));
  const dbPath = join(dir, 'opsbot.sqlite');
  const slack = await startSlackSimulator({
    botToken: SIM_CREDENTIALS.botToken,
    teamId: SIM_IDS.teamId,
    users: Object.fromEntries(
      [
        SIM_IDS.requester,
        SIM_IDS.approver,
        SIM_IDS.secondApprover,
        SIM_IDS.outsider,
        ...(options.extraUsers ?? []),
      ].map((id) => [id, { tz: 'UTC' }]),
    ),
  });
  const mgmt = await startManagementApiSimulator({
    username: SIM_CREDENTIALS.mgmtUsername,
    password: SIM_CREDENTIALS.mgmtPassword,
  });
  const logPath = join(dir, 'opsbot.log');
  let spawned: SpawnedApp | undefined;
  const quiet = createLogger({ level: 'silent' });

  return {
    slack,
    mgmt,
    dbPath,
    openDatabase: () => openStore({ url: undefined, path: dbPath, poolSize: 1 }, quiet),
    async start(env = {}, args = []) {
      const app = spawnApp(
        {
          SLACK_BOT_TOKEN: SIM_CREDENTIALS.botToken,
          SLACK_SIGNING_SECRET: SIM_CREDENTIALS.signingSecret,
          SLACK_API_URL: slack.apiUrl,
          MGMT_API_URL: mgmt.url,
          MGMT_API_USERNAME: SIM_CREDENTIALS.mgmtUsername,
          MGMT_API_PASSWORD: SIM_CREDENTIALS.mgmtPassword,
          APPROVAL_CHANNEL_ID: SIM_IDS.approvalChannel,
          APPROVER_USER_IDS: `${SIM_IDS.approver},${SIM_IDS.secondApprover}`,
          DATABASE_PATH: dbPath,
          PORT: '0',
          LOG_LEVEL: 'info',
          ...env,
        },
        { logFile: logPath, args },
      );
      spawned = app;
      const port = Number((await app.waitForEvent('listening', undefined, 30_000)).port);
      const url = `http://127.0.0.1:${port}`;
      const driver = createSlackDriver({
        appUrl: `${url}/slack/events`,
        signingSecret: SIM_CREDENTIALS.signingSecret,
        slack,
        teamId: SIM_IDS.teamId,
        apiAppId: SIM_IDS.appId,
      });
      return { child: app.child, driver, url };
    },
    logs: () => spawned?.events ?? [],
    stderr: () => spawned?.stderr() ?? '',
    async close() {
      await spawned?.stop('SIGKILL');
      await Promise.allSettled([slack.close(), mgmt.close()]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Starts the app as the start command does (its node flags and env), with the digest tick an hour
 * away so that only the test's own traffic runs; `pid` is for sampling its RSS.
 */
export async function startAsStartCommand(
  sw: Spawned,
): Promise<{ url: string; pid: number; args: string[] }> {
  const flags = startFlags();
  const started = await sw.start({ ...flags.env, DIGEST_TICK_MS: '3600000' }, flags.args);
  return { url: started.url, pid: started.child.pid ?? 0, args: flags.args };
}
