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
  it('without MGMT_API_URL prints one line naming it, the hint inside it, and exits 1', async () => {
    const { MGMT_API_URL: _omitted, ...env } = completeEnv;
    const { code, stderr } = await run(env);
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([
      'opsbot: configuration error: MGMT_API_URL is missing — the management API base URL without /v2, e.g. https://api.example.com. Set the environment as .env.example shows, or try opsbot without any setup: npm run demo',
    ]);
    expect(stderr).not.toMatch(/at .*\.ts:\d+/); // no stack trace
  });

  it('quotes a malformed ID back on its one line, and says what one looks like', async () => {
    const { code, stderr, stdout } = await run({ ...completeEnv, APPROVAL_CHANNEL_ID: 'general' });
    expect(code).toBe(1);
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1); // the hint to try the demo is inside it
    expect(lines[0]).toMatch(
      /^opsbot: configuration error: APPROVAL_CHANNEL_ID is "general", not a channel ID: a channel ID looks like C0123ABCD \(at the bottom of the channel’s details in Slack; its #name won’t do\)\. Set the environment as \.env\.example shows, or try opsbot without any setup: npm run demo$/,
    );
    expect(stdout).toBe('');
  });

  it('puts every problem on the one line, the hint once at its end', async () => {
    const { MGMT_API_URL: _url, MGMT_API_USERNAME: _user, ...env } = completeEnv;
    const { code, stderr } = await run(env);
    expect(code).toBe(1);
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^opsbot: configuration error: MGMT_API_URL is missing — [^;]+; MGMT_API_USERNAME is missing — .+\. Set the environment as \.env\.example shows, or try opsbot without any setup: npm run demo$/,
    );
    expect(lines[0]?.match(/npm run demo/g)).toHaveLength(1);
  });

  it('never echoes a secret when a value is wrong', async () => {
    const { code, stderr } = await run({ ...completeEnv, SLACK_BOT_TOKEN: 'secret-value-without-prefix' });
    expect(code).toBe(1);
    expect(stderr).toContain('SLACK_BOT_TOKEN must be a bot token starting with xoxb-');
    expect(stderr).not.toContain('secret-value-without-prefix');
  });
});
