import { App, LogLevel, SocketModeReceiver } from '@slack/bolt';
import { SIM_APP_TOKEN, type SlackSimulator } from '../../../../src/sim/slack/index.ts';

export const TOKEN = 'xoxb-test-fake-token';
export const SECRET = 'fake-signing-secret';

/** A bare Bolt app talking to the simulator, over HTTP (signed requests) or Socket Mode. */
export function boltAppOn(sim: SlackSimulator, transport: 'http' | 'socket'): App {
  return new App({
    token: TOKEN,
    logLevel: LogLevel.ERROR,
    clientOptions: { slackApiUrl: sim.apiUrl, retryConfig: { retries: 0 } },
    ...(transport === 'socket'
      ? {
          receiver: new SocketModeReceiver({
            appToken: SIM_APP_TOKEN,
            logLevel: LogLevel.ERROR,
            installerOptions: { clientOptions: { slackApiUrl: sim.apiUrl } },
          }),
        }
      : { signingSecret: SECRET }),
  });
}
