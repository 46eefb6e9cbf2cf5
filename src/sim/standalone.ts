// The two simulators alone, for an app that runs as its own process (`node src/main.ts`): the
// benchmarks (so the app never shares an event loop or a resident set with what measures it) and
// the start-up and both-modes suites. The app gets the same environment `startSimulatedWorkspace`
// gives it — only the endpoints differ from production.
import {
  type ManagementApiSimulator,
  type SimVectorIndex,
  startManagementApiSimulator,
} from './mgmt/index.ts';
import { type SlackSimulator, type SlackSimulatorOptions, startSlackSimulator } from './slack/index.ts';
import { SIM_CREDENTIALS, SIM_IDS, SIM_USERS, simulatedAppEnv } from './workspace.ts';

export type Sims = {
  slack: SlackSimulator;
  mgmt: ManagementApiSimulator;
  /** The complete environment `node src/main.ts` needs, pointing at these simulators. */
  appEnv(extra?: Record<string, string>): Record<string, string>;
  close(): Promise<void>;
};

export type SimsOptions = {
  /** Make the Slack simulator enforce chat.postMessage's per-channel limit and the method tiers. */
  rateLimits?: boolean;
  indexes?: Record<string, SimVectorIndex>;
  /** The Slack simulator's fixed port (a test that starts "Slack" late reserves one). */
  slackPort?: number;
  /** Tokens the Slack simulator accepts, when a test needs them to differ from the app's. */
  slackTokens?: Pick<SlackSimulatorOptions, 'botToken' | 'appToken'>;
  /** More people than the simulated workspace's own (a benchmark's 200-person workspace). */
  users?: SlackSimulatorOptions['users'];
  /** The workspace's channels (conversations.list lists them); unset, every channel id exists. */
  channels?: SlackSimulatorOptions['channels'];
};

export async function startSims(options: SimsOptions = {}): Promise<Sims> {
  const slack = await startSlackSimulator({
    botToken: SIM_CREDENTIALS.botToken,
    teamId: SIM_IDS.teamId,
    users: { ...SIM_USERS, ...options.users },
    rateLimits: options.rateLimits ?? false,
    ...(options.channels === undefined ? {} : { channels: options.channels }),
    ...(options.slackPort === undefined ? {} : { port: options.slackPort }),
    ...options.slackTokens,
  });
  const mgmt = await startManagementApiSimulator({
    username: SIM_CREDENTIALS.mgmtUsername,
    password: SIM_CREDENTIALS.mgmtPassword,
    ...(options.indexes ? { indexes: options.indexes } : {}),
  });
  return {
    slack,
    mgmt,
    appEnv: (extra = {}) => ({ ...simulatedAppEnv(slack.apiUrl, mgmt.url), ...extra }),
    async close() {
      await Promise.allSettled([slack.close(), mgmt.close()]);
    },
  };
}
