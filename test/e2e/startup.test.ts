import { describe, expect, it } from 'vitest';
import { runMain } from '../support/spawned-app.ts';

const completeEnv = {
  SLACK_BOT_TOKEN: 'xoxb-test-fake-token',
  SLACK_SIGNING_SECRET: 'test-fake-signing-secret',
  MGMT_API_URL: 'http://127.0.0.1:9',
  MGMT_API_USERNAME: 'test-user',
  MGMT_API_PASSWORD: 'test-fake-password',
  APPROVAL_CHANNEL_ID: 'C0APPROVALS',
  APPROVER_USER_IDS: 'U0APPROVER',
  DATABASE_PATH: ':memory:',
  PORT: '0',
};

const run = runMain;

describe('start-up', () => {
  it('without MGMT_API_URL prints one named line, a hint, and exits 1', async () => {
    const { MGMT_API_URL: _omitted, ...env } = completeEnv;
    const { code, stderr } = await run(env);
    expect(code).toBe(1);
    const lines = stderr.trim().split('\n');
    expect(lines[0]).toBe(
      'opsbot: configuration error: MGMT_API_URL is missing — the management API base URL without /v2, e.g. https://api.example.com',
    );
    expect(lines[1]).toContain('npm run demo');
    expect(lines).toHaveLength(2);
    expect(stderr).not.toMatch(/at .*\.ts:\d+/); // no stack trace
  });

  it('quotes a malformed ID back on its one line, and says what one looks like', async () => {
    const { code, stderr, stdout } = await run({ ...completeEnv, APPROVAL_CHANNEL_ID: 'general' });
    expect(code).toBe(1);
    const lines = stderr.trim().split('\n');
    expect(lines[0]).toBe(
      'opsbot: configuration error: APPROVAL_CHANNEL_ID is "general", not a channel ID: a channel ID looks like C0123ABCD (at the bottom of the channel’s details in Slack; its #name won’t do)',
    );
    expect(lines).toHaveLength(2); // and the hint to try the demo
    expect(stdout).toBe('');
  });

  it('never echoes a secret when a value is wrong', async () => {
    const { code, stderr } = await run({ ...completeEnv, SLACK_BOT_TOKEN: 'secret-value-without-prefix' });
    expect(code).toBe(1);
    expect(stderr).toContain('SLACK_BOT_TOKEN must be a bot token starting with xoxb-');
    expect(stderr).not.toContain('secret-value-without-prefix');
  });
});
