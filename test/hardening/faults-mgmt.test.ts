// Issue 8, "Faults (management API) × every command": for each way the API can fail or drift, each
// command that calls it answers with one clear sentence (what failed, what to do), leaves nothing
// half-done, keeps the process up, and the next attempt works.
import { connect, createServer, type Server, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { findBlockKitViolations } from '../../src/sim/slack/index.ts';
import { SIM_IDS, type SimulatedWorkspace, startSimulatedWorkspace } from '../../src/sim/workspace.ts';
import type { IndexRequest } from '../../src/store/index.ts';
import { answerTo } from '../support/answers.ts';
import { textOf } from '../support/blocks.ts';
import { parsedLogs } from '../support/logs.ts';
import { until } from '../support/poll.ts';
import { freePort } from '../support/ports.ts';
import { cardFor, fileRequest, openDecision, waitForDm } from '../support/search-requests.ts';
import { healthy, pingsIn, shownMrkdwn } from '../support/shown.ts';
import { CASES, DOWN } from './mgmt-fault-cases.ts';

const { requester, approver, generalChannel } = SIM_IDS;

describe('faults of the management API, command by command', () => {
  let ws: SimulatedWorkspace;
  beforeAll(async () => {
    // A short budget so "never answers" ends quickly; the cap is out of the way of many requests.
    ws = await startSimulatedWorkspace({
      env: { MGMT_API_TIMEOUT_MS: '1000', MAX_PENDING_REQUESTS_PER_USER: '100' },
    });
  });
  afterAll(async () => {
    await ws?.stop();
  });
  afterEach(() => {
    ws.mgmt.reset();
    ws.slack.clearFaults();
  });

  async function listAccounts() {
    const res = await ws.driver.command('messaging accounts', {
      userId: requester,
      channelId: generalChannel,
    });
    expect(res.status).toBe(200);
    return answerTo(ws, res.responseUrl);
  }

  describe.each(CASES)('/ops messaging accounts — $name', ({ fault, accounts }) => {
    it('answers privately with one clear sentence or the list, and the next command works', async () => {
      ws.mgmt.fail('accounts', fault);
      const reply = await listAccounts();
      expect(reply.response_type).toBe('ephemeral');
      expect(findBlockKitViolations('message', reply.blocks)).toEqual([]);
      if ('says' in accounts) {
        expect(reply.text).toBe(accounts.says);
        expect(textOf(reply.blocks)).toBe(`:warning: ${accounts.says}`);
      } else {
        for (const part of accounts.lists) expect(textOf(reply.blocks)).toContain(part);
      }
      expect(pingsIn(shownMrkdwn(ws))).toEqual([]);
      expect(await healthy(ws.url)).toBe(true);

      ws.mgmt.reset();
      const next = await listAccounts();
      expect(textOf(next.blocks)).toMatch(/\*\d+ accounts?\*/);
    });
  });

  async function approveNewRequest(name: string): Promise<IndexRequest> {
    const submitted = await fileRequest(ws, { text: `search create ${name} eu-west-1 free` });
    expect(submitted.applied).toEqual({ ok: true });
    const [request] = await ws.store.listRecentRequests({ limit: 1 });
    if (request?.name !== name) throw new Error(`request ${name} was not stored`);
    await cardFor(ws, request.id);
    const modal = await openDecision(ws, approver, request.id, 'approve');
    const ack = await ws.driver.submitView({ userId: approver, view: modal });
    expect(ack.applied).toEqual({ ok: true });
    return request;
  }

  /** The request once the create call is over: created or failed, never left in between. */
  async function settled(id: number): Promise<IndexRequest> {
    const over = async () => {
      const request = await ws.store.getRequest(id);
      return request?.state === 'created' || request?.state === 'failed' ? request : undefined;
    };
    return until(over, `request #${id} to be created or failed`, 8000);
  }

  describe.each(CASES.map((c, i) => ({ ...c, index: i })))(
    'approving a search index — $name',
    ({ fault, create, index }) => {
      it('fails with a stored note and a DM, or creates it; a Retry afterwards works', async () => {
        const name = `fault-case-${index + 1}`;
        ws.mgmt.fail('create', fault);
        const request = await settled((await approveNewRequest(name)).id);

        if ('created' in create) {
          expect(request.state).toBe('created');
          expect(request.result?.indexId).toBeTruthy();
          await waitForDm(ws, requester, `Request *#${request.id}*, approved by <@${approver}>, is done.`);
          expect(pingsIn(shownMrkdwn(ws))).toEqual([]);
          return;
        }
        // Nothing half-done: the request is failed (not stuck in creating) with the sentence stored.
        expect(request).toMatchObject({
          state: 'failed',
          failureMessage: create.fails,
          outcomeUnknown: create.outcomeUnknown,
        });
        const dms = await waitForDm(ws, requester, `Request *#${request.id}*`);
        const dm = dms.find((t) => t.includes(`Request *#${request.id}*`)) ?? '';
        expect(dm).toContain(`creating the index failed: ${create.fails}`);
        expect(dm).toContain(
          create.outcomeUnknown
            ? 'Check the provider’s console for an index named'
            : 'An approver can retry from the card',
        );
        const card = await until(
          () =>
            ws.slack
              .messagesIn(SIM_IDS.approvalChannel)
              .find(
                (m) =>
                  m.text.startsWith(`Search index request #${request.id} `) &&
                  textOf(m.blocks).includes('Retry'),
              ),
          'the card with Retry',
        );
        expect(pingsIn(shownMrkdwn(ws))).toEqual([]);
        const logged = parsedLogs(ws.logs).findLast(
          (l) => l.event === 'search_index_create_failed' && l.requestId === request.id,
        );
        expect(logged?.level).toBe('warn');
        // The create POST is never repeated by itself: a second call could make a second index.
        expect(ws.mgmt.createCalls).toHaveLength(1);
        expect(await healthy(ws.url)).toBe(true);

        // The API is back: Retry on the card creates the index once.
        ws.mgmt.reset();
        await ws.driver.clickButton({ userId: approver, message: card, actionId: 'search.retry' });
        await waitForDm(ws, requester, `Request *#${request.id}*, approved by <@${approver}>, is done.`);
        expect((await ws.store.getRequest(request.id))?.state).toBe('created');
        expect(ws.mgmt.created.map((c) => c.name)).toEqual([name]);
      });
    },
  );
});

/** Forwards a port to another, so "nothing listens here" can become "the API is back" and back again. */
class Forwarder {
  readonly #sockets = new Set<Socket>();
  readonly #server: Server;

  constructor(toPort: number) {
    this.#server = createServer((client) => {
      const upstream = connect(toPort, '127.0.0.1');
      for (const s of [client, upstream]) {
        this.#sockets.add(s);
        s.on('close', () => this.#sockets.delete(s));
        s.on('error', () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
  }

  listen(port: number): Promise<void> {
    return new Promise((resolve) => this.#server.listen(port, '127.0.0.1', resolve));
  }

  /** Closes the port and every forwarded connection (keep-alive ones included). */
  async close(): Promise<void> {
    for (const s of this.#sockets) s.destroy();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}

describe('the management API refuses connections (nothing listens at MGMT_API_URL)', () => {
  let ws: SimulatedWorkspace;
  let port: number;
  let proxy: Forwarder | undefined;
  beforeAll(async () => {
    port = await freePort();
    ws = await startSimulatedWorkspace({ env: { MGMT_API_URL: `http://127.0.0.1:${port}` } });
  });
  afterAll(async () => {
    await proxy?.close();
    await ws?.stop();
  });

  it('accounts: says the API is unavailable; once it listens again, the same command lists them', async () => {
    const res = await ws.driver.command('messaging accounts', {
      userId: requester,
      channelId: generalChannel,
    });
    expect((await answerTo(ws, res.responseUrl)).text).toBe(DOWN);
    const logged = parsedLogs(ws.logs).findLast((l) => l.event === 'accounts_list_failed');
    expect(logged).toMatchObject({ err: { code: 'unavailable' }, transportCode: 'ECONNREFUSED' });
    expect(await healthy(ws.url)).toBe(true);

    proxy = new Forwarder(Number(new URL(ws.mgmt.url).port));
    await proxy.listen(port);
    const again = await ws.driver.command('messaging accounts', {
      userId: requester,
      channelId: generalChannel,
    });
    expect(textOf((await answerTo(ws, again.responseUrl)).blocks)).toMatch(/\*\d+ accounts\*/);
    await proxy.close();
    proxy = undefined;
  });

  it('create: the request fails with the outcome known (never connected), and Retry works once it is back', async () => {
    await fileRequest(ws, { text: 'search create refused-index eu-west-1 free' });
    const [request] = await ws.store.listRecentRequests({ limit: 1 });
    if (!request) throw new Error('no request');
    const modal = await openDecision(ws, approver, request.id, 'approve');
    await ws.driver.submitView({ userId: approver, view: modal });
    await waitForDm(ws, requester, 'creating the index failed');
    expect(await ws.store.getRequest(request.id)).toMatchObject({
      state: 'failed',
      failureMessage: DOWN,
      outcomeUnknown: false,
    });

    proxy = new Forwarder(Number(new URL(ws.mgmt.url).port));
    await proxy.listen(port);
    const card = await cardFor(ws, request.id);
    await ws.driver.clickButton({ userId: approver, message: card, actionId: 'search.retry' });
    await waitForDm(ws, requester, `Request *#${request.id}*, approved by <@${approver}>, is done.`);
    expect(ws.mgmt.created).toHaveLength(1);
  });
});
