import { describe, expect, it } from 'vitest';
import { configErrorLine, parseConfig } from '../src/config.ts';

const valid = {
  SLACK_BOT_TOKEN: 'xoxb-test-not-a-real-token',
  SLACK_SIGNING_SECRET: 'test-signing-secret-not-real',
  MGMT_API_URL: 'https://mgmt.example.test',
  MGMT_API_USERNAME: 'test-user',
  MGMT_API_PASSWORD: 'test-password-not-real',
  APPROVAL_CHANNEL_ID: 'C0APPROVALS',
  APPROVER_USER_IDS: 'U0ALICE, U0BOB',
};

function problemsOf(env: Record<string, string | undefined>): string[] {
  const result = parseConfig(env);
  if (result.ok) throw new Error('expected configuration problems');
  return result.problems;
}

describe('parseConfig', () => {
  it('accepts a complete environment and applies the documented defaults', () => {
    const result = parseConfig(valid);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.config.port).toBe(3000);
    expect(result.config.logLevel).toBe('info');
    expect(result.config.database).toEqual({ url: undefined, path: './data/opsbot.sqlite', poolSize: 10 });
    expect(result.config.approvals.approverIds).toEqual(['U0ALICE', 'U0BOB']);
    expect(result.config.approvals.requestTtlHours).toBe(24);
    expect(result.config.mgmt.timeoutMs).toBe(15_000);
  });

  it('names each missing variable on its own line', () => {
    const problems = problemsOf({ ...valid, MGMT_API_URL: undefined, MGMT_API_USERNAME: undefined });
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^MGMT_API_URL is missing — /);
    expect(problems[1]).toMatch(/^MGMT_API_USERNAME is missing — /);
  });

  it('never echoes a secret value in a problem', () => {
    const problems = problemsOf({ ...valid, SLACK_BOT_TOKEN: 'not-a-bot-token-secret-value', PORT: 'abc' });
    expect(problems.join('\n')).not.toContain('not-a-bot-token-secret-value');
    expect(problems).toContain('SLACK_BOT_TOKEN must be a bot token starting with xoxb-');
    expect(problems.some((p) => p.startsWith('PORT must be a whole number from 0 to 65535'))).toBe(true);
  });

  it('caps creations without approval at 5 a day unless MAX_UNAPPROVED_CREATES_PER_DAY says otherwise', () => {
    const byDefault = parseConfig(valid);
    expect(byDefault.ok && byDefault.config.approvals.maxUnapprovedPerDay).toBe(5);
    const set = parseConfig({ ...valid, MAX_UNAPPROVED_CREATES_PER_DAY: '12' });
    expect(set.ok && set.config.approvals.maxUnapprovedPerDay).toBe(12);
    for (const bad of ['0', '-1', '2.5', 'many'])
      expect(problemsOf({ ...valid, MAX_UNAPPROVED_CREATES_PER_DAY: bad })).toEqual([
        'MAX_UNAPPROVED_CREATES_PER_DAY must be a whole number from 1 to 1000 (indexes one person may create without approval per UTC day)',
      ]);
  });

  it('serves MCP only when MCP=on, tokens lasting 90 days unless MCP_TOKEN_TTL_DAYS says otherwise', () => {
    const off = parseConfig(valid);
    expect(off.ok && off.config.mcp).toEqual({ enabled: false, tokenTtlDays: 90, callsPerMinute: 60 });
    const on = parseConfig({ ...valid, MCP: 'ON', MCP_TOKEN_TTL_DAYS: '7', MCP_CALLS_PER_MINUTE: '10' });
    expect(on.ok && on.config.mcp).toEqual({ enabled: true, tokenTtlDays: 7, callsPerMinute: 10 });
    expect(problemsOf({ ...valid, MCP: 'yes' })).toEqual([
      'MCP must be on or off (the MCP endpoint at POST /mcp; off by default)',
    ]);
    expect(problemsOf({ ...valid, MCP_TOKEN_TTL_DAYS: '0' })).toEqual([
      'MCP_TOKEN_TTL_DAYS must be a whole number from 1 to 3650 (how many days an MCP token lasts)',
    ]);
  });

  it('serves metrics only when METRICS_PORT is set, and never on the Slack port', () => {
    const off = parseConfig(valid);
    expect(off.ok && off.config.metricsPort).toBeUndefined();
    const on = parseConfig({ ...valid, METRICS_PORT: '9464' });
    expect(on.ok && on.config.metricsPort).toBe(9464);
    expect(problemsOf({ ...valid, METRICS_PORT: 'metrics' })[0]).toMatch(
      /^METRICS_PORT must be a whole number from 0 to 65535/,
    );
    expect(problemsOf({ ...valid, METRICS_PORT: '3000' })).toEqual([
      'METRICS_PORT must differ from PORT — /metrics is never served on the port Slack reaches',
    ]);
    expect(problemsOf({ ...valid, PORT: '8080', METRICS_PORT: '8080' })[0]).toMatch(
      /^METRICS_PORT must differ/,
    );
  });

  it('requires the signing secret in HTTP mode but not in Socket Mode', () => {
    expect(problemsOf({ ...valid, SLACK_SIGNING_SECRET: undefined })[0]).toMatch(
      /^SLACK_SIGNING_SECRET is missing/,
    );
    const socket = parseConfig({
      ...valid,
      SLACK_SIGNING_SECRET: undefined,
      SLACK_APP_TOKEN: 'xapp-test-token',
    });
    expect(socket.ok).toBe(true);
  });

  it('explains malformed IDs, URLs and levels', () => {
    const problems = problemsOf({
      ...valid,
      APPROVAL_CHANNEL_ID: '#approvals',
      APPROVER_USER_IDS: 'U0ALICE,bob',
      MGMT_API_URL: 'https://mgmt.example.test/v2',
      LOG_LEVEL: 'loud',
      DATABASE_URL: 'mysql://x',
    });
    expect(problems).toEqual([
      'MGMT_API_URL must not end with /v2 — opsbot appends /v2/… itself',
      'APPROVAL_CHANNEL_ID is "#approvals", not a channel ID: a channel ID looks like C0123ABCD (at the bottom of the channel’s details in Slack; its #name won’t do)',
      'APPROVER_USER_IDS has "bob", not a user ID: a user ID looks like U0123ABCD (a profile’s ⋮ → Copy member ID)',
      'DATABASE_URL must be a postgres:// or postgresql:// URL (or unset for the embedded SQLite store)',
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent',
    ]);
  });

  it('quotes every malformed ID back, each on one line', () => {
    const problems = problemsOf({
      ...valid,
      APPROVAL_CHANNEL_ID: 'general',
      SLACK_TEAM_ID: 'acme',
      SLACK_APP_ID: 'opsbot',
      ALLOWED_CHANNEL_IDS: 'C0OPS, random',
    });
    expect(problems).toEqual([
      'SLACK_TEAM_ID is "acme", not a team ID: a team ID looks like T0123ABCD',
      'SLACK_APP_ID is "opsbot", not an app ID: an app ID looks like A0123ABCD (the app’s Basic Information page)',
      'APPROVAL_CHANNEL_ID is "general", not a channel ID: a channel ID looks like C0123ABCD (at the bottom of the channel’s details in Slack; its #name won’t do)',
      'ALLOWED_CHANNEL_IDS has "random", not a channel ID: a channel ID looks like C0123ABCD (at the bottom of the channel’s details in Slack; its #name won’t do)',
    ]);
    for (const problem of problems) expect(problem).not.toContain('\n');
  });

  it('normalises the Slack API URL and the management base URL', () => {
    const result = parseConfig({
      ...valid,
      SLACK_API_URL: 'http://127.0.0.1:9/api',
      MGMT_API_URL: 'http://127.0.0.1:8/',
    });
    expect(result.ok && result.config.slack.apiUrl).toBe('http://127.0.0.1:9/api/');
    expect(result.ok && result.config.mgmt.baseUrl).toBe('http://127.0.0.1:8');
  });
});

describe('approvers and the approval rule', () => {
  it('takes approvers from a user group, the ID list, or both — not neither', () => {
    const group = parseConfig({ ...valid, APPROVER_USER_IDS: '', APPROVER_GROUP: '@ops-approvers' });
    expect(group.ok && group.config.approvals).toMatchObject({ approverIds: [], group: 'ops-approvers' });
    const byId = parseConfig({ ...valid, APPROVER_GROUP: 'S0APPROVERS' });
    expect(byId.ok && byId.config.approvals).toMatchObject({
      approverIds: ['U0ALICE', 'U0BOB'],
      group: 'S0APPROVERS',
    });
    expect(problemsOf({ ...valid, APPROVER_USER_IDS: '' })).toEqual([
      'APPROVER_USER_IDS is missing — comma-separated Slack user IDs of approvers, e.g. U0123ABCD,U0456EFGH (or set APPROVER_GROUP to a Slack user group)',
    ]);
    expect(problemsOf({ ...valid, APPROVER_GROUP: 'Ops Approvers!' })).toEqual([
      'APPROVER_GROUP is "Ops Approvers!", not a user group ID or handle: a user group ID or handle looks like S0123ABCD or ops-approvers',
    ]);
  });

  it('reads APPROVALS_REQUIRED as one number or per plan, and stops on anything else with one line', () => {
    const fallback = parseConfig(valid);
    expect(fallback.ok && fallback.config.approvals.rule).toEqual({ required: 1, plans: {} });
    const perPlan = parseConfig({ ...valid, APPROVALS_REQUIRED: 'free=0, payg=2, fixed=2' });
    expect(perPlan.ok && perPlan.config.approvals.rule).toEqual({
      required: 1,
      plans: { free: 0, payg: 2, fixed: 2 },
    });
    expect(problemsOf({ ...valid, APPROVALS_REQUIRED: 'payg=two' })).toEqual([
      'APPROVALS_REQUIRED must be one number from 0 to 10 (e.g. 2) or per plan (e.g. free=0,payg=2,fixed=2); plans are free, payg, fixed',
    ]);
  });
});

describe('secretsOf', () => {
  it('lists every credential the logger must scrub, including the database password', async () => {
    const { secretsOf } = await import('../src/config.ts');
    const result = parseConfig({
      ...valid,
      DATABASE_URL: 'postgres://opsbot:fake-db-pass%21@db.example.test/opsbot',
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(secretsOf(result.config)).toEqual([
      'xoxb-test-not-a-real-token',
      'test-signing-secret-not-real',
      'test-password-not-real',
      'opsbot:fake-db-pass%21',
      'fake-db-pass%21',
      'fake-db-pass!',
    ]);
  });
});

describe('an empty environment', () => {
  it('names every required variable at once, in the documented order', () => {
    const names = problemsOf({}).map((p) => p.split(' ')[0]);
    expect(names).toEqual([
      'SLACK_BOT_TOKEN',
      'SLACK_SIGNING_SECRET',
      'MGMT_API_URL',
      'MGMT_API_USERNAME',
      'MGMT_API_PASSWORD',
      'APPROVAL_CHANNEL_ID',
      'APPROVER_USER_IDS',
    ]);
  });
});

describe('configErrorLine', () => {
  it('is one line: every problem, then the hint, inside it', () => {
    const line = configErrorLine(
      problemsOf({ ...valid, MGMT_API_URL: undefined, MGMT_API_USERNAME: undefined }),
    );
    expect(line.split('\n')).toHaveLength(1);
    expect(line).toMatch(
      /^opsbot: configuration error: MGMT_API_URL is missing — .+; MGMT_API_USERNAME is missing — .+\. Set the environment as \.env\.example shows, or try opsbot without any setup: npm run demo$/,
    );
  });

  it('keeps a problem written over several lines (a policy file) on the one line', () => {
    expect(configErrorLine(['POLICY is not valid YAML:\n  line 2: bad indent'])).toBe(
      'opsbot: configuration error: POLICY is not valid YAML: line 2: bad indent. Set the environment as .env.example shows, or try opsbot without any setup: npm run demo',
    );
  });
});
