// 200 channels × 3 indexes due at the same minute, against a Slack simulator that enforces its rate
// limits. startSimulatedWorkspace cannot turn those on yet, so this file wires the same pieces
// itself (the real app, both simulators, a SQLite file) with `rateLimits: true`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManagementClient, type ManagementClient } from '../../src/api/index.ts';
import { createOpsbot, type Opsbot } from '../../src/app.ts';
import { parseConfig, secretsOf } from '../../src/config.ts';
import { createLogger } from '../../src/log.ts';
import { type ManagementApiSimulator, startManagementApiSimulator } from '../../src/sim/mgmt/index.ts';
import { type SlackSimulator, startSlackSimulator } from '../../src/sim/slack/index.ts';
import { SIM_CREDENTIALS, SIM_IDS } from '../../src/sim/workspace.ts';
import { openStore, type Store } from '../../src/store/index.ts';
import { textWithAltOf as textOf } from '../support/blocks.ts';

const CHANNELS = 200;
const RUN_AT = Date.parse('2026-11-23T08:00:00Z'); // 09:00 in Berlin
const POOL = ['idx-1', 'idx-2', '9b2f6c1e-3d4a-4f5b-8c7d-1e2f3a4b5c6d', 'idx-empty', 'idx-a', 'idx-b'];

const channelId = (i: number) => `C0FAN${String(i).padStart(4, '0')}`;
const indexesOf = (i: number) => [0, 1, 2].map((k) => POOL[(i + k) % POOL.length] as string);
const periodOf = (i: number) => (i % 10 === 0 ? '7d' : '1d');

describe('e2e: 200 channels × 3 indexes at the same minute', () => {
  let slack: SlackSimulator;
  let mgmt: ManagementApiSimulator;
  let client: ManagementClient;
  let store: Store;
  let opsbot: Opsbot;
  let accountsAtStart = 0;
  let dir: string;
  const logs: string[] = [];

  beforeAll(async () => {
    // Time runs at real speed from 09:00:05 Berlin, so the simulator's rate-limit buckets refill.
    const realStart = Date.now();
    const clock = () => RUN_AT + 5_000 + (Date.now() - realStart);
    dir = mkdtempSync(join(tmpdir(), 'opsbot-digests-fanout-'));
    slack = await startSlackSimulator({
      botToken: SIM_CREDENTIALS.botToken,
      teamId: SIM_IDS.teamId,
      clock,
      rateLimits: true,
      users: { [SIM_IDS.requester]: { tz: 'Europe/Berlin' } },
    });
    mgmt = await startManagementApiSimulator({
      username: SIM_CREDENTIALS.mgmtUsername,
      password: SIM_CREDENTIALS.mgmtPassword,
      now: clock,
    });
    mgmt.indexes['idx-a'] = { qps: 7, vectors: 90_000 };
    mgmt.indexes['idx-b'] = { qps: 70, vectors: 3_000_000 };
    const parsed = parseConfig({
      SLACK_BOT_TOKEN: SIM_CREDENTIALS.botToken,
      SLACK_SIGNING_SECRET: SIM_CREDENTIALS.signingSecret,
      SLACK_API_URL: slack.apiUrl,
      MGMT_API_URL: mgmt.url,
      MGMT_API_USERNAME: SIM_CREDENTIALS.mgmtUsername,
      MGMT_API_PASSWORD: SIM_CREDENTIALS.mgmtPassword,
      APPROVAL_CHANNEL_ID: SIM_IDS.approvalChannel,
      APPROVER_USER_IDS: SIM_IDS.approver,
      DATABASE_PATH: join(dir, 'opsbot.sqlite'),
      LOG_LEVEL: 'info',
      PORT: '0',
    });
    if (!parsed.ok) throw new Error(parsed.problems.join('; '));
    const config = parsed.config;
    const logger = createLogger({
      level: config.logLevel,
      secrets: secretsOf(config),
      destination: new Writable({
        write(chunk, _encoding, callback) {
          logs.push(...chunk.toString().split('\n').filter(Boolean));
          callback();
        },
      }),
    });
    client = createManagementClient({ ...config.mgmt, baseUrl: config.mgmt.baseUrl, logger });
    store = await openStore(config.database, logger, clock);
    // Seeded through the store before the app starts: its first tick finds all 200 due at once.
    for (let i = 0; i < CHANNELS; i++) {
      await store.upsertSubscription({
        channelId: channelId(i),
        configuredBy: SIM_IDS.requester,
        indexIds: indexesOf(i),
        period: periodOf(i),
        localTime: '09:00',
        timeZone: 'Europe/Berlin',
        days: [0, 1, 2, 3, 4, 5, 6],
        includeAccounts: true,
        includeRequests: true,
        nextRunAt: RUN_AT,
      });
    }
    opsbot = createOpsbot({ config, logger, mgmt: client, store, clock });
    await opsbot.start(0);
    await opsbot.startupChecks();
    accountsAtStart = mgmt.requests.filter((r) => r.route === 'accounts').length;
  });

  afterAll(async () => {
    await opsbot?.stop(2_000);
    await client?.close();
    await store?.close();
    await Promise.allSettled([slack?.close(), mgmt?.close()]);
    rmSync(dir, { recursive: true, force: true });
  });

  it('posts every digest once, calls the API once per (index, period), and hits no rate limit', {
    timeout: 120_000,
  }, async () => {
    const digests = opsbot.features.digests;
    // One tick does the whole fan-out (the start-up tick, or this one if it came first and the start-up
    // tick found it running); the next finds nothing left to do.
    await digests.runOnce();
    expect((await digests.runOnce())?.due).toBe(0);

    for (let i = 0; i < CHANNELS; i++) {
      const digests = slack
        .messagesIn(channelId(i))
        .filter((m) => textOf(m.blocks).includes('Daily digest ·'));
      expect(digests, channelId(i)).toHaveLength(1);
      for (const id of indexesOf(i)) expect(textOf(digests[0]?.blocks)).toContain(`\`${id}\``);
    }
    const runs = await Promise.all(
      Array.from({ length: CHANNELS }, (_, i) => store.listDigestRuns(channelId(i), 5)),
    );
    expect(runs.every((r) => r.length === 1 && r[0]?.status === 'posted')).toBe(true);

    const expected = new Set<string>();
    for (let i = 0; i < CHANNELS; i++) for (const id of indexesOf(i)) expected.add(`${id}/${periodOf(i)}`);
    const calls = mgmt.statsCalls.map((c) => `${c.id}/${c.period}`);
    expect(calls.length).toBe(expected.size);
    expect(new Set(calls)).toEqual(expected);
    // One accounts call for the whole tick, whatever the start-up probe asked before it.
    expect(mgmt.requests.filter((r) => r.route === 'accounts')).toHaveLength(accountsAtStart + 1);

    // One card per digest (its first index), rendered and uploaded once per (index, period) per tick.
    const cards = new Set(Array.from({ length: CHANNELS }, (_, i) => `${indexesOf(i)[0]}/${periodOf(i)}`));
    const uploads = slack.callsTo('files.getUploadURLExternal');
    expect(uploads.length).toBe(cards.size);
    for (let i = 0; i < CHANNELS; i++) {
      const [digest] = slack.messagesIn(channelId(i));
      expect(
        digest?.blocks?.some((b) => (b as { type: string }).type === 'image'),
        channelId(i),
      ).toBe(true);
    }

    expect(slack.rateLimitedCount).toBe(0);
    expect(slack.callsTo('chat.postMessage').filter((c) => !c.ok)).toEqual([]);

    const tick = logs.map((l) => JSON.parse(l)).find((l) => l.event === 'digest_tick' && l.due === CHANNELS);
    console.info(
      `fan-out: ${CHANNELS} digests in ${tick?.elapsedMs} ms; ${calls.length} stats calls; ` +
        `${uploads.length} card uploads`,
    );
  });
});
