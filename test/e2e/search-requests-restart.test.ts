import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIM_IDS, type SimulatedWorkspace, startSimulatedWorkspace } from '../../src/sim/workspace.ts';
import {
  cardFor,
  fileRequest,
  openDecision,
  textOf,
  waitForCard,
  waitForDm,
} from '../support/search-requests.ts';

const { requester, approver } = SIM_IDS;

function safeDecode(body: string): string {
  try {
    return decodeURIComponent(body.replace(/\+/g, ' '));
  } catch {
    return body;
  }
}

describe('e2e: a restart between request and approval loses nothing', () => {
  let ws: SimulatedWorkspace;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'opsbot-search-restart-'));
    ws = await startSimulatedWorkspace({ env: { DATABASE_PATH: join(dir, 'opsbot.sqlite') } });
  });
  afterAll(async () => {
    await ws?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('approves, on a new instance, a request filed before the restart', async () => {
    await fileRequest(ws);
    const card = await cardFor(ws, 1);
    await ws.opsbot.stop(1_000);

    const next = await ws.startAnotherInstance();
    expect(await next.store.getRequest(1)).toMatchObject({ state: 'pending', card: { ts: card.ts } });
    const modal = await openDecision(ws, approver, 1, 'approve', next.driver);
    const ack = await next.driver.submitView({ userId: approver, view: modal });
    expect(ack.ack).toBeUndefined();
    const updated = await waitForCard(ws, 1, (t) => t.includes('*Created*'));
    expect(updated.ts).toBe(card.ts);
    const dms = await waitForDm(ws, requester, 'Your search index is ready');
    expect(dms.filter((t) => t.includes('Your search index is ready'))).toHaveLength(1);
    expect(dms.find((t) => t.includes('is ready'))).toContain('product-search');
    expect(ws.mgmt.createCalls).toHaveLength(1);
  });
});

describe('e2e: the index’s secrets reach no Slack call, log line or database row', () => {
  let ws: SimulatedWorkspace;
  let dir: string;
  let file: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'opsbot-search-leak-'));
    file = join(dir, 'opsbot.sqlite');
    ws = await startSimulatedWorkspace({ env: { DATABASE_PATH: file, LOG_LEVEL: 'trace' } });
  });
  afterAll(async () => {
    await ws?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  async function approveAndWait(id: number, text: string, outcome: string) {
    await fileRequest(ws, { text });
    await ws.driver.submitView({ userId: approver, view: await openDecision(ws, approver, id, 'approve') });
    await waitForCard(ws, id, (t) => t.includes(outcome));
    await waitForDm(ws, requester, text.split(' ')[2] ?? '');
  }

  it('creates indexes — one with extra secret-looking fields, one with a broken body — and leaks nothing', async () => {
    await approveAndWait(1, 'search create plain-index eu-west-1 payg', '*Created*');
    ws.mgmt.fail('create', { shape: 'extra-fields' }, { times: 1 });
    await approveAndWait(2, 'search create extra-index us-central1 free', '*Created*');
    ws.mgmt.fail('create', { malformedJson: true }, { times: 1 });
    await approveAndWait(3, 'search create broken-index eu-west-1 free', '*Creation failed*');
    // What the failure says about a 200 it could not read: the index probably exists.
    expect(textOf((await cardFor(ws, 3)).blocks)).toContain('may or may not exist');

    const secrets = ws.mgmt.secretsHandedOut();
    const record = ws.mgmt.created[1];
    expect(secrets).toEqual(expect.arrayContaining([record?.token, record?.read_only_token]));
    expect(secrets.some((s) => s.includes('billing-secret'))).toBe(true);
    expect(ws.mgmt.created).toHaveLength(3);

    // Bodies are form-encoded or JSON: search them as sent and decoded.
    const slackBodies = ws.slack.calls.flatMap((c) => [
      c.rawBody,
      safeDecode(c.rawBody),
      JSON.stringify(c.args),
    ]);
    const database = [file, `${file}-wal`].filter(existsSync).map((f) => readFileSync(f));
    const db = new DatabaseSync(file, { readOnly: true });
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all();
    const dump = JSON.stringify(tables.map((t) => db.prepare(`SELECT * FROM "${String(t.name)}"`).all()));
    db.close();
    expect(dump).toContain('extra-index');
    expect(ws.logs.some((l) => l.includes('search_index_created'))).toBe(true);

    for (const secret of secrets) {
      expect(slackBodies.filter((b) => b.includes(secret))).toEqual([]);
      expect(ws.logs.filter((l) => l.includes(secret))).toEqual([]);
      expect(database.some((bytes) => bytes.includes(secret))).toBe(false);
      expect(dump.includes(secret)).toBe(false);
    }
  });
});
