import type { AddressInfo } from 'node:net';
import { App, LogLevel } from '@slack/bolt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSlackDriver } from '../../../../src/sim/driver/driver.ts';
import { type SlackSimulator, startSlackSimulator } from '../../../../src/sim/slack/index.ts';

const TOKEN = 'xoxb-test-fake-token';
const SECRET = 'fake-signing-secret';

describe('slash command text with should_escape', () => {
  let sim: SlackSimulator;
  let app: App;
  let appUrl: string;
  const received: string[] = [];
  beforeAll(async () => {
    sim = await startSlackSimulator({
      botToken: TOKEN,
      users: { U0ALICE: { tz: 'UTC', name: 'alice' }, U0BOB: { tz: 'UTC', name: 'bob' } },
      channels: { C0GENERAL: { name: 'general' } },
      userGroups: { S0ONCALL: { handle: 'search-oncall', users: ['U0BOB'] } },
    });
    app = new App({
      token: TOKEN,
      signingSecret: SECRET,
      logLevel: LogLevel.ERROR,
      clientOptions: { slackApiUrl: sim.apiUrl, retryConfig: { retries: 0 } },
    });
    app.command('/ops', async ({ ack, command }) => {
      received.push(command.text);
      await ack();
    });
    const server = await app.start(0);
    appUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/slack/events`;
  });
  afterAll(async () => {
    await app.stop();
    await sim.close();
  });

  it('escapes known people, user groups and channels; leaves unknown names as typed', () => {
    expect(
      sim.escapeCommandText('watch idx-1 p99 > 250 for 3 notify @search-oncall @alice @nobody in #general'),
    ).toBe(
      'watch idx-1 p99 &gt; 250 for 3 notify <!subteam^S0ONCALL|@search-oncall> <@U0ALICE|alice> @nobody in <#C0GENERAL|general>',
    );
    expect(sim.escapeCommandText('ping @bob. and @here')).toBe('ping <@U0BOB|bob>. and <!here>');
    // Not a mention: no space before the @, so Slack leaves it (e.g. an e-mail address).
    expect(sim.escapeCommandText('mail bob@example.com')).toBe('mail bob@example.com');
  });

  it('follows the group as it is now: a new handle is escaped, a disabled group is not', () => {
    sim.userGroups.set('S0APPROVERS', { handle: 'ops-approvers' });
    expect(sim.escapeCommandText('@ops-approvers')).toBe('<!subteam^S0APPROVERS|@ops-approvers>');
    sim.userGroups.disable('S0APPROVERS');
    expect(sim.escapeCommandText('@ops-approvers')).toBe('@ops-approvers');
  });

  it('sends escaped text when asked (per command or for the driver), and the text as given otherwise', async () => {
    const driver = createSlackDriver({ appUrl, signingSecret: SECRET, slack: sim, userId: 'U0ALICE' });
    await driver.command('notify @bob @nobody');
    await driver.command('notify @bob @nobody', { escape: true });
    const escaping = createSlackDriver({
      appUrl,
      signingSecret: SECRET,
      slack: sim,
      escapeCommandText: true,
    });
    await escaping.command('notify @search-oncall');
    expect(received).toEqual([
      'notify @bob @nobody',
      'notify <@U0BOB|bob> @nobody',
      'notify <!subteam^S0ONCALL|@search-oncall>',
    ]);
  });
});
