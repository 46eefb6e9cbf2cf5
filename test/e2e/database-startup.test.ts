// `node src/main.ts` with a DATABASE_URL nobody answers: the operator gets one line saying where it
// tried to connect — host and port, never the password — and exit code 1, not a stack trace.
// Needs no PostgreSQL server: the point is that there is none.

import { describe, expect, it } from 'vitest';
import { runMain } from '../support/spawned-app.ts';

const DB_PASSWORD = 'fake-pass-5321';

const env = {
  SLACK_BOT_TOKEN: 'xoxb-test-fake-token',
  SLACK_SIGNING_SECRET: 'test-fake-signing-secret',
  MGMT_API_URL: 'http://127.0.0.1:9',
  MGMT_API_USERNAME: 'test-user',
  MGMT_API_PASSWORD: 'test-fake-password',
  APPROVAL_CHANNEL_ID: 'C0APPROVALS',
  APPROVER_USER_IDS: 'U0APPROVER',
  PORT: '0',
};

const run = (databaseUrl: string) => runMain({ ...env, DATABASE_URL: databaseUrl });

describe('start-up with an unreachable database', () => {
  it('exits 1 with one line naming host and port (a closed port), without the password', async () => {
    const { code, stdout, stderr } = await run(`postgres://u:${DB_PASSWORD}@127.0.0.1:1/x`);
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([
      'opsbot: could not open the store: cannot reach PostgreSQL at 127.0.0.1:1 (database "x"): ' +
        'connect ECONNREFUSED 127.0.0.1:1; check DATABASE_URL and that the database is running',
    ]);
    expect(stdout + stderr).not.toContain(DB_PASSWORD);
    expect(stdout).not.toContain('"event":"listening"');
  });

  it('names a host that does not resolve the same way', async () => {
    const { code, stdout, stderr } = await run(
      `postgres://u:${DB_PASSWORD}@db.invalid:5432/x?sslmode=require`,
    );
    expect(code).toBe(1);
    const lines = stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^opsbot: could not open the store: cannot reach PostgreSQL at db\.invalid:5432 \(database "x"\): .+; check DATABASE_URL/,
    );
    expect(stdout + stderr).not.toContain(DB_PASSWORD);
  });
});
