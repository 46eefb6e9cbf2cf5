// Start-up as a newcomer meets it: the real `node src/main.ts` against the simulators, with the
// mistakes people make (an unedited .env, a token Slack refuses, Slack not reachable yet, wrong
// management API credentials). Each ends in one line that names what to fix, or recovers by itself.

import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { SIM_APP_TOKEN } from '../../src/sim/slack/simulator.ts';
import { type Sims, startSims } from '../../src/sim/standalone.ts';
import { runMain, type SpawnedApp, spawnApp } from '../support/spawned-app.ts';

const STACK_FRAME = /\n\s+at .+:\d+/;

function envOfExample(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of readFileSync(new URL('../../.env.example', import.meta.url), 'utf8').split('\n')) {
    const match = /^([A-Z_]+)=(.*)$/.exec(line.trim());
    if (match?.[1] !== undefined) env[match[1]] = match[2] ?? '';
  }
  return env;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
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
    const lines = stderr.trim().split('\n');
    expect(lines[0]).toBe(
      'opsbot: configuration error: SLACK_BOT_TOKEN, SLACK_SIGNING_SECRET, MGMT_API_URL, MGMT_API_USERNAME, MGMT_API_PASSWORD, APPROVAL_CHANNEL_ID, APPROVER_USER_IDS are still the example value from .env.example — put in your own (README: "Run it in your Slack workspace")',
    );
    expect(lines).toHaveLength(2); // and the hint to try the demo
    expect(stderr).not.toMatch(STACK_FRAME);
  });

  it('a bot token Slack refuses ends in one line naming SLACK_BOT_TOKEN, exit 1, no stack trace', async () => {
    sims = await startSims({ slackTokens: { botToken: 'xoxb-another-workspace-fake' } });
    const { code, stderr, stdout } = await runMain(sims.appEnv());
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(
      'opsbot: Slack refused SLACK_BOT_TOKEN (invalid_auth): copy the Bot User OAuth Token (xoxb-…) from your app’s OAuth & Permissions page into SLACK_BOT_TOKEN.',
    );
    expect(stderr).not.toMatch(STACK_FRAME);
    expect(stdout).not.toContain('"event":"listening"');
    // Nothing at error level before it: a refused token is the person's to fix, not a bug to report.
    expect(stdout).not.toMatch(/"level":(50|60)/);
  });

  it('in Socket Mode too, a bot token Slack refuses is one line and nothing at error level', async () => {
    sims = await startSims({ slackTokens: { botToken: 'xoxb-another-workspace-fake' } });
    const { code, stderr, stdout } = await runMain(
      sims.appEnv({ SLACK_APP_TOKEN: SIM_APP_TOKEN, SLACK_SIGNING_SECRET: '' }),
    );
    expect(code).toBe(1);
    expect(stderr.trim()).toMatch(/^opsbot: Slack refused SLACK_BOT_TOKEN \(invalid_auth\)[^\n]*$/);
    expect(stdout).not.toMatch(/"level":(50|60)/);
  });

  it('an app-level token Slack refuses ends in one line naming SLACK_APP_TOKEN', async () => {
    sims = await startSims();
    const { code, stderr, stdout } = await runMain(
      sims.appEnv({ SLACK_APP_TOKEN: 'xapp-1-revoked-fake-token' }),
    );
    expect(code).toBe(1);
    expect(stderr.trim()).toMatch(
      /^opsbot: Slack refused SLACK_APP_TOKEN \(invalid_auth\): generate an app-level token[^\n]*$/,
    );
    expect(stderr).not.toMatch(STACK_FRAME);
    expect(stdout).not.toMatch(/"level":(50|60)/);
  });

  it('Slack unreachable at first: probes answer, /readyz says why, a warn names the host, then it connects', async () => {
    const slackPort = await freePort();
    const early = await startSims();
    const env = early.appEnv({ SLACK_API_URL: `http://127.0.0.1:${slackPort}/api/`, LOG_LEVEL: 'info' });
    app = spawnApp(env);
    expect(await app.probe('/healthz')).toEqual({ status: 200, body: { ok: true } });
    const warned = await app.waitForEvent('slack_unreachable');
    expect(warned).toMatchObject({ host: `127.0.0.1:${slackPort}`, step: 'auth.test', level: 'warn' });
    expect(await app.probe('/readyz')).toMatchObject({
      status: 503,
      body: { ok: false, reason: 'connecting to Slack', slack: 'connecting to Slack', store: 'ok' },
    });
    expect(app.events.some((e) => e.event === 'listening')).toBe(false);

    // "Slack" comes up on the address the app keeps trying.
    await early.close();
    sims = await startSims({ slackPort });
    await app.waitForEvent('listening', undefined, 15_000);
    expect(await app.probe('/readyz')).toMatchObject({ status: 200, body: { ok: true, slack: 'ok' } });
    expect(app.stderr()).toBe('');
  });

  it('management API credentials refused: a warn naming the variables, /readyz says so, the bot still serves', async () => {
    sims = await startSims();
    app = spawnApp(sims.appEnv({ MGMT_API_PASSWORD: 'wrong-fake-password', LOG_LEVEL: 'info' }));
    const warned = await app.waitForEvent('mgmt_credentials_refused');
    expect(warned.msg).toContain('MGMT_API_USERNAME / MGMT_API_PASSWORD');
    expect(warned.level).toBe('warn');
    expect(await app.probe('/readyz')).toMatchObject({
      status: 200,
      body: { ok: true, slack: 'ok', mgmt: 'credentials refused' },
    });
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
