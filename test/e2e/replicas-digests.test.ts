// Digest schedulers on several replicas sharing one PostgreSQL database: a due digest is posted
// once, and a replica that dies holding a run's claim delays it by one lease, never doubles it.
// The instances share nothing but the database and the simulators; their clock is the test's, so
// "a tick at 09:00:10" happens when the test says so (scheduler.runOnce), on every replica at once.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SIM_IDS, type SimulatedWorkspace, startSimulatedWorkspace } from '../../src/sim/workspace.ts';
import type { DigestSubscriptionInput } from '../../src/store/index.ts';
import { textOf } from '../support/blocks.ts';
import { createTestSchema, TEST_DATABASE_URL, type TestSchema } from './database-support.ts';

const MINUTE = 60_000;
const NINE_UTC = Date.parse('2026-11-23T09:00:00Z');
const mainPath = fileURLToPath(new URL('../../src/main.ts', import.meta.url));

function subscription(channelId: string, at: number): DigestSubscriptionInput {
  const time = new Date(at).toISOString().slice(11, 16);
  return {
    channelId,
    configuredBy: SIM_IDS.requester,
    indexIds: ['idx-1'],
    period: '1d',
    localTime: time,
    timeZone: 'UTC',
    days: [0, 1, 2, 3, 4, 5, 6],
    includeAccounts: true,
    includeRequests: true,
    nextRunAt: at,
  };
}

const digestsIn = (ws: SimulatedWorkspace, channel: string) =>
  ws.slack.messagesIn(channel).filter((m) => textOf(m.blocks).includes('Daily digest ·'));

const postedEvents = (ws: SimulatedWorkspace, channel: string) =>
  ws.logs.filter((l) => l.includes('"event":"digest_posted"') && l.includes(`"channel":"${channel}"`));

async function threeReplicas(clock: () => number) {
  const schema = await createTestSchema();
  const ws = await startSimulatedWorkspace({
    clock,
    env: { DATABASE_URL: schema.urlFor(), LOG_LEVEL: 'info' },
  });
  const others = await Promise.all([ws.startAnotherInstance(), ws.startAnotherInstance()]);
  const digests = [ws.opsbot, ...others.map((o) => o.opsbot)].map((o) => o.features.digests);
  const tickAll = () => Promise.all(digests.map((d) => d.runOnce()));
  const instanceIds = digests.map((d) => d.instanceId);
  return { schema, ws, tickAll, instanceIds };
}

describe.skipIf(TEST_DATABASE_URL === undefined)('e2e: digests on three replicas', () => {
  let now = NINE_UTC - 30 * MINUTE;
  let schema: TestSchema;
  let ws: SimulatedWorkspace;
  let tickAll: () => Promise<unknown>;
  let instanceIds: string[];

  beforeAll(async () => {
    ({ schema, ws, tickAll, instanceIds } = await threeReplicas(() => now));
  });
  afterAll(async () => {
    await ws?.stop();
    await schema?.drop();
  });

  it('posts a due digest once when all three schedulers tick together', async () => {
    await ws.store.upsertSubscription(subscription('C0REPLICAS', NINE_UTC));
    await tickAll();
    expect(digestsIn(ws, 'C0REPLICAS')).toHaveLength(0);

    now = NINE_UTC + 10_000;
    await tickAll();
    await tickAll();
    const posted = digestsIn(ws, 'C0REPLICAS');
    expect(posted).toHaveLength(1);
    expect(textOf(posted[0]?.blocks)).toContain('Daily digest · Monday 23 November 2026');
    expect(textOf(posted[0]?.blocks)).toContain('Vector index `idx-1`');
    expect(postedEvents(ws, 'C0REPLICAS')).toHaveLength(1);
    const runs = await ws.store.listDigestRuns('C0REPLICAS', 5);
    // One claim, never taken over: attempts stays 1.
    expect(runs).toMatchObject([{ localDate: '2026-11-23', status: 'posted', attempts: 1 }]);
    expect(instanceIds).toContain(runs[0]?.leaseOwner);
    expect((await ws.store.getSubscription('C0REPLICAS'))?.nextRunAt).toBe(NINE_UTC + 24 * 60 * MINUTE);
  });

  it('waits out the lease of a replica that died holding the claim, then posts once', async () => {
    const channel = 'C0DEADCLAIM';
    // A replica claimed today's run with a one-minute lease and died before it posted.
    const dead = await ws.store.claimDigestRun({
      channelId: channel,
      localDate: '2026-11-23',
      scheduledFor: NINE_UTC,
      owner: 'replica-that-died',
      leaseMs: MINUTE,
      now: NINE_UTC + 5_000,
    });
    expect(dead.claimed).toBe(true);
    await ws.store.upsertSubscription(subscription(channel, NINE_UTC));

    now = NINE_UTC + 30_000; // the lease still runs
    await tickAll();
    expect(digestsIn(ws, channel)).toHaveLength(0);
    expect(await ws.store.listDigestRuns(channel, 5)).toMatchObject([
      { status: 'running', leaseOwner: 'replica-that-died' },
    ]);

    now = NINE_UTC + 5_000 + MINUTE; // the lease ran out
    await tickAll();
    await tickAll();
    expect(digestsIn(ws, channel)).toHaveLength(1);
    expect(postedEvents(ws, channel)).toHaveLength(1);
    const [run] = await ws.store.listDigestRuns(channel, 5);
    expect(run).toMatchObject({ status: 'posted', attempts: 2 });
    expect(instanceIds).toContain(run?.leaseOwner);
  });
});

describe.skipIf(TEST_DATABASE_URL === undefined)('e2e: a replica killed mid-digest', () => {
  // The in-process replicas run an hour behind until the killed one has claimed the run.
  let offset = -60 * MINUTE;
  let schema: TestSchema;
  let ws: SimulatedWorkspace;
  let tickAll: () => Promise<unknown>;
  let instanceIds: string[];
  let child: ChildProcess | undefined;

  beforeAll(async () => {
    ({ schema, ws, tickAll, instanceIds } = await threeReplicas(() => Date.now() + offset));
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await ws?.stop();
    await schema?.drop();
  });

  it('is taken over after the lease (SIGKILL while composing) and posted exactly once', {
    timeout: 40_000,
  }, async () => {
    const channel = 'C0KILLED';
    // Due a minute ago on the wall clock: a fourth replica, a real process, picks it up at start.
    const dueAt = Math.floor((Date.now() - MINUTE) / MINUTE) * MINUTE;
    await ws.store.upsertSubscription(subscription(channel, dueAt));
    ws.mgmt.fail('stats', { hang: true }, { times: 1 });

    const env = Object.fromEntries(
      Object.entries({ ...ws.env, LOG_LEVEL: 'info', PATH: process.env.PATH }).filter(
        (e): e is [string, string] => e[1] !== undefined,
      ),
    );
    child = spawn(process.execPath, [mainPath], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = new Promise<void>((resolve) => child?.on('exit', () => resolve()));
    let output = '';
    child.stdout?.on('data', (d) => {
      output += d;
    });

    // It has claimed the run and is stuck fetching the stats for the digest.
    await vi.waitFor(
      async () => {
        expect(ws.mgmt.statsCalls).toHaveLength(1);
        const [run] = await ws.store.listDigestRuns(channel, 1);
        expect(run?.status).toBe('running');
        expect(instanceIds).not.toContain(run?.leaseOwner);
      },
      { timeout: 20_000, interval: 50 },
    );
    child.kill('SIGKILL');
    await exited;
    expect(output).not.toContain('"event":"digest_posted"');
    const [claimed] = await ws.store.listDigestRuns(channel, 1);

    // The others see a live claim and leave it alone…
    offset = 0;
    await tickAll();
    expect(digestsIn(ws, channel)).toHaveLength(0);
    expect((await ws.store.listDigestRuns(channel, 1))[0]).toMatchObject({
      status: 'running',
      leaseOwner: claimed?.leaseOwner,
    });

    // …until its lease (5 minutes) has run out; then one of them posts it, once.
    offset = 6 * MINUTE;
    await tickAll();
    await tickAll();
    expect(digestsIn(ws, channel)).toHaveLength(1);
    expect(postedEvents(ws, channel)).toHaveLength(1);
    const [run] = await ws.store.listDigestRuns(channel, 1);
    expect(run).toMatchObject({ status: 'posted', attempts: 2 });
    expect(instanceIds).toContain(run?.leaseOwner);
    expect(ws.mgmt.statsCalls).toHaveLength(2);
  });
});
