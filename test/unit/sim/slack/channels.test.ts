import type { webApi } from '@slack/bolt';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type SlackSimulator, startSlackSimulator } from '../../../../src/sim/slack/index.ts';
import { SIM_USERS } from '../../../../src/sim/workspace.ts';
import { SIM_CHANNEL_IDS as C, SIM_CHANNELS, SIM_PARTNER } from '../../../../src/sim/workspace-channels.ts';
import { simulatorClient } from '../../../support/slack-client.ts';

const TOKEN = 'xoxb-test-fake-token';
const BOT = 'U0SIMBOT';

describe('Slack simulator: channel membership', () => {
  let sim: SlackSimulator;
  let client: webApi.WebClient;
  beforeAll(async () => {
    sim = await startSlackSimulator({
      botToken: TOKEN,
      teamId: 'T0SIMTEAM',
      users: SIM_USERS,
      channels: SIM_CHANNELS,
    });
    client = simulatorClient(sim, TOKEN);
  });
  afterAll(() => sim.close());
  beforeEach(() => sim.reset());

  const error = (code: string) => ({ data: { ok: false, error: code } });

  it('pages conversations.members with Slack’s cursors until next_cursor is empty', async () => {
    const pages: string[][] = [];
    let cursor: string | undefined;
    do {
      const page = await client.conversations.members({
        channel: C.general,
        limit: 2,
        ...(cursor ? { cursor } : {}),
      });
      pages.push(page.members ?? []);
      cursor = page.response_metadata?.next_cursor || undefined;
    } while (cursor !== undefined);
    expect(pages).toEqual([['U0REQUESTER', 'U0APPROVER'], ['U0APPROVER2', 'U0OUTSIDER'], [BOT]]);
  });

  it('answers channel_not_found for an unknown channel and a private one opsbot isn’t in', async () => {
    await expect(client.conversations.members({ channel: 'C0NOWHERE' })).rejects.toMatchObject(
      error('channel_not_found'),
    );
    await expect(client.conversations.members({ channel: C.secret })).rejects.toMatchObject(
      error('channel_not_found'),
    );
    await expect(client.conversations.info({ channel: C.secret })).rejects.toMatchObject(
      error('channel_not_found'),
    );
  });

  it('refuses a bad limit or cursor as Slack does', async () => {
    await expect(client.conversations.members({ channel: C.ops, limit: 0 })).rejects.toMatchObject(
      error('invalid_limit'),
    );
    await expect(client.conversations.members({ channel: C.ops, cursor: 'bm9wZQ==' })).rejects.toMatchObject(
      error('invalid_cursor'),
    );
    await expect(client.users.conversations({ user: 'U0REQUESTER', limit: 1000 })).rejects.toMatchObject(
      error('invalid_limit'),
    );
  });

  it('lists a person’s channels, private ones only where opsbot is too', async () => {
    const ids = async (user: string, extra: Record<string, unknown> = {}) =>
      (
        await client.users.conversations({ user, types: 'public_channel,private_channel', ...extra })
      ).channels?.map((c) => c.id);
    expect(await ids('U0REQUESTER')).toEqual([C.approvals, C.general, C.ops, C.archived, C.shared]);
    expect(await ids('U0REQUESTER', { exclude_archived: true })).toEqual([
      C.approvals,
      C.general,
      C.ops,
      C.shared,
    ]);
    expect(await ids('U0APPROVER2')).toEqual([C.approvals, C.general, C.opsPrivate]);
    const publicOnly = await client.users.conversations({ user: 'U0APPROVER2' });
    expect(publicOnly.channels?.map((c) => c.id)).toEqual([C.approvals, C.general]);
    await expect(client.users.conversations({ user: 'U0NOBODY' })).rejects.toMatchObject(
      error('user_not_found'),
    );
    await expect(client.users.conversations({ user: 'U0APPROVER', types: 'channels' })).rejects.toMatchObject(
      error('invalid_types'),
    );
  });

  it('lists the workspace’s channels, private ones only where opsbot is, in pages', async () => {
    const all: { id?: string; is_private?: boolean; is_member?: boolean }[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.conversations.list({
        types: 'public_channel,private_channel',
        limit: 3,
        ...(cursor ? { cursor } : {}),
      });
      all.push(...(page.channels ?? []));
      cursor = page.response_metadata?.next_cursor || undefined;
    } while (cursor);
    expect(all.map((c) => c.id)).toEqual([
      C.approvals,
      C.general,
      C.ops,
      C.incidents,
      C.opsPrivate,
      C.archived,
      C.shared,
    ]);
    expect(all.find((c) => c.id === C.opsPrivate)).toMatchObject({ is_private: true, is_member: true });
    const publicOnly = await client.conversations.list({ exclude_archived: true });
    expect(publicOnly.channels?.map((c) => c.id)).not.toContain(C.archived);
    expect(publicOnly.channels?.map((c) => c.id)).not.toContain(C.opsPrivate);
    await expect(client.conversations.list({ limit: 1001 })).rejects.toMatchObject(error('invalid_limit'));
    await expect(client.conversations.list({ types: 'channels' })).rejects.toMatchObject(
      error('invalid_types'),
    );
  });

  it('sees joins, leaves and archiving at the next call', async () => {
    sim.channels.join(C.incidents, 'U0REQUESTER');
    sim.channels.leave(C.ops, 'U0APPROVER');
    sim.channels.archive(C.ops);
    expect((await client.conversations.members({ channel: C.incidents })).members).toEqual([
      'U0APPROVER',
      'U0REQUESTER',
      BOT,
    ]);
    expect((await client.conversations.members({ channel: C.ops })).members).toEqual(['U0REQUESTER', BOT]);
    expect((await client.conversations.info({ channel: C.ops })).channel).toMatchObject({
      is_archived: true,
    });
    sim.reset();
    expect((await client.conversations.info({ channel: C.ops })).channel).toMatchObject({
      is_archived: false,
    });
  });

  it('describes private, archived and shared channels in conversations.info', async () => {
    const info = async (channel: string) => (await client.conversations.info({ channel })).channel;
    expect(await info(C.opsPrivate)).toMatchObject({
      is_private: true,
      is_member: true,
      name: 'ops-private',
    });
    expect(await info(C.archived)).toMatchObject({ is_archived: true, is_private: false });
    expect(await info(C.shared)).toMatchObject({
      is_ext_shared: true,
      shared_team_ids: ['T0SIMTEAM', SIM_PARTNER.teamId],
    });
  });

  it('knows the Slack Connect person as a member of another team', async () => {
    expect((await client.users.info({ user: SIM_PARTNER.id })).user?.team_id).toBe(SIM_PARTNER.teamId);
    expect((await client.conversations.members({ channel: C.shared })).members).toContain(SIM_PARTNER.id);
    expect((await client.users.conversations({ user: SIM_PARTNER.id })).channels?.map((c) => c.id)).toEqual([
      C.shared,
    ]);
  });

  it('answers ratelimited with Retry-After when Slack is busy', async () => {
    sim.fail('conversations.members', { rateLimited: 3 });
    await expect(client.conversations.members({ channel: C.ops })).rejects.toMatchObject({
      code: 'slack_webapi_rate_limited_error',
      retryAfter: 3,
    });
  });
});

describe('Slack simulator: membership rate tiers', () => {
  let now = Date.UTC(2026, 0, 5);
  let sim: SlackSimulator;
  beforeAll(async () => {
    sim = await startSlackSimulator({
      botToken: TOKEN,
      users: SIM_USERS,
      channels: SIM_CHANNELS,
      rateLimits: true,
      clock: () => now,
    });
  });
  afterAll(() => sim.close());

  it('holds conversations.list to Tier 2, users.conversations to Tier 3 and conversations.members to Tier 4 a minute', async () => {
    const client = simulatorClient(sim, TOKEN);
    const limitedAfter = async (call: () => Promise<unknown>) => {
      for (let i = 1; i <= 200; i++) {
        const failed = await call().then(
          () => false,
          (e: { code?: string }) => e.code === 'slack_webapi_rate_limited_error',
        );
        if (failed) return i - 1;
      }
      return 'never';
    };
    expect(await limitedAfter(() => client.conversations.list())).toBe(20);
    expect(await limitedAfter(() => client.users.conversations({ user: 'U0REQUESTER' }))).toBe(50);
    expect(await limitedAfter(() => client.conversations.members({ channel: C.ops }))).toBe(100);
    now += 60_000;
    await expect(client.conversations.members({ channel: C.ops })).resolves.toMatchObject({ ok: true });
  });
});
