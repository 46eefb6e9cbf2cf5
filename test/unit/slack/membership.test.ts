import type { webApi } from '@slack/bolt';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { decide, defaultPolicy } from '../../../src/policy/index.ts';
import { type SlackSimulator, startSlackSimulator } from '../../../src/sim/slack/index.ts';
import { SIM_USERS } from '../../../src/sim/workspace.ts';
import { SIM_CHANNEL_IDS as C, SIM_CHANNELS } from '../../../src/sim/workspace-channels.ts';
import {
  ANSWER_WITHIN_MS,
  createSlackMembership,
  DIRECTORY_MAX_AGE_MS,
} from '../../../src/slack/membership.ts';
import { MEMBERSHIP_MAX_AGE_MS } from '../../../src/slack/user-groups.ts';
import { eventually } from '../../support/poll.ts';
import { simulatorClient } from '../../support/slack-client.ts';

const TOKEN = 'xoxb-test-fake-token';

describe('membership questions asked of Slack', () => {
  let sim: SlackSimulator;
  let client: webApi.WebClient;
  let now = Date.UTC(2026, 0, 5, 9);
  const warnings: unknown[] = [];
  const membership = (pageSize?: number) =>
    createSlackMembership({
      client,
      clock: () => now,
      logger: { warn: (fields: unknown) => warnings.push(fields) },
      ...(pageSize ? { pageSize } : {}),
    });
  const callsTo = (method: string) => sim.callsTo(method).length;

  beforeAll(async () => {
    sim = await startSlackSimulator({
      botToken: TOKEN,
      teamId: 'T0SIMTEAM',
      users: SIM_USERS,
      channels: SIM_CHANNELS,
      clock: () => now,
      userGroups: { S0ONCALL: { handle: 'oncall', users: ['U0APPROVER'] } },
    });
    client = simulatorClient(sim, TOKEN);
  });
  afterAll(() => sim.close());
  beforeEach(() => {
    sim.reset();
    warnings.length = 0;
  });

  it('reads a channel’s members across pages, once for everyone who asks', async () => {
    const slack = membership(2);
    expect(await slack.inChannel('U0OUTSIDER', C.general)).toBe(true);
    expect(await slack.inChannel('U0PARTNER', C.general)).toBe(false);
    expect(callsTo('conversations.members')).toBe(3);
  });

  it('asks Slack again once the answer is older than a short while, and sees the change', async () => {
    const slack = membership();
    expect(await slack.inChannel('U0APPROVER', C.ops)).toBe(true);
    sim.channels.leave(C.ops, 'U0APPROVER');
    expect(await slack.inChannel('U0APPROVER', C.ops)).toBe(true);
    now += MEMBERSHIP_MAX_AGE_MS;
    expect(await slack.inChannel('U0APPROVER', C.ops)).toBe(false);
    expect(callsTo('conversations.members')).toBe(2);
  });

  it('makes one read for questions asked together', async () => {
    const slack = membership();
    const answers = await Promise.all(
      ['U0REQUESTER', 'U0APPROVER', 'U0OUTSIDER'].map((u) => slack.inChannel(u, C.ops)),
    );
    expect(answers).toEqual([true, true, false]);
    expect(callsTo('conversations.members')).toBe(1);
  });

  it('says unknown when Slack fails, without reusing the last answer, and asks again next time', async () => {
    const slack = membership();
    expect(await slack.inChannel('U0REQUESTER', C.ops)).toBe(true);
    now += MEMBERSHIP_MAX_AGE_MS;
    sim.fail('conversations.members', { rateLimited: 30 });
    expect(await slack.inChannel('U0REQUESTER', C.ops)).toBe('unknown');
    expect(warnings).toMatchObject([{ event: 'membership_unreadable', question: `members:${C.ops}` }]);
    expect(await slack.inChannel('U0REQUESTER', C.ops)).toBe(true);
  });

  it('answers user group membership, a deleted group having nobody in it', async () => {
    const slack = membership();
    expect(await slack.inUserGroup('U0APPROVER', 'S0ONCALL')).toBe(true);
    expect(await slack.inUserGroup('U0REQUESTER', 'S0ONCALL')).toBe(false);
    expect(await slack.inUserGroup('U0APPROVER', 'S0GONE')).toBe(false);
    expect(callsTo('usergroups.users.list')).toBe(2);
    sim.fail('usergroups.users.list', { error: 'fatal_error' });
    expect(await membership().inUserGroup('U0APPROVER', 'S0ONCALL')).toBe('unknown');
  });

  it('knows a person’s DM with opsbot by asking Slack once (conversations.open), and no one else’s DM as theirs', async () => {
    const slack = membership();
    const own = sim.dmWith('U0REQUESTER');
    expect(await slack.isOwnDm('U0REQUESTER', own)).toBe(true);
    expect(await slack.isOwnDm('U0REQUESTER', sim.dmWith('U0APPROVER'))).toBe(false);
    expect(callsTo('conversations.open')).toBe(1);
    sim.fail('conversations.open', { error: 'internal_error' });
    expect(await membership().isOwnDm('U0REQUESTER', own)).toBe('unknown');
  });

  it('knows where opsbot can post: not archived channels, not private ones it isn’t in', async () => {
    const slack = membership();
    expect(await slack.canPost(C.ops)).toEqual({ ok: true });
    expect(await slack.canPost(C.opsPrivate)).toEqual({ ok: true });
    expect(await slack.canPost(C.archived)).toEqual({ ok: false, code: 'is_archived' });
    expect(await slack.canPost(C.secret)).toEqual({ ok: false, code: 'channel_not_found' });
    sim.fail('conversations.list', { error: 'internal_error' });
    expect(await membership().canPost(C.ops)).toBe('unknown');
  });

  it('learns what every channel is from one directory, kept for minutes, asking alone only about one it lacks', async () => {
    const slack = membership(2);
    const answers = await Promise.all(
      [C.ops, C.general, C.approvals, C.opsPrivate, C.archived].map((c) => slack.canSee('U0OUTSIDER', c)),
    );
    expect(answers).toEqual([true, true, true, false, true]);
    // Every page of the directory once for all five questions; members only of the private channel.
    const pages = callsTo('conversations.list');
    expect(pages).toBeGreaterThan(1);
    expect(callsTo('conversations.info')).toBe(0);
    expect(new Set(sim.callsTo('conversations.members').map((c) => c.args.channel))).toEqual(
      new Set([C.opsPrivate]),
    );
    // A private channel opsbot isn't in is not in the directory: asked alone, and not shown.
    expect(await slack.canSee('U0OUTSIDER', C.secret)).toBe(false);
    expect(callsTo('conversations.info')).toBe(1);
    now += MEMBERSHIP_MAX_AGE_MS;
    expect(await slack.canSee('U0OUTSIDER', C.general)).toBe(true);
    expect(callsTo('conversations.list')).toBe(pages);
    now += DIRECTORY_MAX_AGE_MS;
    sim.channels.archive(C.general);
    // Past its age the directory still answers at once while it is read again (a read of thousands
    // of channels takes longer than a decision may wait); the next answer has the change.
    expect(await slack.canPost(C.general)).toEqual({ ok: true });
    await eventually(() => callsTo('conversations.list') === 2 * pages);
    await eventually(async () => JSON.stringify(await slack.canPost(C.general)).includes('is_archived'));
    expect(await slack.canPost(C.general)).toEqual({ ok: false, code: 'is_archived' });
  });

  it('lets a decision refuse, and change nothing, when Slack can’t say', async () => {
    sim.fail('conversations.members', { error: 'internal_error' });
    const decision = await decide(
      defaultPolicy(),
      'watch.manage',
      { userId: 'U0REQUESTER', postsTo: [C.ops] },
      membership(),
    );
    expect(decision).toEqual({
      allowed: false,
      reason: 'membership-unknown',
      sentence: `Slack didn’t say just now whether you’re in <#${C.ops}>, so nothing was done: try again in a minute.`,
    });
    const refused = await decide(
      defaultPolicy(),
      'watch.manage',
      { userId: 'U0OUTSIDER', postsTo: [C.ops] },
      membership(),
    );
    expect(refused).toMatchObject({ reason: 'where' });
  });
});

describe('a membership question Slack is slow to answer', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it(`is 'unknown' after ${ANSWER_WITHIN_MS} ms, and Slack's late answer is kept for the next decision`, async () => {
    vi.useFakeTimers();
    let answer: (value: { members: string[] }) => void = () => {};
    const members = vi.fn(
      () =>
        new Promise<{ members: string[] }>((resolve) => {
          answer = resolve;
        }),
    );
    const client = { conversations: { members }, usergroups: {} } as unknown as Parameters<
      typeof createSlackMembership
    >[0]['client'];
    const warnings: Array<{ event?: string }> = [];
    const slack = createSlackMembership({
      client,
      clock: () => Date.now(),
      logger: { warn: (fields: { event?: string }) => warnings.push(fields) },
    });
    const asked = slack.inChannel('U0APPROVER', 'C0OPS');
    // A second asker of the same question, late too: said once, not once per asker.
    const alsoAsked = slack.inChannel('U0APPROVER', 'C0OPS');
    await vi.advanceTimersByTimeAsync(ANSWER_WITHIN_MS - 1);
    let settled = false;
    void asked.then(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await asked).toBe('unknown');
    expect(await alsoAsked).toBe('unknown');
    expect(warnings.map((w) => w.event)).toEqual(['membership_late']);
    // The read went on; its answer serves the next decision without asking again.
    answer({ members: ['U0APPROVER'] });
    await vi.advanceTimersByTimeAsync(0);
    expect(await slack.inChannel('U0APPROVER', 'C0OPS')).toBe(true);
    expect(members).toHaveBeenCalledTimes(1);
  });
});
