// A real Slack WebClient pointed at the simulator: no retries, rate limits thrown rather than waited
// out, and a silent logger, so a test sees Slack's answer at once.
import { webApi } from '@slack/bolt';
import type { SlackSimulator } from '../../src/sim/slack/index.ts';

export const quietSlackLogger = {
  debug() {},
  info() {},
  warn() {},
  error() {},
  setLevel() {},
  getLevel: () => webApi.LogLevel.ERROR,
  setName() {},
};

export function simulatorClient(sim: SlackSimulator, token: string): webApi.WebClient {
  return new webApi.WebClient(token, {
    slackApiUrl: sim.apiUrl,
    retryConfig: { retries: 0 },
    rejectRateLimitedCalls: true,
    logger: quietSlackLogger,
  });
}
