// Issue 8, the canary leak suite: every feature run end to end against records whose secret fields
// — named by the spec or not — hold unique canary strings, on the happy path and on the error
// paths that tempt code into quoting what it received. No canary may appear in any Slack call
// (bodies and uploaded files), any log line at trace level, the SQLite file (and its WAL), or the
// demo's output.

import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimFault } from '../../src/sim/mgmt/index.ts';
import { ACCOUNT_PRESETS, makeVectorIndexStats } from '../../src/sim/mgmt/index.ts';
import { SIM_IDS, type SimulatedWorkspace, startSimulatedWorkspace } from '../../src/sim/workspace.ts';
import { answerTo } from '../support/answers.ts';
import { textOf } from '../support/blocks.ts';
import { until } from '../support/poll.ts';
import { scrape } from '../support/prometheus-text.ts';
import { cardFor, fileRequest, openDecision, waitForDm } from '../support/search-requests.ts';
import { canaries, canary, leaks } from './canaries.ts';

const { requester, approver, generalChannel } = SIM_IDS;

describe('canary leak suite', () => {
  let ws: SimulatedWorkspace;
  let dir: string;
  let dbPath: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'opsbot-canary-'));
    dbPath = join(dir, 'opsbot.sqlite');
    ws = await startSimulatedWorkspace({
      env: {
        LOG_LEVEL: 'trace',
        DATABASE_PATH: dbPath,
        MGMT_API_TIMEOUT_MS: '1000',
        DIGEST_TICK_MS: '3600000',
        METRICS_PORT: '0',
      },
    });
    const withCanaries = (preset: keyof typeof ACCOUNT_PRESETS, n: number) =>
      ACCOUNT_PRESETS[preset]({
        password: canary(`account${n}password`),
        token: canary(`account${n}token`),
        // Fields the spec does not name, secret-sounding or not: only the allowlist may be shown.
        ...({
          read_only_password: canary(`account${n}readonlypassword`),
          webhook_signing_key: canary(`account${n}webhooksigningkey`),
          internal_notes: canary(`account${n}internalnotes`),
          credentials: { api_key: canary(`account${n}nestedapikey`), rotated: [canary(`account${n}oldkey`)] },
        } as object),
      });
    ws.mgmt.accounts = [withCanaries('free', 1), withCanaries('paid', 2), withCanaries('enterprise', 3)];
  });

  afterAll(async () => {
    await ws?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('messaging accounts: listed, paged and shared', async () => {
    const res = await ws.driver.command('messaging accounts', {
      userId: requester,
      channelId: generalChannel,
    });
    const reply = await answerTo(ws, res.responseUrl);
    expect(textOf(reply.blocks)).toContain('*3 accounts*');
    const summary = ws.slack.ephemeralsFor(requester).at(-1);
    if (!summary) throw new Error('no summary');
    await ws.driver.clickButton({ userId: requester, message: summary, actionId: 'accounts.share' });
    await until(() => ws.slack.messagesIn(generalChannel)[0], 'the shared summary');
  });

  it('messaging accounts: the API’s error paths (garbled body, echoed credentials, wrong types)', async () => {
    const accounts = ws.mgmt.accounts;
    const password = accounts[0]?.password ?? '';
    const faults: Array<[SimFault, RegExp]> = [
      [{ malformedJson: true }, /^The management API/],
      [
        { status: 401, body: JSON.stringify({ error: `bad credentials for password=${password}` }) },
        /^The management API/,
      ],
      [
        { status: 500, body: `upstream said: ${canary('errorbody')} (token ${canary('errorbodytoken')})` },
        /^The management API/,
      ],
      // A credential of a drifted type is still a credential: dropped at the boundary, the account listed.
      [
        {
          status: 200,
          body: JSON.stringify([
            { ...accounts[0], token: { value: canary('wrongtypetoken') }, api_key: canary('unnamedkey') },
          ]),
        },
        /1 account/,
      ],
    ];
    for (const [fault, answer] of faults) {
      ws.mgmt.fail('accounts', fault, { times: 3 });
      const res = await ws.driver.command('messaging accounts', {
        userId: requester,
        channelId: generalChannel,
      });
      const reply = await answerTo(ws, res.responseUrl);
      expect(`${reply.text} ${JSON.stringify(reply.blocks ?? [])}`).toMatch(answer);
      ws.mgmt.reset();
      ws.mgmt.accounts = accounts;
    }
  });

  it('search index: requested, approved and created from a record full of canaries', async () => {
    ws.mgmt.accounts = [];
    const record = {
      customer_id: 'team@example.com',
      id: '6f1c2a8e-0000-4000-8000-00000000c0de',
      name: 'canary-index',
      endpoint: 'https://canary-index-eu-west-1-search.example.net',
      type: 'free',
      region: 'eu-west-1',
      partner_email: '',
      token: canary('searchtoken'),
      read_only_token: canary('searchreadonlytoken'),
      max_vector_count: 10_000,
      max_monthly_reranks: 0,
      max_daily_updates: 10_000,
      max_daily_queries: 10_000,
      max_monthly_bandwidth: 1_000_000,
      max_writes_per_second: 100,
      max_query_per_second: 100,
      max_reads_per_request: 100,
      max_writes_per_request: 100,
      creation_time: Math.floor(Date.now() / 1000),
      input_enrichment_enabled: false,
      throughput_vector: [],
      admin_console_url: `https://console.example.net/?session=${canary('searchconsolesession')}`,
      billing: { card_token: canary('searchbillingcard') },
      replication_secret: canary('searchreplicationsecret'),
    };
    ws.mgmt.fail('create', { status: 200, body: JSON.stringify(record) }, { times: 1 });
    await fileRequest(ws, { text: 'search create canary-index eu-west-1 free' });
    const [request] = await ws.store.listRecentRequests({ limit: 1 });
    if (!request) throw new Error('no request');
    await cardFor(ws, request.id);
    await ws.driver.submitView({
      userId: approver,
      view: await openDecision(ws, approver, request.id, 'approve'),
    });
    const dms = await waitForDm(
      ws,
      requester,
      `Request *#${request.id}*, approved by <@${approver}>, is done.`,
    );
    expect(dms.join('\n')).toContain('6f1c2a8e-0000-4000-8000-00000000c0de');
    expect((await ws.store.getRequest(request.id))?.state).toBe('created');
    const list = await ws.driver.command('search requests', { userId: requester, channelId: generalChannel });
    expect(textOf((await answerTo(ws, list.responseUrl)).blocks)).toContain('canary-index');
  });

  it('search index: the create call’s error paths echo nothing back', async () => {
    const failures = [
      {
        status: 400,
        body: JSON.stringify({ error: `name taken by index holding ${canary('createerror')}` }),
      },
      {
        status: 409,
        body: JSON.stringify({ error: { message: `conflict; token=${canary('createconflicttoken')}` } }),
      },
      { status: 200, body: `{"token": "${canary('createtruncated')}", "id": ` },
    ];
    for (const [i, fault] of failures.entries()) {
      ws.mgmt.fail('create', fault, { times: 1 });
      const name = `canary-fail-${i}`;
      await fileRequest(ws, { text: `search create ${name} eu-west-1 free` });
      const [request] = await ws.store.listRecentRequests({ limit: 1 });
      if (!request) throw new Error('no request');
      await cardFor(ws, request.id);
      await ws.driver.submitView({
        userId: approver,
        view: await openDecision(ws, approver, request.id, 'approve'),
      });
      await waitForDm(ws, requester, `Request *#${request.id}*`);
      expect((await ws.store.getRequest(request.id))?.state).toBe('failed');
    }
  });

  /** A real statistics record for idx-1 over a day, plus fields the spec does not name. */
  const statsWithCanaries = () =>
    JSON.stringify({
      ...makeVectorIndexStats('idx-1', '1d', Date.now(), 1),
      export_token: canary('statsexporttoken'),
      owner: { email: 'owner@example.com', api_key: canary('statsownerapikey') },
      debug_dump: canary('statsdebugdump'),
    });

  it('vector stats: summary and card posted from a record full of canaries; its error path', async () => {
    ws.mgmt.fail('stats', { status: 200, body: statsWithCanaries() }, { times: 1 });
    await ws.driver.command('vector stats idx-1 1d', { userId: requester, channelId: 'C0CANARYSTATS' });
    const posted = await until(
      () =>
        ws.slack
          .messagesIn('C0CANARYSTATS')
          .find((m) => m.blocks?.some((b) => (b as { type: string }).type === 'image')),
      'the stats with their card',
      10_000,
    );
    expect(textOf(posted.blocks)).toContain('last 24 hours');
    expect(ws.slack.files.some((f) => f.completed && f.isImage)).toBe(true);

    // Twice: a read gets one quick retry on a 500.
    ws.mgmt.fail('stats', { status: 500, body: `stats backend: ${canary('statserror')}` }, { times: 2 });
    const failed = await ws.driver.command('vector stats idx-1 1d', {
      userId: requester,
      channelId: 'C0CANARYSTATS',
    });
    expect((await answerTo(ws, failed.responseUrl)).text).toContain('unavailable right now');
  });

  it('digests: a preview and the scheduled post, with canaries in the stats and the accounts', async () => {
    ws.mgmt.accounts = [
      ACCOUNT_PRESETS.paid({
        password: canary('digestaccountpassword'),
        token: canary('digestaccounttoken'),
      }),
    ];
    const now = Date.now();
    await ws.store.upsertSubscription({
      channelId: 'C0CANARYDIGEST',
      configuredBy: requester,
      indexIds: ['idx-1'],
      period: '1d',
      localTime: new Date(now - 60_000).toISOString().slice(11, 16),
      timeZone: 'UTC',
      days: [0, 1, 2, 3, 4, 5, 6],
      includeAccounts: true,
      includeRequests: true,
      nextRunAt: now - 60_000,
      at: now - 120_000,
    });
    ws.mgmt.fail('stats', { status: 200, body: statsWithCanaries() }, { times: 1 });
    const preview = await ws.driver.command('digest preview', {
      userId: requester,
      channelId: 'C0CANARYDIGEST',
    });
    expect(textOf((await answerTo(ws, preview.responseUrl, 10_000)).blocks)).toContain('Digest preview');
    ws.mgmt.fail('stats', { status: 200, body: statsWithCanaries() }, { times: 1 });
    await ws.opsbot.features.digests.runOnce();
    const digest = ws.slack
      .messagesIn('C0CANARYDIGEST')
      .find((m) => textOf(m.blocks).includes('Daily digest ·'));
    expect(textOf(digest?.blocks)).toContain('Vector index `idx-1`');
  });

  it('no canary, credential or ID in GET /metrics after all of the above', async () => {
    const { text, samples } = await scrape(ws.opsbot.metricsPort());
    expect(samples.size).toBeGreaterThan(50);
    expect(leaks({ ws, metricsText: text })).toEqual([]);
    // Labels are bounded: no user, channel or index ID, whatever the features handled.
    expect(text).not.toMatch(/U0[A-Z0-9]{4,}|C0[A-Z0-9]{4,}|idx-\d/);
  });

  it('no canary anywhere: Slack calls, uploads, trace logs, the SQLite file and its WAL', async () => {
    // The API really handed the canaries out, so their absence below means something.
    expect(ws.mgmt.secretsHandedOut().filter((s) => canaries.has(s)).length).toBeGreaterThanOrEqual(10);
    expect(ws.logs.some((l) => l.includes('"level":"trace"') || l.includes('"level":"debug"'))).toBe(true);
    expect(existsSync(dbPath)).toBe(true);
    expect(leaks({ ws, dbPath })).toEqual([]);
  });

  it('and none in the database once it is closed and checkpointed', async () => {
    await ws.stop();
    expect(leaks({ ws, dbPath })).toEqual([]);
  });
});
