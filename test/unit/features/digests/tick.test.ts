import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StatsPeriod } from '../../../../src/api/index.ts';
import type { DigestsOutbound } from '../../../../src/features/digests/outbound.ts';
import { createTickParts } from '../../../../src/features/digests/parts.ts';
import { runDigestTick } from '../../../../src/features/digests/tick.ts';
import { listAccountSummaries } from '../../../../src/features/messaging-accounts/service.ts';
import { createJob, type JobTimers } from '../../../../src/jobs.ts';
import { createLogger, type Logger } from '../../../../src/log.ts';
import { createPacer } from '../../../../src/slack/pacer.ts';
import type { Store } from '../../../../src/store/index.ts';
import { openSqliteStore } from '../../../../src/store/sqlite/sqlite-store.ts';
import { WorkTracker } from '../../../../src/work-tracker.ts';
import { textWithAltOf as textOf } from '../../../support/blocks.ts';
import { fakeParts, statsFor, subscriptionInput as subscription } from '../../../support/digests.ts';
import { until } from '../../../support/poll.ts';

const HOUR = 3_600_000;
const RUN_AT = Date.parse('2026-11-23T08:00:00Z'); // 09:00 in Berlin
const logger = createLogger({ level: 'silent' });

type Posted = { channel: string; text: string; blocks?: unknown[] };

function fakeSlack(fail?: (channel: string, n: number) => unknown): DigestsOutbound & { posts: Posted[] } {
  const posts: Posted[] = [];
  let n = 0;
  return {
    posts,
    async postMessage(args) {
      n += 1;
      const error = fail?.(args.channel, n);
      if (error !== undefined) throw error;
      posts.push(args);
      return { ts: `${1_700_000_000 + posts.length}.000100` };
    },
    async uploadPng() {
      return 'F0CARD';
    },
  };
}

const platformError = (code: string) =>
  Object.assign(new Error(code), { code: 'slack_webapi_platform_error', data: { ok: false, error: code } });

describe('digest scheduler tick', () => {
  let now = RUN_AT;
  let dir: string;
  let store: Store;
  const clock = () => now;

  /** The tick as the feature runs it: inside a job, which keeps a process's ticks from overlapping. */
  function scheduler(
    slack: DigestsOutbound,
    options: {
      owner?: string;
      partsForTick?: () => ReturnType<typeof fakeParts>;
      on?: Store;
      logger?: Logger;
      timers?: JobTimers;
    } = {},
  ) {
    const deps = {
      store: options.on ?? store,
      clock,
      logger: options.logger ?? logger,
      partsForTick: options.partsForTick ?? (() => fakeParts()),
      batchSize: 500,
      channelConcurrency: 8,
      runner: {
        slack,
        pacer: createPacer({ perMinute: 60_000, burst: 1_000, perChannelGapMs: 0 }),
        owner: options.owner ?? 'instance-a',
        leaseMs: 60_000,
        catchUpMs: 3 * HOUR,
        maxAttempts: 3,
        retryDelaysMs: [],
        command: '/ops',
        work: new WorkTracker(),
        timers: options.timers,
      },
    };
    const job = createJob({
      name: 'digest_scheduler',
      intervalMs: 60_000,
      logger,
      work: new WorkTracker(),
      run: (signal) => runDigestTick(deps, signal),
    });
    return {
      async runOnce() {
        const report = await job.runOnce();
        if (report === undefined) throw new Error('the tick failed');
        return report;
      },
    };
  }

  beforeEach(async () => {
    now = RUN_AT;
    dir = mkdtempSync(join(tmpdir(), 'opsbot-digests-'));
    store = await openSqliteStore({ path: join(dir, 'db.sqlite'), clock });
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('posts a due digest once, records the run and moves the schedule to the next day', async () => {
    await store.upsertSubscription(subscription());
    const slack = fakeSlack();
    const s = scheduler(slack);
    now = RUN_AT - 60_000;
    expect((await s.runOnce()).due).toBe(0);
    now = RUN_AT + 5_000;
    expect((await s.runOnce()).outcomes).toEqual({ posted: 1 });
    expect(slack.posts).toHaveLength(1);
    expect(textOf(slack.posts[0]?.blocks)).toContain('Daily digest · Monday 23 November 2026');
    const [run] = await store.listDigestRuns('C0DIGEST', 5);
    expect(run).toMatchObject({ localDate: '2026-11-23', status: 'posted', messageTs: '1700000001.000100' });
    expect((await store.getSubscription('C0DIGEST'))?.nextRunAt).toBe(RUN_AT + 24 * HOUR);
    expect((await s.runOnce()).due).toBe(0);
    expect(slack.posts).toHaveLength(1);
  });

  it('overlapping ticks in one process and two instances on one database post once', async () => {
    await store.upsertSubscription(subscription());
    const other = await openSqliteStore({ path: join(dir, 'db.sqlite'), clock });
    try {
      const slack = fakeSlack();
      const a = scheduler(slack);
      const b = scheduler(slack, { owner: 'instance-b', on: other });
      now = RUN_AT + 1_000;
      await Promise.all([a.runOnce(), a.runOnce(), b.runOnce(), b.runOnce()]);
      expect(slack.posts).toHaveLength(1);
      expect((await store.listDigestRuns('C0DIGEST', 5)).map((r) => r.status)).toEqual(['posted']);
    } finally {
      await other.close();
    }
  });

  it('after a restart with the schedule not yet advanced, the posted run is not posted again', async () => {
    await store.upsertSubscription(subscription());
    now = RUN_AT + 1_000;
    await store.claimDigestRun({
      channelId: 'C0DIGEST',
      localDate: '2026-11-23',
      scheduledFor: RUN_AT,
      owner: 'dead',
      leaseMs: 60_000,
      now,
    });
    await store.completeDigestRun('C0DIGEST', '2026-11-23', 'dead', {
      status: 'posted',
      at: now,
      messageTs: '1.1',
    });
    const slack = fakeSlack();
    expect((await scheduler(slack).runOnce()).outcomes).toEqual({ 'already-done': 1 });
    expect(slack.posts).toHaveLength(0);
    expect((await store.getSubscription('C0DIGEST'))?.nextRunAt).toBe(RUN_AT + 24 * HOUR);
  });

  it('a run held under a live lease is left alone; an expired lease is taken over', async () => {
    await store.upsertSubscription(subscription());
    now = RUN_AT + 1_000;
    await store.claimDigestRun({
      channelId: 'C0DIGEST',
      localDate: '2026-11-23',
      scheduledFor: RUN_AT,
      owner: 'crashed',
      leaseMs: 60_000,
      now,
    });
    const slack = fakeSlack();
    const s = scheduler(slack);
    expect((await s.runOnce()).outcomes).toEqual({ busy: 1 });
    now += 61_000;
    expect((await s.runOnce()).outcomes).toEqual({ posted: 1 });
    expect((await store.listDigestRuns('C0DIGEST', 1))[0]).toMatchObject({
      status: 'posted',
      attempts: 2,
      leaseOwner: 'instance-a',
    });
  });

  it('a lease renewal that fails is logged, and the run still posts once', async () => {
    await store.upsertSubscription(subscription());
    const lines: string[] = [];
    const logged = createLogger({
      level: 'info',
      destination: { write: (line: string) => lines.push(line) },
    });
    let renew: (() => void) | undefined;
    const timers: JobTimers = {
      setInterval: (run) => {
        renew = run;
        return 1;
      },
      clearInterval: () => undefined,
      setTimeout: () => undefined,
    };
    let release = () => {};
    const posting = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slack = fakeSlack();
    const held: DigestsOutbound = {
      ...slack,
      postMessage: (args) => posting.then(() => slack.postMessage(args)),
    };
    const blinking: Store = {
      ...store,
      renewDigestRun: async () => {
        throw new Error('the database is not answering');
      },
    };
    now = RUN_AT + 1_000;
    const tick = scheduler(held, { on: blinking, logger: logged, timers }).runOnce();
    (await until(() => renew, 'the lease renewal to be scheduled'))();
    const line = await until(
      () => lines.find((l) => l.includes('"job_failed"')),
      'the failed renewal logged',
    );
    release();
    expect((await tick).outcomes).toEqual({ posted: 1 });
    expect(JSON.parse(line)).toMatchObject({
      job: 'digest_lease_renewal',
      channel: 'C0DIGEST',
      err: { message: 'the database is not answering' },
    });
    expect(slack.posts).toHaveLength(1);
  });

  it('catches up a digest missed by less than the limit, once', async () => {
    await store.upsertSubscription(subscription());
    const slack = fakeSlack();
    now = RUN_AT + 2 * HOUR;
    await scheduler(slack).runOnce();
    await scheduler(slack).runOnce();
    expect(slack.posts).toHaveLength(1);
  });

  it('skips a digest missed by more than the limit, with a note, and posts nothing', async () => {
    await store.upsertSubscription(subscription());
    const slack = fakeSlack();
    now = RUN_AT + 4 * HOUR;
    expect((await scheduler(slack).runOnce()).outcomes).toEqual({ skipped: 1 });
    expect(slack.posts).toHaveLength(0);
    const [run] = await store.listDigestRuns('C0DIGEST', 1);
    expect(run?.status).toBe('skipped');
    expect(run?.note).toContain('4 h late after downtime (catch-up limit 3 h)');
    expect((await store.getSubscription('C0DIGEST'))?.nextRunAt).toBe(RUN_AT + 24 * HOUR);
  });

  it('after days of downtime posts only today’s digest, never a burst', async () => {
    await store.upsertSubscription(subscription({ nextRunAt: RUN_AT - 3 * 24 * HOUR }));
    const slack = fakeSlack();
    now = RUN_AT + HOUR;
    await scheduler(slack).runOnce();
    expect(slack.posts).toHaveLength(1);
    const runs = await store.listDigestRuns('C0DIGEST', 10);
    expect(runs.map((r) => [r.localDate, r.status])).toEqual([
      ['2026-11-23', 'posted'],
      ['2026-11-20', 'skipped'],
    ]);
  });

  it('cannot post (not in a private channel): the run fails with a note and the configurer gets a DM', async () => {
    await store.upsertSubscription(subscription());
    const slack = fakeSlack((channel) =>
      channel === 'C0DIGEST' ? platformError('channel_not_found') : undefined,
    );
    now = RUN_AT;
    expect((await scheduler(slack).runOnce()).outcomes).toEqual({ failed: 1 });
    const [run] = await store.listDigestRuns('C0DIGEST', 1);
    expect(run).toMatchObject({ status: 'failed' });
    expect(run?.note).toContain('that channel is private and opsbot isn’t in it');
    expect(slack.posts).toHaveLength(1);
    expect(slack.posts[0]?.channel).toBe('U0CONFIG');
    expect(slack.posts[0]?.text).toContain("I could not post today's digest in <#C0DIGEST>");
    expect((await store.getSubscription('C0DIGEST'))?.nextRunAt).toBe(RUN_AT + 24 * HOUR);
  });

  it('a channel that keeps refusing: the configurer is told the first day only, and it resumes by itself', async () => {
    await store.upsertSubscription(subscription());
    let refusing = true;
    const slack = fakeSlack((channel) =>
      channel === 'C0DIGEST' && refusing ? platformError('is_archived') : undefined,
    );
    for (const day of [0, 1, 2]) {
      now = RUN_AT + day * 24 * HOUR;
      expect((await scheduler(slack).runOnce()).outcomes).toEqual({ failed: 1 });
    }
    expect(slack.posts.map((p) => p.channel)).toEqual(['U0CONFIG']);
    refusing = false;
    now = RUN_AT + 3 * 24 * HOUR;
    expect((await scheduler(slack).runOnce()).outcomes).toEqual({ posted: 1 });
    expect(slack.posts.map((p) => p.channel)).toEqual(['U0CONFIG', 'C0DIGEST']);
  });

  it('a transient Slack failure is retried by the next tick, not posted twice', async () => {
    await store.upsertSubscription(subscription());
    const slack = fakeSlack((_c, n) => (n === 1 ? platformError('ratelimited') : undefined));
    const s = scheduler(slack);
    expect((await s.runOnce()).outcomes).toEqual({ retry: 1 });
    expect((await store.getSubscription('C0DIGEST'))?.nextRunAt).toBe(RUN_AT);
    now += 30_000;
    expect((await s.runOnce()).outcomes).toEqual({ posted: 1 });
    expect(slack.posts).toHaveLength(1);
    expect((await store.listDigestRuns('C0DIGEST', 1))[0]).toMatchObject({ status: 'posted', attempts: 2 });
  });

  it('fetches each distinct (index, period) once per tick, however many channels include it', async () => {
    const calls: string[] = [];
    const mgmt = {
      async getVectorIndexStats(id: string, period: StatsPeriod = '1h') {
        calls.push(`${id}/${period}`);
        return statsFor(id, period);
      },
      async listMessagingAccounts() {
        calls.push('accounts');
        return { accounts: [], unreadable: 0 };
      },
    };
    const renders: string[] = [];
    const partsForTick = () =>
      createTickParts({
        stats: mgmt,
        accounts: () => listAccountSummaries(mgmt),
        store,
        renderer: {
          render: async (input) => {
            renders.push(input.indexId);
            return Buffer.from('png');
          },
          altText: () => 'alt',
        },
        uploadPng: async () => 'F0CARD',
        logger,
      });
    for (let i = 0; i < 12; i++) {
      await store.upsertSubscription(
        subscription({
          channelId: `C0CH${i}`,
          indexIds: i % 2 ? ['idx-1', 'idx-2'] : ['idx-2', 'idx-1'],
          includeAccounts: true,
        }),
      );
    }
    await store.upsertSubscription(subscription({ channelId: 'C0WEEK', indexIds: ['idx-1'], period: '7d' }));
    const slack = fakeSlack();
    await scheduler(slack, { partsForTick: partsForTick as never }).runOnce();
    expect(slack.posts).toHaveLength(13);
    expect([...calls].sort()).toEqual(['accounts', 'idx-1/1d', 'idx-1/7d', 'idx-2/1d']);
    expect([...renders].sort()).toEqual(['idx-1', 'idx-1', 'idx-2']);
  });
});
