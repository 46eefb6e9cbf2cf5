// What the URLs an operator configures may carry, and what opsbot says about them: credentials in
// SLACK_API_URL never reach a log line (Slack's client names the URL it calls, at debug and in its
// errors), and MGMT_API_URL over plain http:// to another host is allowed but warned about once.
import { afterEach, describe, expect, it } from 'vitest';
import { parseConfig, secretsOf } from '../../src/config.ts';
import { boltLogger, createLogger } from '../../src/log.ts';
import { type Sims, startSims } from '../../src/sim/standalone.ts';
import { simulatedAppEnv } from '../../src/sim/workspace.ts';
import { type SpawnedApp, spawnApp } from '../support/spawned-app.ts';

const FAKE_PROXY_USER = 'opsproxy-fake-user';
const FAKE_PROXY_PASSWORD = 'fake-proxy-pass-4411';

describe('SLACK_API_URL with credentials in it', () => {
  it('has its user:password@ scrubbed from every line: opsbot’s, and Bolt’s at debug', () => {
    const apiUrl = `https://${FAKE_PROXY_USER}:${FAKE_PROXY_PASSWORD}@slack-proxy.example.test/api/`;
    const parsed = parseConfig({ ...simulatedAppEnv(apiUrl, 'http://127.0.0.1:9'), SLACK_API_URL: apiUrl });
    if (!parsed.ok) throw new Error(parsed.problems.join('; '));
    const lines: string[] = [];
    const logger = createLogger({
      level: 'debug',
      secrets: secretsOf(parsed.config),
      destination: { write: (line: string) => void lines.push(line) },
    });
    // What Slack's Web API client writes through Bolt's logger, and an error carrying the URL.
    boltLogger(logger).debug(`http request url: ${apiUrl}auth.test`);
    logger.warn(
      { err: `Request cannot be constructed from a URL that includes credentials: ${apiUrl}` },
      'failed',
    );
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expect(line).toContain('[REDACTED]@slack-proxy.example.test/api/');
      expect(line).not.toContain(FAKE_PROXY_PASSWORD);
      expect(line).not.toContain(FAKE_PROXY_USER);
    }
  });
});

describe('MGMT_API_URL over plain http', () => {
  let sims: Sims | undefined;
  let app: SpawnedApp | undefined;
  afterEach(async () => {
    await app?.stop('SIGKILL');
    await sims?.close();
  });

  it('MGMT_API_URL over http:// to another host: one warning naming the variable; none for loopback', async () => {
    sims = await startSims();
    app = spawnApp(sims.appEnv({ MGMT_API_URL: 'http://mgmt.invalid:8080', LOG_LEVEL: 'info' }));
    await app.waitForEvent('listening');
    const warnings = app.events.filter((e) => e.event === 'mgmt_api_cleartext');
    expect(warnings).toEqual([expect.objectContaining({ level: 'warn', variable: 'MGMT_API_URL' })]);
    expect(warnings[0]?.msg).toMatch(/^MGMT_API_URL starts with http:\/\//);
    await app.stop('SIGKILL');

    app = spawnApp(sims.appEnv({ LOG_LEVEL: 'info' })); // the simulator on 127.0.0.1
    await app.waitForEvent('listening');
    expect(app.events.filter((e) => e.event === 'mgmt_api_cleartext')).toEqual([]);
  });
});
