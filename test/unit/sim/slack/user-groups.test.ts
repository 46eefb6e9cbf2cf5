import { webApi } from '@slack/bolt';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type SlackSimulator, startSlackSimulator } from '../../../../src/sim/slack/index.ts';
import { quietSlackLogger } from '../../../support/slack-client.ts';

const TOKEN = 'xoxb-test-fake-token';
const START = Date.UTC(2024, 0, 1, 12, 0, 0);

describe('Slack simulator: user groups', () => {
  let sim: SlackSimulator;
  let client: webApi.WebClient;
  let now = START;
  beforeAll(async () => {
    sim = await startSlackSimulator({
      botToken: TOKEN,
      teamId: 'T0TEST',
      clock: () => now,
      userGroups: { S0ONCALL: { handle: 'search-oncall', name: 'Search on-call', users: ['U0BOB'] } },
    });
    client = new webApi.WebClient(TOKEN, {
      slackApiUrl: sim.apiUrl,
      retryConfig: { retries: 0 },
      logger: quietSlackLogger,
    });
  });
  afterAll(() => sim.close());
  beforeEach(() => {
    now = START;
    sim.reset();
    sim.userGroups.set('S0APPROVERS', { handle: 'ops-approvers', users: ['U0ALICE', 'U0CAROL'] });
  });

  it('lists the groups as Slack does: S… ids, handles, team, dates in Unix seconds, users on request', async () => {
    const plain = await client.usergroups.list();
    expect(plain.usergroups?.map((g) => [g.id, g.handle, g.team_id])).toEqual([
      ['S0ONCALL', 'search-oncall', 'T0TEST'],
      ['S0APPROVERS', 'ops-approvers', 'T0TEST'],
    ]);
    expect(plain.usergroups?.[1]).toMatchObject({
      is_usergroup: true,
      name: 'ops-approvers',
      date_create: START / 1000,
      date_update: START / 1000,
      date_delete: 0,
      prefs: { channels: [], groups: [] },
    });
    expect(plain.usergroups?.[1]).not.toHaveProperty('users');
    const withUsers = await client.usergroups.list({ include_users: true });
    expect(withUsers.usergroups?.[1]).toMatchObject({ users: ['U0ALICE', 'U0CAROL'], user_count: 2 });
  });

  it('answers usergroups.users.list with the membership as it is at the time of the call', async () => {
    const read = async () => (await client.usergroups.users.list({ usergroup: 'S0APPROVERS' })).users;
    expect(await read()).toEqual(['U0ALICE', 'U0CAROL']);
    now += 60_000;
    sim.userGroups.addMember('S0APPROVERS', 'U0DAVE');
    sim.userGroups.removeMember('S0APPROVERS', 'U0ALICE');
    expect(await read()).toEqual(['U0CAROL', 'U0DAVE']);
    const [, group] = (await client.usergroups.list()).usergroups ?? [];
    expect(group?.date_update).toBe(START / 1000 + 60);
    sim.userGroups.set('S0APPROVERS', { handle: 'ops-approvers', users: [] });
    expect(await read()).toEqual([]);
  });

  it('hides a disabled group unless include_disabled, and says no_such_subteam for an unknown id', async () => {
    now += 5_000;
    sim.userGroups.disable('S0APPROVERS');
    expect((await client.usergroups.list()).usergroups?.map((g) => g.id)).toEqual(['S0ONCALL']);
    const all = await client.usergroups.list({ include_disabled: true });
    expect(all.usergroups?.[1]?.date_delete).toBe(START / 1000 + 5);
    await expect(client.usergroups.users.list({ usergroup: 'S0APPROVERS' })).rejects.toMatchObject({
      data: { ok: false, error: 'no_such_subteam' },
    });
    const disabled = await client.usergroups.users.list({ usergroup: 'S0APPROVERS', include_disabled: true });
    expect(disabled.users).toEqual(['U0ALICE', 'U0CAROL']);
    await expect(client.usergroups.users.list({ usergroup: 'S0NOPE' })).rejects.toMatchObject({
      data: { error: 'no_such_subteam' },
    });
  });

  it('answers plan_upgrade_required on a plan without user groups (free workspaces)', async () => {
    sim.userGroups.setPlanHasUserGroups(false);
    await expect(client.usergroups.list()).rejects.toMatchObject({
      data: { error: 'plan_upgrade_required' },
    });
    await expect(client.usergroups.users.list({ usergroup: 'S0APPROVERS' })).rejects.toMatchObject({
      data: { error: 'plan_upgrade_required' },
    });
  });

  it('fails on demand with the fault book: a Slack error, then HTTP 500, then recovers', async () => {
    sim.fail('usergroups.users.list', { error: 'internal_error' });
    sim.fail('usergroups.users.list', { status: 500 });
    await expect(client.usergroups.users.list({ usergroup: 'S0APPROVERS' })).rejects.toMatchObject({
      data: { error: 'internal_error' },
    });
    await expect(client.usergroups.users.list({ usergroup: 'S0APPROVERS' })).rejects.toThrow(/500/);
    expect((await client.usergroups.users.list({ usergroup: 'S0APPROVERS' })).users).toHaveLength(2);
    expect(sim.callsTo('usergroups.users.list').map((c) => c.status)).toEqual([200, 500, 200]);
  });

  it('refuses a missing usergroup argument and bad test input', async () => {
    await expect(client.apiCall('usergroups.users.list', {})).rejects.toMatchObject({
      data: { error: 'invalid_arguments' },
    });
    expect(() => sim.userGroups.set('G1', { handle: 'x' })).toThrow(/start with S/);
    expect(() => sim.userGroups.set('S0OTHER', { handle: 'ops-approvers' })).toThrow(/already used/);
    expect(() => sim.userGroups.addMember('S0NOPE', 'U1')).toThrow(/no user group S0NOPE/);
  });

  it('starts again from the configured groups on reset', async () => {
    sim.userGroups.remove('S0ONCALL');
    sim.reset();
    expect(sim.userGroups.all().map((g) => g.id)).toEqual(['S0ONCALL']);
    expect(sim.userGroups.byHandle('@search-oncall')?.users).toEqual(['U0BOB']);
  });
});

describe('Slack simulator: user group rate limits', () => {
  it('holds both methods to Tier 2 (20 per minute) from the reference', async () => {
    let now = START;
    const sim = await startSlackSimulator({ botToken: TOKEN, rateLimits: true, clock: () => now });
    try {
      sim.userGroups.set('S0APPROVERS', { handle: 'ops-approvers', users: ['U1'] });
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++) {
        const res = await fetch(`${sim.apiUrl}usergroups.users.list?usergroup=S0APPROVERS`, {
          headers: { Authorization: `Bearer ${TOKEN}` },
        });
        statuses.push(res.status);
      }
      expect(statuses.filter((s) => s === 200)).toHaveLength(20);
      expect(statuses.at(-1)).toBe(429);
      now += 60_000;
      const res = await fetch(`${sim.apiUrl}usergroups.list`, {
        headers: { Authorization: `Bearer ${TOKEN}` },
      });
      expect(res.status).toBe(200);
    } finally {
      await sim.close();
    }
  });
});
