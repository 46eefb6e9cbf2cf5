// Start-up as a newcomer meets it: the real `node src/main.ts` against the simulators, with the
// mistakes people make (an unedited .env, a token Slack refuses, Slack not reachable yet, wrong
// management API credentials). Each ends in one line that names what to fix, or recovers by itself.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createSlackDriver } from '../../src/sim/driver/driver.ts';
import { type Sims, startSims } from '../../src/sim/standalone.ts';
import { SIM_CREDENTIALS, SIM_IDS } from '../../src/sim/workspace.ts';
import { freePort } from '../support/ports.ts';
import { type LogEvent, runMain, type SpawnedApp, spawnApp } from '../support/spawned-app.ts';

const STACK_FRAME = /\n\s+at .+:\d+/;
const MODES = ['http', 'socket'] as const;
const MODE_ENV = { http: {}, socket: { SLACK_APP_TOKEN: SIM_CREDENTIALS.appToken } } as const;

/** The JSON log lines of a finished run's stdout. */
function logLines(stdout: string): LogEvent[] {
  return stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogEvent);
}

/** What an operator's alerting would page on: start-up's one refusal goes to stderr, not here. */
function errorLevel(events: readonly LogEvent[]): LogEvent[] {
  return events.filter((e) => e.level === 'error' || e.level === 'fatal');
}

function driverFor(mode: 'http' | 'socket', sims: Sims, app: SpawnedApp) {
  return app.port().then((port) =>
    createSlackDriver({
      appUrl: `http://127.0.0.1:${port}/slack/events`,
      signingSecret: SIM_CREDENTIALS.signingSecret,
      slack: sims.slack,
      teamId: SIM_IDS.teamId,
      apiAppId: SIM_IDS.appId,
      transport: mode,
    }),
  );
}

function envOfExample(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of readFileSync(new URL('../../.env.example', import.meta.url), 'utf8').split('\n')) {
    const match = /^([A-Z_]+)=(.*)$/.exec(line.trim());
    if (match?.[1] !== undefined) env[match[1]] = match[2] ?? '';
  }
  return env;
}

describe('start-up against Slack', () => {
  let sims: Sims | undefined;
  let app: SpawnedApp | undefined;
  afterEach(async () => {
    await app?.stop('SIGKILL');
    await sims?.close();
    app = undefined;
    sims = undefined;
  });

  it('an unedited .env.example stops at once with one line naming every example value left', async () => {
    const { code, stderr } = await runMain({ ...envOfExample(), PORT: '0', DATABASE_PATH: ':memory:' });
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([
      'opsbot: configuration error: SLACK_BOT_TOKEN, SLACK_SIGNING_SECRET, MGMT_API_URL, MGMT_API_USERNAME, MGMT_API_PASSWORD, APPROVAL_CHANNEL_ID, APPROVER_USER_IDS are still the example value from .env.example — put in your own (README: "Run it in your Slack workspace"). Set the environment as .env.example shows, or try opsbot without any setup: npm run demo',
    ]);
    expect(stderr).not.toMatch(STACK_FRAME);
  });

  it.each(MODES)(
    '%s: a bot token Slack refuses ends in one line naming SLACK_BOT_TOKEN, exit 1, nothing else at error',
    async (mode) => {
      sims = await startSims({ slackTokens: { botToken: 'xoxb-another-workspace-fake' } });
      const { code, stderr, stdout } = await runMain(sims.appEnv({ LOG_LEVEL: 'info', ...MODE_ENV[mode] }));
      expect(code).toBe(1);
      expect(stderr.trim()).toBe(
        'opsbot: Slack refused SLACK_BOT_TOKEN (invalid_auth): copy the Bot User OAuth Token (xoxb-…) from your app’s OAuth & Permissions page into SLACK_BOT_TOKEN.',
      );
      expect(stderr).not.toMatch(STACK_FRAME);
      expect(errorLevel(logLines(stdout))).toEqual([]);
      expect(stdout).not.toContain('"event":"listening"');
    },
  );

  it.each(MODES)(
    '%s: an APPROVER_GROUP Slack does not know ends in one line naming it, before listening is logged',
    async (mode) => {
      sims = await startSims();
      const { code, stderr, stdout } = await runMain(
        sims.appEnv({ LOG_LEVEL: 'info', APPROVER_GROUP: 'no-such-group', ...MODE_ENV[mode] }),
      );
      expect(code).toBe(1);
      expect(stderr.trim()).toBe(
        'opsbot: APPROVER_GROUP names @no-such-group, but this Slack workspace has no such (enabled) user group: use its handle or its S… ID.',
      );
      expect(stderr).not.toMatch(STACK_FRAME);
      const events = logLines(stdout).map((e) => e.event);
      expect(events).toContain('probes_listening');
      expect(events).not.toContain('listening');
      expect(errorLevel(logLines(stdout))).toEqual([]);
    },
  );

  it('an app-level token Slack refuses ends in one line naming SLACK_APP_TOKEN, nothing else at error', async () => {
    sims = await startSims();
    const { code, stderr, stdout } = await runMain(
      sims.appEnv({ LOG_LEVEL: 'info', SLACK_APP_TOKEN: 'xapp-1-revoked-fake-token' }),
    );
    expect(code).toBe(1);
    expect(stderr.trim()).toMatch(
      /^opsbot: Slack refused SLACK_APP_TOKEN \(invalid_auth\): generate an app-level token[^\n]+$/,
    );
    expect(stderr).not.toMatch(STACK_FRAME);
    expect(errorLevel(logLines(stdout))).toEqual([]);
  });

  // Both modes wait in real time for start-up's fifth try in a process of their own, so they wait
  // side by side; each cleans up after itself, beside the shared afterEach of the others.
  it.concurrent.for(MODES)(
    '%s: Slack unreachable at first: /readyz says why, a warn names the host, then it connects and serves, nothing at error',
    // Start-up's fifth try comes 15 s in; then Slack comes up and a command is served.
    { timeout: 60_000 },
    async (mode, { expect, onTestFinished }) => {
      const slackPort = await freePort();
      const early = await startSims();
      let late: Sims | undefined;
      const env = early.appEnv({
        SLACK_API_URL: `http://127.0.0.1:${slackPort}/api/`,
        LOG_LEVEL: 'info',
        ...MODE_ENV[mode],
      });
      const unreachable = spawnApp(env);
      onTestFinished(async () => {
        await unreachable.stop('SIGKILL');
        await early.close();
        await late?.close();
      });
      expect(await unreachable.probe('/healthz')).toEqual({ status: 200, body: { ok: true } });
      const warned = await unreachable.waitForEvent('slack_unreachable');
      expect(warned).toMatchObject({ host: `127.0.0.1:${slackPort}`, step: 'auth.test', level: 'warn' });
      expect(await unreachable.probe('/readyz')).toEqual({
        status: 503,
        body: { ok: false, reason: 'connecting to Slack' },
      });
      // Long enough for a request Bolt made on its own to have failed (the App's client gives up
      // after three quick retries, at most 7 s): start-up's fifth try comes 15 s in.
      await unreachable.waitForEvent('slack_unreachable', (e) => e.attempt === 5, 25_000);
      expect(unreachable.events.some((e) => e.event === 'listening')).toBe(false);

      // "Slack" comes up on the address the app keeps trying.
      await early.close();
      late = await startSims({ slackPort });
      await unreachable.waitForEvent('listening', undefined, 20_000);
      expect(await unreachable.probe('/readyz')).toEqual({ status: 200, body: { ok: true } });
      const help = await (await driverFor(mode, late, unreachable)).command('help', {
        userId: SIM_IDS.requester,
        channelId: SIM_IDS.generalChannel,
      });
      expect(help.body).toContain('/ops search create');
      expect(errorLevel(unreachable.events)).toEqual([]);
      expect(unreachable.stderr()).toBe('');
    },
  );

  it('socket: apps.connections.open failing at first is retried quietly, then the socket opens', {
    timeout: 40_000,
  }, async () => {
    sims = await startSims();
    sims.slack.fail('apps.connections.open', { error: 'internal_error' }, { times: 2 });
    app = spawnApp(sims.appEnv({ LOG_LEVEL: 'info', ...MODE_ENV.socket }));
    await app.waitForEvent('listening', undefined, 20_000);
    const retries = app.events.filter((e) => e.event === 'slack_unreachable');
    expect(retries).toEqual([
      expect.objectContaining({
        step: 'apps.connections.open',
        err: expect.objectContaining({ code: 'internal_error' }),
        level: 'warn',
      }),
      expect.objectContaining({
        step: 'apps.connections.open',
        err: expect.objectContaining({ code: 'internal_error' }),
        level: 'warn',
      }),
    ]);
    const help = await (await driverFor('socket', sims, app)).command('help', {
      userId: SIM_IDS.requester,
      channelId: SIM_IDS.generalChannel,
    });
    expect(help.body).toContain('/ops search create');
    expect(errorLevel(app.events)).toEqual([]);
  });

  it('management API credentials refused: a warn naming the variables, /readyz on METRICS_PORT says so, the bot still serves', async () => {
    sims = await startSims();
    app = spawnApp(
      sims.appEnv({ MGMT_API_PASSWORD: 'wrong-fake-password', LOG_LEVEL: 'info', METRICS_PORT: '0' }),
    );
    const warned = await app.waitForEvent('mgmt_credentials_refused');
    expect(warned.msg).toContain('MGMT_API_USERNAME / MGMT_API_PASSWORD');
    expect(warned.level).toBe('warn');
    expect(await app.probe('/readyz')).toEqual({ status: 200, body: { ok: true } });
    const metricsPort = (await app.waitForEvent('metrics_listening')).port;
    const details = await fetch(`http://127.0.0.1:${metricsPort}/readyz`);
    expect(await details.json()).toMatchObject({ ok: true, slack: 'ok', mgmt: 'credentials refused' });
    expect(JSON.stringify(app.events)).not.toContain('wrong-fake-password');
  });

  it('stops cleanly on SIGTERM after listening', async () => {
    sims = await startSims();
    app = spawnApp(sims.appEnv({ LOG_LEVEL: 'info' }));
    await app.waitForEvent('listening');
    expect(await app.stop('SIGTERM')).toBe(0);
    const events = app.events.map((e) => e.event);
    expect(events).toContain('shutdown');
    expect(events.at(-1)).toBe('stopped');
  });
});
