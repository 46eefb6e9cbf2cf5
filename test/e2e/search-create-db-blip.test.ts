// The database stops answering while the management API is creating an index. The index exists, so
// that is what everyone sees: the card says Created with its id, the requester's DM says it is
// ready, the sweep never calls it "outcome unknown", opsbot records it once the database answers,
// and the API sees one create call — no Retry, no second paid index.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SIM_IDS, type SimulatedWorkspace, startSimulatedWorkspace } from '../../src/sim/workspace.ts';
import type { Store } from '../../src/store/index.ts';
import { eventually } from '../support/poll.ts';
import {
  dmsTo,
  fileRequest,
  openDecision,
  textOf,
  waitForCard,
  waitForDm,
} from '../support/search-requests.ts';

const { requester, approver } = SIM_IDS;
const MINUTE = 60_000;

/**
 * What the database does, as the app's store sees it: `at-create` fails every call from the moment
 * the create call reaches the API; `created-writes` answers everything but the `created` write.
 */
type Outage = 'none' | 'at-create' | 'created-writes';

function blinking(ws: SimulatedWorkspace, store: Store): { set(outage: Outage): void } {
  let outage: Outage = 'none';
  const failing = (method: string, args: unknown[]) =>
    (outage === 'at-create' && ws.mgmt.createCalls.length > 0) ||
    (outage === 'created-writes' &&
      method === 'transitionRequest' &&
      (args[1] as { to?: string } | undefined)?.to === 'created');
  const methods = Object.keys(store).filter((key) => key !== 'close' && key !== 'health');
  expect(methods.length).toBeGreaterThan(20);
  for (const method of methods) {
    const original = (store as unknown as Record<string, (...args: unknown[]) => unknown>)[method];
    if (typeof original !== 'function') continue;
    vi.spyOn(store as unknown as Record<string, (...args: unknown[]) => unknown>, method).mockImplementation(
      (...args: unknown[]) =>
        failing(method, args)
          ? Promise.reject(new Error('connect ECONNREFUSED (the test’s database is down)'))
          : original.apply(store, args),
    );
  }
  return {
    set(next) {
      outage = next;
    },
  };
}

/** Files request #id and approves it, the approval making the create call. */
async function fileAndApprove(ws: SimulatedWorkspace, id: number) {
  await fileRequest(ws);
  await ws.driver.submitView({ userId: approver, view: await openDecision(ws, approver, id, 'approve') });
}

/** Sweeps, a minute later each time (so the recorder's wait is over), until request #1 is recorded. */
async function sweepUntilCreated(ws: SimulatedWorkspace, store: Store, aMinuteLater: () => void) {
  await eventually(async () => {
    aMinuteLater();
    await ws.opsbot.features.searchRequests.sweep();
    return (await store.getRequest(1))?.state === 'created';
  }, 'the created index recorded');
}

const logEvents = (ws: SimulatedWorkspace, event: string) =>
  ws.logs.filter((line) => line.includes(`"event":"${event}"`));

describe.each(['http', 'socket'] as const)('e2e (%s): the database blinks during a create', (mode) => {
  let ws: SimulatedWorkspace;
  let now = Date.now();
  let database: ReturnType<typeof blinking>;
  beforeAll(async () => {
    ws = await startSimulatedWorkspace({ clock: () => now, mode });
    database = blinking(ws, ws.store);
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await ws?.stop();
  });

  it('shows the index everywhere at once, records it when the database is back, and creates it once', async () => {
    database.set('at-create');
    await fileAndApprove(ws, 1);
    const card = await waitForCard(ws, 1, (t) => t.includes('*Created*'));
    const index = ws.mgmt.created[0];
    expect(index?.id).toBeDefined();
    expect(textOf(card.blocks)).toContain(String(index?.id));
    expect(JSON.stringify(card.blocks)).not.toContain('search.retry');
    const dms = await waitForDm(ws, requester, 'Your search index is ready');
    expect(dms.find((t) => t.includes('is ready'))).toContain('product-search');

    // The line an operator finds the index by: its id and name, never a token.
    const unrecorded = logEvents(ws, 'search_create_unrecorded');
    expect(unrecorded).toHaveLength(1);
    expect(unrecorded[0]).toContain(`"indexId":"${index?.id}"`);
    expect(unrecorded[0]).toContain('"name":"product-search"');
    for (const secret of [index?.token, index?.read_only_token]) expect(unrecorded[0]).not.toContain(secret);

    // Reads work again, the `created` write still fails; far past the stall limit, the sweep waits.
    database.set('created-writes');
    now += 11 * MINUTE;
    await ws.opsbot.features.searchRequests.sweep();
    expect(await ws.store.getRequest(1)).toMatchObject({ state: 'creating', outcomeUnknown: false });
    expect(logEvents(ws, 'search_request_stalled')).toEqual([]);
    expect(logEvents(ws, 'search_create_record_retry_failed').length).toBeGreaterThan(0);

    database.set('none');
    await sweepUntilCreated(ws, ws.store, () => {
      now += MINUTE;
    });
    const row = await ws.store.getRequest(1);
    expect(row?.result?.indexId).toBe(String(index?.id));
    expect((await ws.store.listAudit(1)).at(-1)).toMatchObject({ from: 'creating', to: 'created' });
    expect(logEvents(ws, 'search_create_recorded')).toHaveLength(1);
    const final = textOf((await waitForCard(ws, 1, (t) => t.includes('*Created*'))).blocks);
    expect(final).toContain(String(index?.id));
    expect((await dmsTo(ws, requester)).filter((t) => t.includes('is ready'))).toHaveLength(1);
    expect(ws.mgmt.createCalls).toHaveLength(1);
  });
});

describe('e2e: another replica’s sweep called it unknown first; the recorded truth wins', () => {
  let ws: SimulatedWorkspace;
  let dir: string;
  let now = Date.now();
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'opsbot-create-blip-'));
    ws = await startSimulatedWorkspace({
      clock: () => now,
      env: { DATABASE_PATH: join(dir, 'opsbot.sqlite') },
    });
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await ws?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('moves the request from failed back to created, and the card and the requester follow', async () => {
    const other = await ws.startAnotherInstance();
    const database = blinking(ws, ws.store); // only the first instance's connection blinks
    database.set('at-create');
    await fileAndApprove(ws, 1);
    await waitForCard(ws, 1, (t) => t.includes('*Created*'));
    database.set('created-writes');

    now += 11 * MINUTE;
    await other.opsbot.features.searchRequests.sweep();
    expect(await other.store.getRequest(1)).toMatchObject({ state: 'failed', outcomeUnknown: true });
    await waitForCard(ws, 1, (t) => t.includes('*Creation failed*'));

    database.set('none');
    await sweepUntilCreated(ws, other.store, () => {
      now += MINUTE;
    });
    const index = ws.mgmt.created[0];
    expect(await other.store.getRequest(1)).toMatchObject({
      outcomeUnknown: false,
      failureMessage: null,
      result: { indexId: String(index?.id) },
    });
    const card = await waitForCard(ws, 1, (t) => t.includes('*Created*'));
    expect(textOf(card.blocks)).toContain(String(index?.id));
    expect(JSON.stringify(card.blocks)).not.toContain('search.retry');
    await eventually(
      async () => (await dmsTo(ws, requester)).at(-1)?.includes('is ready') === true,
      'the requester told it is ready after all',
    );
    expect(ws.mgmt.createCalls).toHaveLength(1);
  });
});
