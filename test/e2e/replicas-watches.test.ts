// Watches on three replicas sharing one PostgreSQL database: every replica ticks at the same
// moment (the test's clock), and an incident still gets one alert and one resolve. A replica that
// died holding a watch's lease delays its check by one lease, never doubles the alert.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_VECTOR_INDEXES } from '../../src/sim/mgmt/stats.ts';
import { SIM_IDS, type SimulatedWorkspace, startSimulatedWorkspace } from '../../src/sim/workspace.ts';
import { createTestSchema, TEST_DATABASE_URL, type TestSchema } from './database-support.ts';

const INTERVAL = 300_000;
const mainPath = fileURLToPath(new URL('../../src/main.ts', import.meta.url));
const CHANNEL = 'C0REPLICAWATCH';

describe.skipIf(TEST_DATABASE_URL === undefined)('e2e: watches on three replicas', () => {
  let now = Date.UTC(2026, 10, 24, 10, 0);
  let schema: TestSchema;
  let ws: SimulatedWorkspace;
  let tickAll: () => Promise<unknown>;
  let child: ChildProcess | undefined;

  const setCost = (cost: number) => {
    ws.mgmt.indexes['idx-2'] = { ...DEFAULT_VECTOR_INDEXES['idx-2'], pinned: { monthly_cost: cost } };
  };
  const alerts = () => ws.slack.messagesIn(CHANNEL).filter((m) => m.thread_ts === undefined);

  beforeAll(async () => {
    schema = await createTestSchema();
    ws = await startSimulatedWorkspace({
      clock: () => now,
      env: { DATABASE_URL: schema.urlFor(), LOG_LEVEL: 'info', WATCH_INTERVAL_MS: String(INTERVAL) },
    });
    const others = await Promise.all([ws.startAnotherInstance(), ws.startAnotherInstance()]);
    const replicas = [ws.opsbot, ...others.map((o) => o.opsbot)];
    tickAll = async () => {
      await Promise.all(replicas.map((replica) => replica.features.watches.runOnce()));
      now += INTERVAL;
    };
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await ws?.stop();
    await schema?.drop();
  });

  it('a crossing is one alert, a recovery one update and one note, whichever replica checks', async () => {
    setCost(10);
    await ws.driver.command('watch idx-2 monthly_cost > $50 for 2', {
      userId: SIM_IDS.requester,
      channelId: CHANNEL,
    });
    await tickAll();
    setCost(80);
    for (let i = 0; i < 4; i++) await tickAll();
    expect(alerts()).toHaveLength(1);
    const fired = ws.logs.filter((l) => l.includes('"event":"watch_fire"'));
    expect(fired).toHaveLength(1);
    setCost(20);
    for (let i = 0; i < 4; i++) await tickAll();
    const [alert] = alerts();
    expect(alerts()).toHaveLength(1);
    expect(alert?.text).toMatch(/^Resolved after/);
    expect(ws.slack.messagesIn(CHANNEL).filter((m) => m.thread_ts === alert?.ts)).toHaveLength(1);
    expect(ws.logs.filter((l) => l.includes('"event":"watch_resolve"'))).toHaveLength(1);
    expect(ws.slack.callsTo('chat.update').filter((c) => c.args.channel === CHANNEL && c.ok)).toHaveLength(1);
  });

  it('a replica that died holding a lease: the watch waits out the lease, then fires once', async () => {
    const channel = 'C0DEADLEASE';
    setCost(90);
    await ws.driver.command('watch idx-2 monthly_cost > $50 for 1', {
      userId: SIM_IDS.requester,
      channelId: channel,
    });
    const [watch] = await ws.store.listWatches(channel);
    // It took the watch for its check and died before saving anything.
    const taken = await ws.store.claimDueWatches(now, 'replica-that-died', 2 * 60_000, 100);
    expect(taken.map((w) => w.id)).toContain(watch?.id);
    await ws.opsbot.features.watches.runOnce();
    expect(ws.slack.messagesIn(channel)).toHaveLength(0);
    now += 2 * 60_000;
    await tickAll();
    await tickAll();
    expect(ws.slack.messagesIn(channel).filter((m) => m.thread_ts === undefined)).toHaveLength(1);
  });

  it('a real replica SIGKILLed mid-check: the others wait out its lease and post the alert once', {
    timeout: 30_000,
  }, async () => {
    const channel = 'C0KILLEDWATCH';
    setCost(95);
    await ws.driver.command('watch idx-2 monthly_cost > $50 for 1', {
      userId: SIM_IDS.requester,
      channelId: channel,
    });
    const statsBefore = ws.mgmt.statsCalls.length;
    // A fourth replica, a real process ticking every second, takes the watch and hangs on the API.
    ws.mgmt.fail('stats', { hang: true }, { times: 1 });
    const env = Object.fromEntries(
      Object.entries({
        ...ws.env,
        WATCH_INTERVAL_MS: '1000',
        LOG_LEVEL: 'info',
        PATH: process.env.PATH,
      }).filter((e): e is [string, string] => e[1] !== undefined),
    );
    child = spawn(process.execPath, [mainPath], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const exited = new Promise<void>((resolve) => child?.on('exit', () => resolve()));
    await vi.waitFor(() => expect(ws.mgmt.statsCalls.length).toBeGreaterThan(statsBefore), {
      timeout: 20_000,
      interval: 50,
    });
    child.kill('SIGKILL');
    await exited;
    // Its lease (two minutes on the wall clock) holds the watch until it runs out.
    now = Date.now();
    await tickAll();
    expect(ws.slack.messagesIn(channel)).toHaveLength(0);
    now = Date.now() + 3 * 60_000;
    await tickAll();
    await tickAll();
    expect(ws.slack.messagesIn(channel).filter((m) => m.thread_ts === undefined)).toHaveLength(1);
  });
  it('an owned alert: one reminder per interval and one acknowledge shown, whichever replica checks', async () => {
    const channel = 'C0OWNEDREPLICA';
    setCost(10);
    await ws.driver.command('watch idx-2 monthly_cost > $50 for 1 notify @approver remind 10m', {
      userId: SIM_IDS.requester,
      channelId: channel,
      escape: true,
    });
    await tickAll();
    setCost(80);
    await tickAll(); // fires
    const top = () => ws.slack.messagesIn(channel).filter((m) => m.thread_ts === undefined);
    expect(top()).toHaveLength(1);
    const [alert] = top();
    if (alert === undefined) throw new Error('no alert');
    expect(alert.text).toContain(`<@${SIM_IDS.approver}>`);
    const reminders = () => ws.slack.messagesIn(channel).filter((m) => m.thread_ts === alert.ts);
    await tickAll(); // 5 min
    expect(reminders()).toHaveLength(0);
    await tickAll(); // 10 min
    expect(reminders()).toHaveLength(1);
    await tickAll(); // 15 min
    expect(reminders()).toHaveLength(1);
    await tickAll(); // 20 min
    expect(reminders()).toHaveLength(2);
    expect(reminders().every((m) => m.text.includes(`<@${SIM_IDS.approver}>`))).toBe(true);

    // Two people click Acknowledge on the same alert at the same moment: one has it.
    const seen = structuredClone(alert);
    const updatesBefore = ws.slack.callsTo('chat.update').filter((c) => c.args.channel === channel).length;
    await Promise.all(
      [SIM_IDS.approver, SIM_IDS.secondApprover].map((userId) =>
        ws.driver.clickButton({ userId, message: seen, actionId: 'watch.acknowledge' }),
      ),
    );
    await vi.waitFor(() =>
      expect(
        [SIM_IDS.approver, SIM_IDS.secondApprover].flatMap((u) =>
          ws.slack.ephemeralsFor(u).filter((e) => e.text.includes('already acknowledged')),
        ),
      ).toHaveLength(1),
    );
    const acknowledged = ws.slack
      .callsTo('chat.update')
      .filter((c) => c.args.channel === channel && c.ok)
      .slice(updatesBefore);
    expect(acknowledged).toHaveLength(1);
    expect(ws.logs.filter((l) => l.includes('"event":"watch_acknowledged"'))).toHaveLength(1);
    for (let i = 0; i < 4; i++) await tickAll();
    expect(reminders()).toHaveLength(2);
    // Two reminders in all, whichever of the three replicas held the watch at each check.
    expect(ws.logs.filter((l) => l.includes('"event":"watch_reminded"') && l.includes(channel))).toHaveLength(
      2,
    );
  });
});
